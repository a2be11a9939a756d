import { networkModel } from "./specs/network.ts";
import { describeModel } from "./suite.ts";

describeModel(networkModel);
