import { repurchaseModel } from "./specs/repurchase.ts";
import { describeModel } from "./suite.ts";

describeModel(repurchaseModel);
