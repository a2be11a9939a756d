import { useActorRef } from "@xstate/react";
import { createTwoFactorLogic } from "../../app/live/two-factor.ts";
import { useFeature } from "../../app/logic.tsx";
import type { StoredUser } from "../../domain/session.ts";
import { TwoFactorSetupView } from "./AccountViews.tsx";

/**
 * The enrolment a deployment that requires two-factor asks for, inside its dialog. Its own chunk: the
 * two-factor steps, their machine and the phone-number rules load only when the dialog opens.
 */
export function RequiredEnrolmentSetup({ user }: { user: StoredUser }) {
  const { twoFactorSetup } = useFeature(createTwoFactorLogic);
  const setup = useActorRef(twoFactorSetup, { input: { user } });
  return <TwoFactorSetupView setup={setup} />;
}
