import { productsModel } from "./specs/products.ts";
import { describeModel } from "./suite.ts";

describeModel(productsModel);
