import { securityQuestionsModel } from "./specs/securityQuestions.ts";
import { describeModel } from "./suite.ts";

describeModel(securityQuestionsModel);
