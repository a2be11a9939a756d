import { cardBlockModel } from "./specs/cardBlock.ts";
import { describeModel } from "./suite.ts";

describeModel(cardBlockModel);
