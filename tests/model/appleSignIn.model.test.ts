import { appleSignInModel } from "./specs/appleSignIn.ts";
import { describeModel } from "./suite.ts";

describeModel(appleSignInModel);
