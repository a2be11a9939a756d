import { deactivationModel } from "./specs/deactivation.ts";
import { describeModel } from "./suite.ts";

describeModel(deactivationModel);
