import { autoRenewModel } from "./specs/autoRenew.ts";
import { describeModel } from "./suite.ts";

describeModel(autoRenewModel);
