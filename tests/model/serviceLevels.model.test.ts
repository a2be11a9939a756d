import { serviceLevelsModel } from "./specs/serviceLevels.ts";
import { describeModel } from "./suite.ts";

describeModel(serviceLevelsModel);
