import { inviteModel } from "./specs/invite.ts";
import { describeModel } from "./suite.ts";

describeModel(inviteModel);
