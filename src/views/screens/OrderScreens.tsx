import { useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useParams, useSearch } from "wouter";
import { useChild, useConfig } from "../../app/children.ts";
import { createOrdersLogic } from "../../app/live/orders.ts";
import { useFeature } from "../../app/logic.tsx";
import { routeOf } from "../../machines/keysetHistory.ts";
import { selectLocale } from "../../machines/language.machine.ts";
import { OrderHistoryView } from "../orders/OrderHistoryView.tsx";
import { OrderSummaryView } from "../orders/OrderSummaryView.tsx";
import { FollowRoute } from "../shared/KeysetPages.tsx";
import { Screen } from "../shared/Screen.tsx";
import { useMoney } from "../shared/useMoney.ts";
import { AccountScreen } from "./AccountScreen.tsx";

/** /ordersummary/:orderId: a rider's order, right after checkout or later. */
export const OrderSummaryScreen = () => <OrderSummaryRoute guest={false} />;

/** /anonymous/ordersummary/:orderId?link=…: a guest's order, opened with the link from the receipt email. */
export const GuestOrderSummaryScreen = () => <OrderSummaryRoute guest />;

function OrderSummaryRoute({ guest }: { guest: boolean }) {
  const { orderId = "" } = useParams<{ orderId?: string }>();
  const link = new URLSearchParams(useSearch()).get("link");
  // Another order in the address is another summary.
  return <OrderSummary key={`${orderId}/${link ?? ""}`} orderId={orderId} link={link} guest={guest} />;
}

function OrderSummary(input: { orderId: string; link: string | null; guest: boolean }) {
  const config = useConfig();
  const actor = useActorRef(useFeature(createOrdersLogic).orderSummary, { input });
  const repurchase = useRepurchase();
  return (
    <OrderSummaryView
      summary={actor}
      repurchase={input.guest ? null : repurchase}
      money={useMoney()}
      locale={useSelector(useChild("language"), selectLocale)}
      organisation={config.display_name}
      Frame={Screen}
    />
  );
}

/** /account/orders/:page/:id?: the rider's orders, a page at a time, and one order's receipt. */
export function OrdersScreen() {
  const { t } = useLingui();
  return (
    <AccountScreen title={t`Order History`}>
      <Orders />
    </AccountScreen>
  );
}

function Orders() {
  const config = useConfig();
  const route = routeOf(useParams<{ page?: string; id?: string }>());
  const actor = useActorRef(useFeature(createOrdersLogic).orderHistory, {
    input: { pageSize: config.ideal_row_count, ...route },
  });
  const repurchase = useRepurchase();
  return (
    <>
      <FollowRoute history={actor} />
      <OrderHistoryView
        history={actor}
        repurchase={repurchase}
        money={useMoney()}
        locale={useSelector(useChild("language"), selectLocale)}
        organisation={config.display_name}
      />
    </>
  );
}

/** "Buy again" for a rider's receipt, into the portal's cart; null where the deployment has it off. */
function useRepurchase() {
  const config = useConfig();
  const actor = useActorRef(useFeature(createOrdersLogic).repurchase, { input: { cart: useChild("cart") } });
  return config.instantRepurchase ? actor : null;
}
