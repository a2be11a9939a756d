import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useId, useRef, useState } from "react";
import { Link } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css, cx } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { cartItemOf } from "../../domain/cart.ts";
import { descriptionLines, type Filter, type Product, quantityLimits } from "../../domain/catalog.ts";
import type { cartMachine } from "../../machines/cart.machine.ts";
import {
  type productsMachine,
  selectPurchaseContext,
  selectQuantity,
} from "../../machines/products.machine.ts";
import { QuantityInput } from "../../ui/QuantityInput.tsx";
import { onDemand } from "../../ui/useOnDemand.ts";
import { LookAlikeTrigger, useLookAlike } from "../shared/LookAlikeTrigger.tsx";
import { card } from "../shared/Screen.tsx";
import { type DropdownSelectProps, dropdownTrigger } from "./dropdown-styles.ts";

type ProductsRef = ActorRefFrom<typeof productsMachine>;
type CartRef = ActorRefFrom<typeof cartMachine>;

/** The three greys shown for a product without a picture, chosen by its uuid so a product keeps its own. */
const noPictureGreys = ["#d9dde2", "#bcc3cb", "#9aa3ad"] as const;
const greyOf = (uuid: string) =>
  noPictureGreys[[...uuid].reduce((sum, character) => sum + character.charCodeAt(0), 0) % 3];

/**
 * List filters as buttons, the others as dropdowns (Ark UI), and a way to clear them all. On a phone
 * the card is a disclosure above the products: open while there is nothing to list yet, folded when
 * the page starts with products (a route's filter, a fare card), so they are not a long scroll away.
 */
export function FilterCard({ products }: { products: ProductsRef }) {
  const { t } = useLingui();
  const filters = useSelector(products, (snapshot) => snapshot.context.filters);
  const applied = useSelector(products, (snapshot) => snapshot.context.applied);
  const fareCardMode = useSelector(products, (snapshot) => snapshot.context.faremediaId !== null);
  const busy = useSelector(products, (snapshot) => snapshot.hasTag("busy"));
  const contentId = useId();
  const [unfolded, setUnfolded] = useState<boolean | null>(null);
  // Decided once, when the filters first arrive (with the route's presets already applied).
  const startsUnfolded = useRef<boolean | null>(null);
  if (startsUnfolded.current === null && filters.length > 0)
    startsUnfolded.current = applied.length === 0 && !fareCardMode;
  const expanded = unfolded ?? startsUnfolded.current ?? true;
  const pick = (filter: string, value: string | null) =>
    products.send({ type: "products.filter", filter, value });
  return (
    <aside aria-labelledby="filters-title" aria-busy={busy} className={cx(card, css({ gap: "4" }))}>
      <div
        className={css({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "3" })}
      >
        <h2 id="filters-title" className={css({ fontSize: "lg", fontWeight: "semibold" })}>
          <Trans>Find your fare</Trans>
        </h2>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={contentId}
          className={cx(
            button({ variant: "outline", size: "sm" }),
            css({ whiteSpace: "nowrap", md: { display: "none" } }),
          )}
          onClick={() => setUnfolded(!expanded)}
        >
          {expanded ? t`Hide filters` : applied.length > 0 ? t`Filters (${applied.length})` : t`Show filters`}
        </button>
      </div>
      <div
        id={contentId}
        className={css({
          display: { base: expanded ? "flex" : "none", md: "flex" },
          flexDirection: "column",
          gap: "5",
        })}
      >
        {filters.map((filter) => {
          // What this page applied (the machine), not what the last answer echoed.
          const current = applied.find((entry) => entry.filter_uuid === filter.uuid)?.filter_value ?? null;
          return filter.filter_type === "list" ? (
            <ListFilter
              key={filter.uuid}
              filter={filter}
              current={current}
              onPick={(value) => pick(filter.uuid, value)}
            />
          ) : (
            <DropdownFilter
              key={filter.uuid}
              filter={filter}
              current={current}
              onPick={(value) => pick(filter.uuid, value)}
            />
          );
        })}
        {applied.length > 0 ? (
          <button
            type="button"
            className={button({ variant: "outline" })}
            onClick={() => products.send({ type: "products.clear" })}
          >
            <Trans>Clear filters</Trans>
          </button>
        ) : null}
      </div>
    </aside>
  );
}

interface FilterProps {
  filter: Filter;
  /** The applied value's uuid, or null. */
  current: string | null;
  onPick: (value: string | null) => void;
}

function ListFilter({ filter, current, onPick }: FilterProps) {
  return (
    <fieldset
      className={css({ display: "flex", flexDirection: "column", gap: "2", border: "none", p: "0", m: "0" })}
    >
      <legend className={css({ fontWeight: "semibold", mb: "2" })}>{filter.display_name}</legend>
      <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
        {filter.values.map((value) => {
          const pressed = current === value.uuid;
          return (
            <button
              key={value.uuid}
              type="button"
              aria-pressed={pressed}
              title={value.accessibility_text ?? undefined}
              className={cx(
                button({ variant: "outline", size: "sm" }),
                css({
                  gap: "2",
                  _pressed: { bg: "brand.button", color: "brand.buttonText" },
                }),
              )}
              onClick={() => onPick(pressed ? null : value.uuid)}
            >
              {value.image_url ? (
                <img
                  src={value.image_url}
                  alt=""
                  width={20}
                  height={20}
                  className={css({ flexShrink: "0" })}
                />
              ) : null}
              {value.short_description}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

const dropdownSelect = onDemand<DropdownSelectProps>(() =>
  import("./DropdownSelect.tsx").then((module) => module.DropdownSelect),
);

/**
 * "Any" clears the filter; the other items are its values. Ark's select loads when the rider first
 * reaches for a dropdown (DropdownSelect.tsx); until then a look-alike closed trigger shows the choice.
 */
function DropdownFilter({ filter, current, onPick }: FilterProps) {
  const { t } = useLingui();
  const { Part: DropdownSelect, intent, want, request } = useLookAlike(dropdownSelect);
  if (DropdownSelect) {
    return (
      <DropdownSelect
        filter={filter}
        current={current}
        onPick={onPick}
        defaultOpen={intent.open}
        autoFocus={intent.focus}
      />
    );
  }
  const chosen = filter.values.find((value) => value.uuid === current)?.short_description ?? t`Any`;
  return (
    <LookAlikeTrigger
      label={filter.display_name}
      labelClassName={css({ fontWeight: "semibold" })}
      triggerClassName={dropdownTrigger}
      indicator="▾"
      want={want}
      request={request}
    >
      <span>{chosen}</span>
    </LookAlikeTrigger>
  );
}

/**
 * The product list: the empty prompt, the cards, or what went wrong. Each card offers Buy now when the
 * deployment allows it (`allowInstantBuy`).
 */
export function ProductList({
  products,
  cart,
  money,
  instantBuy,
}: {
  products: ProductsRef;
  cart: CartRef;
  money: (minorUnits: number) => string;
  instantBuy: boolean;
}) {
  const state = useSelector(products, (snapshot) => snapshot.value);
  const list = useSelector(products, (snapshot) => snapshot.context.products);
  const total = useSelector(products, (snapshot) => snapshot.context.total);
  const busy = useSelector(products, (snapshot) => snapshot.hasTag("busy"));

  // Read when the rider adds, not subscribed to: the list does not render again for it.
  const send = (product: Product, quantity: number, buyNow: boolean) =>
    cart.send({
      type: "cart.add",
      item: cartItemOf(product, quantity, selectPurchaseContext(products.getSnapshot())),
      buyNow,
    });

  if (state === "failed" || state === "productsFailed") {
    return (
      <div role="alert" className={card}>
        <p>
          <Trans>The products could not be loaded.</Trans>
        </p>
        <p>
          <button
            type="button"
            className={button()}
            onClick={() => products.send({ type: "products.retry" })}
          >
            <Trans>Try again</Trans>
          </button>
        </p>
      </div>
    );
  }
  if (state === "empty") {
    return (
      <div className={cx(card, css({ alignItems: "center", textAlign: "center" }))}>
        <p className={css({ fontSize: "lg" })}>
          <Trans>select from the options to view products</Trans>
        </p>
      </div>
    );
  }
  if (busy && list.length === 0) {
    return (
      <p aria-live="polite">
        <Trans>Loading products…</Trans>
      </p>
    );
  }
  return (
    <div aria-busy={busy} className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      <p aria-live="polite" className={css({ color: "muted" })}>
        {total > list.length ? (
          <Trans>
            Showing the first {list.length} of {total} products. Choose more options to narrow them down.
          </Trans>
        ) : (
          <Plural value={total} one="# product" other="# products" />
        )}
      </p>
      {list.length === 0 ? (
        <p>
          <Trans>No products match these options.</Trans>
        </p>
      ) : (
        <ul
          className={css({
            display: "grid",
            gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 16rem), 1fr))",
            gap: "4",
          })}
        >
          {list.map((product) => (
            <li key={product.uuid}>
              <ProductCard
                product={product}
                products={products}
                money={money}
                onAdd={(quantity) => send(product, quantity, false)}
                onBuyNow={instantBuy ? (quantity) => send(product, quantity, true) : null}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ProductCard({
  product,
  products,
  money,
  onAdd,
  onBuyNow,
}: {
  product: Product;
  products: ProductsRef;
  money: (minorUnits: number) => string;
  onAdd: (quantity: number) => void;
  /** Null: the deployment offers no Buy now. */
  onBuyNow: ((quantity: number) => void) | null;
}) {
  const { t } = useLingui();
  const quantity = useSelector(products, (snapshot) => selectQuantity(snapshot, product.uuid));
  // A one-way ticket's stops, as the agency names them (issue 47).
  const origin = product.itinerary?.origin?.long_name;
  const destination = product.itinerary?.destination?.long_name;
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className={css({
        bg: "surface",
        borderRadius: "lg",
        borderWidth: "1px",
        borderColor: "border",
        display: "flex",
        flexDirection: "column",
        overflow: "hidden",
        height: "100%",
      })}
    >
      {product.product_image_path ? (
        <img
          src={product.product_image_path}
          alt=""
          className={css({
            width: "100%",
            aspectRatio: "16 / 7",
            objectFit: "contain",
            p: "3",
            bg: "brand.container",
          })}
        />
      ) : (
        <div
          aria-hidden="true"
          className={css({ width: "100%", aspectRatio: "16 / 7" })}
          style={{ background: greyOf(product.uuid) }}
        />
      )}
      <div className={css({ display: "flex", flexDirection: "column", gap: "3", p: "4", flex: "1" })}>
        <div
          aria-hidden="true"
          className={css({ height: "1", width: "12", borderRadius: "full" })}
          style={{ background: product.theme.background_color }}
        />
        <h3 id={titleId} className={css({ fontSize: "lg", fontWeight: "semibold" })}>
          {product.name}
        </h3>
        {origin && destination ? (
          <p className={css({ fontWeight: "semibold" })} data-testid="itinerary">
            <Trans>
              From {origin} to {destination}
            </Trans>
          </p>
        ) : null}
        <p className={css({ fontSize: "xl", fontWeight: "bold" })}>{money(product.list_price)}</p>
        <p>{product.short_description}</p>
        <div className={css({ color: "muted", fontSize: "sm" })}>
          {descriptionLines(product.long_description).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <QuantityInput
          label={<Trans>Quantity</Trans>}
          min={quantityLimits.min}
          max={quantityLimits.max}
          value={quantity}
          lessLabel={t`One less`}
          moreLabel={t`One more`}
          onChange={(next) =>
            products.send({ type: "products.quantity", uuid: product.uuid, quantity: next })
          }
          className={css({ mt: "auto" })}
        />
        <div className={css({ display: "flex", gap: "2", flexWrap: "wrap" })}>
          <button
            type="button"
            className={button()}
            disabled={quantity === 0}
            onClick={() => onAdd(quantity)}
          >
            <Trans>Add to cart</Trans>
            <span className={css({ srOnly: true })}> {product.name}</span>
          </button>
          {onBuyNow ? (
            <button
              type="button"
              className={button({ variant: "outline" })}
              disabled={quantity === 0}
              onClick={() => onBuyNow(quantity)}
            >
              <Trans>Buy now</Trans>
              <span className={css({ srOnly: true })}> {product.name}</span>
            </button>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** In fare-card mode: which card, and the way between its digital products and physical cards. */
export function FareCardModeLinks({ nickname, digital }: { nickname: string | null; digital: boolean }) {
  return (
    <nav aria-labelledby="product-modes" className={cx(card, css({ gap: "3" }))}>
      <h2 id="product-modes" className={css({ fontWeight: "semibold" })}>
        {nickname ? <Trans>Buying for {nickname}</Trans> : <Trans>Product types</Trans>}
      </h2>
      <div className={css({ display: "flex", gap: "3", flexWrap: "wrap" })}>
        <Link
          href="/products/null/digital"
          aria-current={digital ? "page" : undefined}
          className={cx(
            button({ variant: "outline" }),
            css({ _current: { bg: "brand.button", color: "brand.buttonText" } }),
          )}
        >
          <Trans>Passes and stored value for this card</Trans>
        </Link>
        <Link
          href="/physical"
          aria-current={digital ? undefined : "page"}
          className={cx(
            button({ variant: "outline" }),
            css({ _current: { bg: "brand.button", color: "brand.buttonText" } }),
          )}
        >
          <Trans>Physical fare cards</Trans>
        </Link>
      </div>
    </nav>
  );
}
