import { useActorRef } from "@xstate/react";
import { useScreenLogic } from "../../app/logic.tsx";
import { card } from "../shared/Screen.tsx";
import { ActionBlocked, ResendControls } from "./AccountViews.tsx";

/** The "Action Blocked" notice of a page (account sections, /checkout), with its own resend request. */
export function ResendVerification() {
  const { resendVerification } = useScreenLogic();
  const resend = useActorRef(resendVerification);
  return (
    <div className={card}>
      <ActionBlocked resend={resend} />
    </div>
  );
}

/** Just the resend and its outcome, for the cart's "Action Blocked" dialog, which has its own title. */
export function ResendNow() {
  const { resendVerification } = useScreenLogic();
  return <ResendControls resend={useActorRef(resendVerification)} />;
}
