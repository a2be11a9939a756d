import { cardTransferModel } from "./specs/cardTransfer.ts";
import { describeModel } from "./suite.ts";

describeModel(cardTransferModel);
