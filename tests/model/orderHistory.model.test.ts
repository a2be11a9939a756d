import { orderHistoryModel } from "./specs/orderHistory.ts";
import { describeModel } from "./suite.ts";

describeModel(orderHistoryModel);
