import { cartModel } from "./specs/cart.ts";
import { describeModel } from "./suite.ts";

describeModel(cartModel);
