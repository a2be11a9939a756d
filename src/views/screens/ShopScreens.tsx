import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { type ReactNode, useEffect } from "react";
import { Link, useParams } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css, cx } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { useChild, useConfig } from "../../app/children.ts";
import { createShopLogic } from "../../app/live/shop.ts";
import { useFeature, useScreenLogic } from "../../app/logic.tsx";
import { presetValues } from "../../domain/catalog.ts";
import { selectServiceLevels, type serviceLevelsMachine } from "../../machines/serviceLevels.machine.ts";
import type { CurrentFareCard } from "../../services/storage.ts";
import { card, linkList, Screen, Settled } from "../shared/Screen.tsx";
import { useMoney } from "../shared/useMoney.ts";
import { FareCardModeLinks, FilterCard, ProductList } from "../shop/ProductsView.tsx";

/** The agency's services, as links that narrow the product list; loaded once per visit. */
export function ServiceLevelLinks({
  serviceLevels,
  current,
}: {
  serviceLevels: ActorRefFrom<typeof serviceLevelsMachine>;
  current: string | undefined;
}) {
  const levels = useSelector(serviceLevels, selectServiceLevels);
  const loading = useSelector(serviceLevels, (snapshot) => snapshot.hasTag("busy"));
  const failed = useSelector(serviceLevels, (snapshot) => snapshot.matches("failed"));
  useEffect(() => {
    serviceLevels.send({ type: "serviceLevels.load" });
  }, [serviceLevels]);

  if (failed) {
    return (
      <div role="alert" className={card}>
        <p>
          <Trans>The services could not be loaded.</Trans>
        </p>
        <p>
          <button
            type="button"
            className={button()}
            onClick={() => serviceLevels.send({ type: "serviceLevels.load" })}
          >
            <Trans>Try again</Trans>
          </button>
        </p>
      </div>
    );
  }
  return (
    <nav aria-labelledby="service-levels" aria-busy={loading}>
      <h2 id="service-levels" className={css({ fontSize: "lg", fontWeight: "semibold", mb: "3" })}>
        <Trans>Services</Trans>
      </h2>
      {loading ? (
        <p>
          <Trans>Loading services…</Trans>
        </p>
      ) : (
        <ul className={linkList}>
          {levels.map((level) => (
            <li key={level.type}>
              <Link
                href={`/products/${encodeURIComponent(level.type)}`}
                aria-current={level.type === current ? "page" : undefined}
                className={cx(
                  button({ variant: "outline" }),
                  css({ _current: { bg: "brand.button", color: "brand.buttonText" } }),
                )}
              >
                {level.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

/**
 * The products page: the filter card on the left (above on a phone), the products on the right. The
 * route's service and pass type are applied as filters once the filters are known; a new route (or a
 * new card) starts a new page.
 */
function ProductsPage({
  title,
  presets,
  fareCard,
  intro,
}: {
  title: string;
  presets: string[];
  fareCard: CurrentFareCard | null;
  intro?: ReactNode;
}) {
  const logic = useScreenLogic();
  const shop = useFeature(createShopLogic);
  const products = useActorRef(shop.products, {
    input: { presets, faremediaId: fareCard?.faremediaId ?? null },
    inspect: logic.inspect,
  });
  const cart = useChild("cart");
  const money = useMoney();
  const { allowInstantBuy } = useConfig();
  // Leaving the page stores the product mode the cart implies (spec section 4).
  useEffect(() => () => cart.send({ type: "cart.leftProducts" }), [cart]);
  // The services, the filters and the first products show together (no layout shift as each arrives).
  const productsBusy = useSelector(products, (snapshot) => snapshot.hasTag("busy"));
  const servicesBusy = useSelector(useChild("serviceLevels"), (snapshot) => snapshot.hasTag("busy"));
  return (
    <Screen title={title}>
      <Settled ready={!productsBusy && !servicesBusy}>
        {intro}
        <div
          className={css({
            display: "grid",
            gridTemplateColumns: { base: "minmax(0, 1fr)", md: "minmax(240px, 300px) minmax(0, 1fr)" },
            gap: "6",
            alignItems: "start",
          })}
        >
          <FilterCard products={products} />
          <ProductList products={products} cart={cart} money={money} instantBuy={allowInstantBuy} />
        </div>
      </Settled>
    </Screen>
  );
}

export function ProductsScreen() {
  const { t } = useLingui();
  const { serviceType, passType } = useParams<{ serviceType?: string; passType?: string }>();
  const serviceLevels = useChild("serviceLevels");
  const levels = useSelector(serviceLevels, selectServiceLevels);
  const shop = useFeature(createShopLogic);
  const fareCardMode = passType === "digital";
  const fareCard = fareCardMode ? shop.currentFareCard() : null;
  const level = levels.find((candidate) => candidate.type === serviceType);
  const title = fareCard
    ? t`Passes for your fare card`
    : passType === "physical"
      ? t`Physical fare cards`
      : (level?.label ?? t`Products`);
  return (
    <ProductsPage
      key={`${serviceType ?? ""}/${passType ?? ""}/${fareCard?.faremediaId ?? ""}`}
      title={title}
      presets={presetValues(serviceType ?? null, passType ?? null)}
      fareCard={fareCard}
      intro={
        fareCardMode ? (
          <FareCardModeLinks nickname={fareCard?.nickname ?? null} digital />
        ) : (
          <ServiceLevelLinks serviceLevels={serviceLevels} current={serviceType} />
        )
      }
    />
  );
}

/** /physical: the physical fare cards (and, with a card chosen, the way back to its passes). */
export function PhysicalScreen() {
  const { t } = useLingui();
  const fareCard = useFeature(createShopLogic).currentFareCard();
  return (
    <ProductsPage
      title={t`Physical fare cards`}
      presets={["PHYSICAL"]}
      fareCard={null}
      intro={fareCard ? <FareCardModeLinks nickname={fareCard.nickname} digital={false} /> : undefined}
    />
  );
}
