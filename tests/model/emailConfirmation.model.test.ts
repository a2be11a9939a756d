import { emailConfirmationModel } from "./specs/emailConfirmation.ts";
import { describeModel } from "./suite.ts";

describeModel(emailConfirmationModel);
