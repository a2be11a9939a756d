import { passMoveModel } from "./specs/passMove.ts";
import { describeModel } from "./suite.ts";

describeModel(passMoveModel);
