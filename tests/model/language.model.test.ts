import { languageModel } from "./specs/language.ts";
import { describeModel } from "./suite.ts";

describeModel(languageModel);
