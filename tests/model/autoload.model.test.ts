import { autoloadModel } from "./specs/autoload.ts";
import { describeModel } from "./suite.ts";

describeModel(autoloadModel);
