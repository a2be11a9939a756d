import { useSelector } from "@xstate/react";
import { lazy, Suspense } from "react";
import type { ActorRefFrom } from "xstate";
import { useChild } from "../../app/children.ts";
import { resilient } from "../../app/chunks.ts";
import { type cartMachine, selectCartEmpty } from "../../machines/cart.machine.ts";
import { selectUser } from "../../machines/session.machine.ts";
import { ResendNow } from "../account/ResendVerification.tsx";
import {
  DeactivatedDialog,
  SessionExpiredDialog,
  SignOutDialog,
  TwoFactorEnrolmentDialog,
} from "../session/SessionDialogs.tsx";
import { SignInPanel } from "../session/SessionViews.tsx";
import { PartLoading } from "../shared/PartLoading.tsx";
import { CartDialogs } from "../shop/CartDialogs.tsx";

/** The cart's questions, with the sign-in form and "Resend verification email" they may hold. */
export function LayoutCartDialogs({ cart }: { cart: ActorRefFrom<typeof cartMachine> }) {
  return (
    <CartDialogs cart={cart} signIn={<SignInPanel session={useChild("session")} />} resend={<ResendNow />} />
  );
}

/**
 * The sign-out question, the deactivation notice, the session-expired popup, and the enrolment a
 * deployment may require.
 */
export function SessionDialogs() {
  const session = useChild("session");
  return (
    <>
      <SignOutDialog session={session} />
      <DeactivatedDialog session={session} />
      <SessionExpiredDialog session={session} />
      <RequiredEnrolment />
    </>
  );
}

/** The enrolment dialog where the deployment requires two-factor, with the enrolment inside it. */
function RequiredEnrolment() {
  const session = useChild("session");
  const cart = useChild("cart");
  return (
    <TwoFactorEnrolmentDialog session={session} isCartEmpty={() => selectCartEmpty(cart.getSnapshot())}>
      <RequiredEnrolmentSetup />
    </TwoFactorEnrolmentDialog>
  );
}

/** Mounted only while the dialog is open (it opens only with a rider), so it starts from that rider. */
function RequiredEnrolmentSetup() {
  const user = useSelector(useChild("session"), selectUser);
  return user ? (
    <Suspense fallback={<PartLoading />}>
      <EnrolmentFor user={user} />
    </Suspense>
  ) : null;
}

const EnrolmentFor = lazy(
  resilient(() =>
    import("../account/RequiredEnrolmentSetup.tsx").then((module) => ({
      default: module.RequiredEnrolmentSetup,
    })),
  ),
);
