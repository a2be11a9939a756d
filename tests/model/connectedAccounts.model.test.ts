import { connectedAccountsModel } from "./specs/connectedAccounts.ts";
import { describeModel } from "./suite.ts";

describeModel(connectedAccountsModel);
