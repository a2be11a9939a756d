import { appModel } from "./specs/app.ts";
import { describeModel } from "./suite.ts";

describeModel(appModel);
