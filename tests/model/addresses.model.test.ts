import { addressesModel } from "./specs/addresses.ts";
import { describeModel } from "./suite.ts";

describeModel(addressesModel);
