import { notificationsModel } from "./specs/notifications.ts";
import { describeModel } from "./suite.ts";

describeModel(notificationsModel);
