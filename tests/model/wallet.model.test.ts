import { walletModel } from "./specs/wallet.ts";
import { describeModel } from "./suite.ts";

describeModel(walletModel);
