import { addValueModel } from "./specs/addValue.ts";
import { describeModel } from "./suite.ts";

describeModel(addValueModel);
