import { formModel } from "./specs/form.ts";
import { describeModel } from "./suite.ts";

describeModel(formModel);
