import { useLingui } from "@lingui/react/macro";
import { useActorRef } from "@xstate/react";
import { useConfig } from "../../app/children.ts";
import { createWalletLogic } from "../../app/live/wallet.ts";
import { useFeature } from "../../app/logic.tsx";
import type { LoadTarget } from "../../domain/transit/wallet.ts";
import { type LoadLimits, loadLimitsOf } from "../../domain/transit/wallet.ts";
import { useChanged } from "../shared/useChanged.ts";
import { useMoney } from "../shared/useMoney.ts";
import { AddValueView } from "./AddValueView.tsx";

export interface AddValueProps {
  /** The rider's card (`{ kind: "card", id }`), the rider's wallet, or the card a guest's token opens. */
  target: LoadTarget;
  /** What it holds now (minor units). */
  balance: number;
  /**
   * A guest on /manage-card (`guest` true, target the guest's card): pays with a one-time card only and
   * types the email the receipt goes to; the load goes to POST /anonymous/card/loads with the token.
   */
  guest?: boolean;
  /** The wallet's own limits; the deployment's defaults for a card. */
  limits?: LoadLimits;
  /** The heading ("Add value to Commute card"); "Add value" when not given. */
  title?: string;
  /** Called once the value is added, to read the card or wallet again. */
  onChanged: () => void;
  /** "Cancel" / "Close"; without it the panel has no close button. */
  onClose?: () => void;
  /** The panel sits among full-width sections (a guest's card page) and is as wide as they are. */
  wide?: boolean;
}

/**
 * "Add value" as a panel that starts its own machine: a rider's card (CardMoneyActions), the wallet
 * (WalletPanel) or a guest's card (/manage-card renders `<AddValue guest target=... />`).
 */
export function AddValue({
  target,
  balance,
  guest = false,
  limits,
  title,
  onChanged,
  onClose,
  wide,
}: AddValueProps) {
  const { t } = useLingui();
  const { addValue } = useFeature(createWalletLogic);
  const config = useConfig();
  const money = useMoney();
  const actor = useActorRef(addValue, {
    input: {
      target,
      guest,
      limits: limits ?? loadLimitsOf(config),
      splitAllowed: config.enableSplitPayments.loadValue,
      balance,
      now: Date.now(),
    },
  });
  useChanged(actor, onChanged);
  return (
    <AddValueView
      addValue={actor}
      money={money}
      title={title ?? t`Add value`}
      onClose={onClose}
      wide={wide}
    />
  );
}
