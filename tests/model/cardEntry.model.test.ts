import { cardEntryModel } from "./specs/cardEntry.ts";
import { describeModel } from "./suite.ts";

describeModel(cardEntryModel);
