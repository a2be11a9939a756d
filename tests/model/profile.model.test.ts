import { profileModel } from "./specs/profile.ts";
import { describeModel } from "./suite.ts";

describeModel(profileModel);
