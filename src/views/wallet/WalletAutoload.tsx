import { useActorRef, useSelector } from "@xstate/react";
import { useChild } from "../../app/children.ts";
import { createWalletLogic } from "../../app/live/wallet.ts";
import { useFeature } from "../../app/logic.tsx";
import type { Wallet } from "../../domain/transit/wallet.ts";
import { selectLocale } from "../../machines/language.machine.ts";
import { useChanged } from "../shared/useChanged.ts";
import { useMoney } from "../shared/useMoney.ts";
import { AutoloadView } from "./AutoloadView.tsx";

/**
 * The wallet's own autoload (issue 47), in the wallet's section: the card's autoload machine and view
 * with the wallet as its target. The wallet is read again (`onChanged`) once it is saved or removed.
 */
export function WalletAutoload({ wallet, onChanged }: { wallet: Wallet; onChanged: () => void }) {
  const { autoload } = useFeature(createWalletLogic);
  const money = useMoney();
  const locale = useSelector(useChild("language"), selectLocale);
  const actor = useActorRef(autoload, {
    input: { target: { kind: "wallet" }, autoload: wallet.autoload ?? null, limits: wallet.limits },
  });
  useChanged(actor, onChanged);
  return <AutoloadView autoload={actor} money={money} locale={locale} nested />;
}
