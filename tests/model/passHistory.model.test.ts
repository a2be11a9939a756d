import { passHistoryModel } from "./specs/passHistory.ts";
import { describeModel } from "./suite.ts";

describeModel(passHistoryModel);
