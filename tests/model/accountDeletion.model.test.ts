import { accountDeletionModel } from "./specs/accountDeletion.ts";
import { describeModel } from "./suite.ts";

describeModel(accountDeletionModel);
