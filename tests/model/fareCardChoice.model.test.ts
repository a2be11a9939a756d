import { fareCardChoiceModel } from "./specs/fareCardChoice.ts";
import { describeModel } from "./suite.ts";

describeModel(fareCardChoiceModel);
