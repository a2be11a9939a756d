import { shownOnDemand } from "../shared/PartLoading.tsx";

/*
 * The wallet's panels as parts of their own, each downloaded when first shown (with its machines and
 * the payment parts they bring): the routes that offer them load only the button or the page that
 * opens them.
 */

/** "Add value" (./AddValue.tsx): a guest's card on /manage-card, a rider's card, the wallet. */
export const AddValueOnDemand = shownOnDemand(() =>
  import("./AddValue.tsx").then((module) => module.AddValue),
);

/** A fare card's money actions (./CardMoneyActions.tsx), on its page of /faremedia. */
export const CardMoneyActionsOnDemand = shownOnDemand(() =>
  import("./CardMoneyActions.tsx").then((module) => module.CardMoneyActions),
);

/** A card's "Transfer balance" panel (./TransferView.tsx). */
export const TransferViewOnDemand = shownOnDemand(() =>
  import("./TransferView.tsx").then((module) => module.TransferView),
);

/** The wallet's autoload (./WalletAutoload.tsx), under its balance on /account/paymentmethods. */
export const WalletAutoloadOnDemand = shownOnDemand(() =>
  import("./WalletAutoload.tsx").then((module) => module.WalletAutoload),
);
