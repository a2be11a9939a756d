import { useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useState } from "react";
import { createWalletBalanceLogic } from "../../app/live/walletBalance.ts";
import { useFeature } from "../../app/logic.tsx";
import { useMoney } from "../shared/useMoney.ts";
import { AddValueOnDemand as AddValue, WalletAutoloadOnDemand as WalletAutoload } from "./onDemand.ts";
import { AutoloadSummary, WalletView } from "./WalletView.tsx";

/**
 * The wallet panel of /account/paymentmethods: the balance, "Add value" in the page, and autoload,
 * started again whenever the saved `methods` (their ids) change, so it offers the ones there are now.
 */
export function WalletPanel({ methods }: { methods: string }) {
  const { t } = useLingui();
  const { wallet } = useFeature(createWalletBalanceLogic);
  const money = useMoney();
  const actor = useActorRef(wallet);
  const current = useSelector(actor, (snapshot) => snapshot.context.wallet);
  const [adding, setAdding] = useState(false);
  // The autoload's form and its parts download when the rider opens it, not with the page.
  const [managing, setManaging] = useState(false);
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
      autoload={
        current ? (
          managing ? (
            <WalletAutoload key={methods} wallet={current} onChanged={reload} />
          ) : (
            <AutoloadSummary autoload={current.autoload ?? null} onManage={() => setManaging(true)} />
          )
        ) : null
      }
    />
  );
}
