import { unattachedPassesModel } from "./specs/unattachedPasses.ts";
import { describeModel } from "./suite.ts";

describeModel(unattachedPassesModel);
