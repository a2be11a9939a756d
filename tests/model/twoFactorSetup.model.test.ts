import { twoFactorSetupModel } from "./specs/twoFactorSetup.ts";
import { describeModel } from "./suite.ts";

describeModel(twoFactorSetupModel);
