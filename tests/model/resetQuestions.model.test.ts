import { resetQuestionsModel } from "./specs/resetQuestions.ts";
import { describeModel } from "./suite.ts";

describeModel(resetQuestionsModel);
