import { checkoutModel } from "./specs/checkout.ts";
import { describeModel } from "./suite.ts";

describeModel(checkoutModel);
