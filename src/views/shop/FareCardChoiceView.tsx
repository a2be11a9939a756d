import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css, cx } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import type { cartMachine } from "../../machines/cart.machine.ts";
import type { fareCardChoiceMachine } from "../../machines/fareCardChoice.machine.ts";
import { Sheet, SheetDescription, SheetTitle } from "../../ui/Sheet.tsx";
import { categoryText } from "../fare-cards/cardText.ts";
import { card as cardStyle } from "../shared/Screen.tsx";

type ChoiceRef = ActorRefFrom<typeof fareCardChoiceMachine>;
type CartRef = ActorRefFrom<typeof cartMachine>;

/** The last four digits, as printed cards are usually named. */
const lastFour = (number: string) => number.replace(/\s+/g, "").slice(-4);

/** The rider's fare cards to buy digital products for, and the question when the cart is another card's. */
export function FareCardChoice({
  choice,
  cart,
  money,
}: {
  choice: ChoiceRef;
  cart: CartRef;
  money: (minorUnits: number) => string;
}) {
  const { i18n } = useLingui();
  const state = useSelector(choice, (snapshot) => snapshot.value);
  const cards = useSelector(choice, (snapshot) => snapshot.context.cards);
  const pending = useSelector(choice, (snapshot) => snapshot.context.pending);
  const cartCard = useSelector(
    cart,
    (snapshot) => snapshot.context.items.find((item) => item.faremediaId)?.faremediaId ?? null,
  );

  if (state === "loading") {
    return (
      <p aria-live="polite">
        <Trans>Loading your fare cards…</Trans>
      </p>
    );
  }
  if (state === "failed") {
    return (
      <div role="alert" className={cardStyle}>
        <p>
          <Trans>Your fare cards could not be loaded.</Trans>
        </p>
        <p>
          <button type="button" className={button()} onClick={() => choice.send({ type: "fareCards.retry" })}>
            <Trans>Try again</Trans>
          </button>
        </p>
      </div>
    );
  }
  return (
    <>
      {cards.length === 0 ? (
        <div className={cardStyle}>
          <p>
            <Trans>You have no fare card that passes can be bought for.</Trans>
          </p>
        </div>
      ) : (
        <ul
          className={css({
            display: "grid",
            gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 18rem), 1fr))",
            gap: "4",
          })}
        >
          {cards.map((card) => (
            <li key={card.faremedia_id}>
              <button
                type="button"
                disabled={state === "chosen"}
                className={cx(
                  cardStyle,
                  css({
                    width: "100%",
                    textAlign: "start",
                    cursor: "pointer",
                    _hover: { borderColor: "brand.button" },
                  }),
                )}
                onClick={() => choice.send({ type: "fareCards.choose", card, cartCard })}
              >
                <span className={css({ fontSize: "lg", fontWeight: "semibold" })}>{card.nickname}</span>
                <span>
                  <Trans>Card ending {lastFour(card.printed_card_number)}</Trans>
                </span>
                <span className={css({ color: "muted" })}>
                  <Trans>
                    {categoryText(i18n, card.category)} · balance {money(card.stored_value)}
                  </Trans>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Sheet
        open={state === "confirmingClear"}
        role="alertdialog"
        placement="center"
        onDismiss={() => choice.send({ type: "fareCards.cancel" })}
      >
        {(styles) => (
          <>
            <SheetTitle className={styles.title}>
              <Trans>Start a new cart?</Trans>
            </SheetTitle>
            <SheetDescription className={styles.description}>
              <Trans>
                Your cart holds products for another fare card. Clear it to buy for {pending?.nickname}?
              </Trans>
            </SheetDescription>
            <div className={css({ display: "flex", gap: "3", justifyContent: "flex-end", flexWrap: "wrap" })}>
              <button
                type="button"
                className={button({ variant: "outline" })}
                onClick={() => choice.send({ type: "fareCards.cancel" })}
              >
                <Trans>Keep my cart</Trans>
              </button>
              <button
                type="button"
                className={button()}
                onClick={() => choice.send({ type: "fareCards.confirm" })}
              >
                <Trans>Yes, clear cart</Trans>
              </button>
            </div>
          </>
        )}
      </Sheet>
    </>
  );
}
