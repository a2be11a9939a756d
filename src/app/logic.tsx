import { createContext, type ReactNode, useContext } from "react";
import type { accountDeletionMachine } from "../machines/accountDeletion.machine.ts";
import type { addressesMachine } from "../machines/addresses.machine.ts";
import type { CheckoutChoices, checkoutMachine } from "../machines/checkout.machine.ts";
import type { deactivationMachine } from "../machines/deactivation.machine.ts";
import type { emailConfirmationMachine } from "../machines/emailConfirmation.machine.ts";
import type { fareCardChoiceMachine } from "../machines/fareCardChoice.machine.ts";
import type { formMachine } from "../machines/form.machine.ts";
import type { inviteMachine } from "../machines/invite.machine.ts";
import type { orderHistoryMachine } from "../machines/orderHistory.machine.ts";
import type { orderSummaryMachine } from "../machines/orderSummary.machine.ts";
import type { paymentMethodsMachine } from "../machines/paymentMethods.machine.ts";
import type { productsMachine } from "../machines/products.machine.ts";
import type { profileMachine } from "../machines/profile.machine.ts";
import type { requestMachine } from "../machines/request.machine.ts";
import type { twoFactorSetupMachine } from "../machines/twoFactorSetup.machine.ts";
import type { CurrentFareCard } from "../services/storage.ts";
import type { AnalyticsLogic } from "./live/analytics.ts";
import type { ConnectedAccountsLogic } from "./live/connected-accounts.ts";
import type { FareCardsLogic } from "./live/fare-cards.ts";
import type { PassesLogic } from "./live/passes.ts";
import type { SecurityQuestionsLogic } from "./live/security-questions.ts";
import type { WalletLogic } from "./live/wallet.ts";

/**
 * The machines screens start for themselves, already given their services by the composition root
 * (src/app/live.ts). A screen asks for one here and never sees a service.
 */
export interface ScreenLogic
  extends AnalyticsLogic,
    FareCardsLogic,
    WalletLogic,
    PassesLogic,
    ConnectedAccountsLogic,
    SecurityQuestionsLogic {
  forms: {
    signUp: typeof formMachine;
    forgotPassword: typeof formMachine;
    resetPassword: typeof formMachine;
    changePassword: typeof formMachine;
  };
  emailConfirmation: typeof emailConfirmationMachine;
  profile: typeof profileMachine;
  twoFactorSetup: typeof twoFactorSetupMachine;
  /** "Resend verification email" for a rider whose email is not confirmed yet. */
  resendVerification: typeof requestMachine;
  invite: typeof inviteMachine;
  deactivation: typeof deactivationMachine;
  /** "Delete my account": asks first, then the password. */
  accountDeletion: typeof accountDeletionMachine;
  /** The products page: filters and product list, by product search. */
  products: typeof productsMachine;
  /** /digital: choosing the fare card to buy digital products for. */
  fareCardChoice: typeof fareCardChoiceMachine;
  /** /account/paymentmethods: saved cards, bank accounts and PayPal, with the PayPal return. */
  paymentMethods: typeof paymentMethodsMachine;
  /** /account/addresses: the rider's shipping addresses. */
  addresses: typeof addressesMachine;
  /** /ordersummary and /anonymous/ordersummary: one order after checkout, a rider's or a guest's. */
  orderSummary: typeof orderSummaryMachine;
  /** /account/orders/:page/:id?: the rider's orders by keyset pages, and one order's receipt. */
  orderHistory: typeof orderHistoryMachine;
  /** /checkout and /anonymous/checkout: the purchase, from the server's prices to the placed order. */
  checkout: typeof checkoutMachine;
  /** A guest's shipping address: the address form and its checks, kept for this order only. */
  guestAddress: typeof addressesMachine;
  /** The choices a rider made before the session ended mid-checkout (sessionStorage), if any. */
  restoredCheckout: () => CheckoutChoices | null;
  /** The fare card digital products are bought for (chosen on /digital), if any. */
  currentFareCard: () => CurrentFareCard | null;
}

const ScreenLogicContext = createContext<ScreenLogic | null>(null);

export function ScreenLogicProvider({ logic, children }: { logic: ScreenLogic; children: ReactNode }) {
  return <ScreenLogicContext.Provider value={logic}>{children}</ScreenLogicContext.Provider>;
}

export function useScreenLogic(): ScreenLogic {
  const logic = useContext(ScreenLogicContext);
  if (!logic) throw new Error("No ScreenLogicProvider: render screens inside <App>");
  return logic;
}
