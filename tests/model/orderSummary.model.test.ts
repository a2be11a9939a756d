import { orderSummaryModel } from "./specs/orderSummary.ts";
import { describeModel } from "./suite.ts";

describeModel(orderSummaryModel);
