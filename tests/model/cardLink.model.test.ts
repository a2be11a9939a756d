import { cardLinkModel } from "./specs/cardLink.ts";
import { describeModel } from "./suite.ts";

describeModel(cardLinkModel);
