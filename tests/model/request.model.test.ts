import { requestModel } from "./specs/request.ts";
import { describeModel } from "./suite.ts";

describeModel(requestModel);
