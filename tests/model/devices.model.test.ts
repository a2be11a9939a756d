import { devicesModel } from "./specs/devices.ts";
import { describeModel } from "./suite.ts";

describeModel(devicesModel);
