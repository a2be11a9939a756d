import { alertSettingsModel } from "./specs/alertSettings.ts";
import { describeModel } from "./suite.ts";

describeModel(alertSettingsModel);
