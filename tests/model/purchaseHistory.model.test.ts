import { purchaseHistoryModel } from "./specs/purchaseHistory.ts";
import { describeModel } from "./suite.ts";

describeModel(purchaseHistoryModel);
