import { tripHistoryModel } from "./specs/tripHistory.ts";
import { describeModel } from "./suite.ts";

describeModel(tripHistoryModel);
