import { useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useState } from "react";
import { createWalletBalanceLogic } from "../../app/live/walletBalance.ts";
import { useFeature } from "../../app/logic.tsx";
import { useMoney } from "../shared/useMoney.ts";
import { AddValueOnDemand as AddValue } from "./onDemand.ts";
import { WalletView } from "./WalletView.tsx";

/** The wallet panel of /account/paymentmethods: the balance, and "Add value" in the page. */
export function WalletPanel() {
  const { t } = useLingui();
  const { wallet } = useFeature(createWalletBalanceLogic);
  const money = useMoney();
  const actor = useActorRef(wallet);
  const current = useSelector(actor, (snapshot) => snapshot.context.wallet);
  const [adding, setAdding] = useState(false);
  const reload = useCallback(() => actor.send({ type: "wallet.reload" }), [actor]);
  return (
    <WalletView
      wallet={actor}
      money={money}
      onAddValue={() => setAdding(true)}
      adding={
        adding && current ? (
          <AddValue
            target={{ kind: "wallet" }}
            balance={current.balance}
            limits={current.limits}
            title={t`Add value to your wallet`}
            onChanged={reload}
            onClose={() => setAdding(false)}
          />
        ) : null
      }
    />
  );
}
