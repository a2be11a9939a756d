import { useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useSearch } from "wouter";
import { useConfig } from "../../app/children.ts";
import { createPaymentMethodsLogic } from "../../app/live/payment-methods.ts";
import { useFeature } from "../../app/logic.tsx";
import { payPalReturnOf } from "../../machines/paymentMethods.machine.ts";
import { PaymentMethodsView } from "../account/PaymentMethodsView.tsx";
import { WalletPanel } from "../wallet/WalletPanel.tsx";
import { AccountScreen } from "./AccountScreen.tsx";

/**
 * /account/paymentmethods: starts the payment methods machine with the deployment's default support
 * and whatever PayPal's approval page put in the address (the machine checks it and cleans it away);
 * the rider's wallet with its "Add value" and autoload come first.
 */
export function PaymentMethods() {
  const { paymentMethods } = useFeature(createPaymentMethodsLogic);
  const config = useConfig();
  const search = useSearch();
  const actor = useActorRef(paymentMethods, {
    input: {
      supportsDefault: config.supportDefaultPayment,
      now: Date.now(),
      payPalReturn: payPalReturnOf(search),
    },
  });
  // The wallet's autoload offers the saved methods: one added or removed here starts it again.
  const methods = useSelector(actor, (snapshot) =>
    snapshot.context.methods.map((method) => method.id).join(),
  );
  return (
    <>
      <WalletPanel methods={methods} />
      <PaymentMethodsView methods={actor} />
    </>
  );
}

export function PaymentMethodsScreen() {
  const { t } = useLingui();
  return (
    <AccountScreen title={t`Payment Methods`}>
      <PaymentMethods />
    </AccountScreen>
  );
}
