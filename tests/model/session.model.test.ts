import { sessionModel } from "./specs/session.ts";
import { describeModel } from "./suite.ts";

describeModel(sessionModel);
