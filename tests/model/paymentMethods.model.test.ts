import { paymentMethodsModel } from "./specs/paymentMethods.ts";
import { describeModel } from "./suite.ts";

describeModel(paymentMethodsModel);
