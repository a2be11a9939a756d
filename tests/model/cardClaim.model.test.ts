import { cardClaimModel } from "./specs/cardClaim.ts";
import { describeModel } from "./suite.ts";

describeModel(cardClaimModel);
