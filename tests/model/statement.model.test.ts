import { statementModel } from "./specs/statement.ts";
import { describeModel } from "./suite.ts";

describeModel(statementModel);
