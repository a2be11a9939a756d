import { fareCardsModel } from "./specs/fareCards.ts";
import { describeModel } from "./suite.ts";

describeModel(fareCardsModel);
