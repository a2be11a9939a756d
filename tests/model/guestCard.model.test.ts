import { guestCardModel } from "./specs/guestCard.ts";
import { describeModel } from "./suite.ts";

describeModel(guestCardModel);
