import { socialReturnModel } from "./specs/socialReturn.ts";
import { describeModel } from "./suite.ts";

describeModel(socialReturnModel);
