import { cardReplaceModel } from "./specs/cardReplace.ts";
import { describeModel } from "./suite.ts";

describeModel(cardReplaceModel);
