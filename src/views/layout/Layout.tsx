import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Suspense, useEffect } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { css } from "../../../styled-system/css";
import { useChild, useConfig, useSignedIn } from "../../app/children.ts";
import { RootActor } from "../../app/root-actor.ts";
import { guard, type RouteDefinition, routes } from "../../app/routes.ts";
import { selectCartAsks, selectDrawerOpen } from "../../machines/cart.machine.ts";
import { selectRestoring, selectSessionAsks } from "../../machines/session.machine.ts";
import { NotFoundScreen, screens } from "../screens/screens.tsx";
import { DisplayFormatsProvider } from "../shared/display-formats.tsx";
// A new page opens at its top, focused on its heading; Back puts a page back where it was.
import "../shared/firstPage.ts";
import { Screen } from "../shared/Screen.tsx";
import { WhenWanted } from "../shared/WhenWanted.tsx";
import { Footer } from "./Footer.tsx";
import { cartDialogs, cartDrawer, sessionDialogs, sideMenu } from "./layout-parts.ts";
import { NetworkPopup } from "./NetworkPopup.tsx";
import { Notifications } from "./Notifications.tsx";
import { TopBar } from "./TopBar.tsx";
import { TourDialog } from "./TourDialog.tsx";

export function Layout() {
  const config = useConfig();
  const cart = useChild("cart");
  const menuOpen = RootActor.useSelector((snapshot) => snapshot.matches({ ready: { menu: "open" } }));
  const drawerOpen = useSelector(cart, selectDrawerOpen);
  const cartAsking = useSelector(cart, selectCartAsks);
  const sessionAsking = useSelector(useChild("session"), selectSessionAsks);
  return (
    <div className={css({ minHeight: "100dvh", display: "flex", flexDirection: "column" })}>
      <a
        href="#main"
        className={css({
          position: "absolute",
          left: "2",
          top: "-20",
          zIndex: "skipLink",
          bg: "surface",
          color: "text",
          p: "2",
          borderRadius: "md",
          _focus: { top: "2" },
        })}
      >
        <Trans>Skip to main content</Trans>
      </a>
      <RouteWatcher />
      <TopBar />
      <WhenWanted part={sideMenu} wanted={menuOpen} props={{}} />
      <main
        id="main"
        tabIndex={-1}
        className={css({
          flex: "1",
          // The footer starts below the first screenful, so a page growing as its parts arrive never
          // moves it where the rider sees it (no layout shift).
          minHeight: "100dvh",
          width: "100%",
          maxWidth: "1200px",
          mx: "auto",
          px: { base: "4", md: "8" },
          py: "8",
          _focus: { outline: "none" },
        })}
      >
        <DisplayFormatsProvider>
          <Switch>
            {routes.map((route) => (
              <Route key={route.path} path={route.path}>
                <GuardedScreen route={route} />
              </Route>
            ))}
            <Route>
              <Suspense fallback={<ScreenLoading />}>
                <NotFoundScreen />
              </Suspense>
            </Route>
          </Switch>
        </DisplayFormatsProvider>
      </main>
      <Footer />
      <WhenWanted part={cartDrawer} wanted={drawerOpen} props={{ cart }} />
      <WhenWanted part={cartDialogs} wanted={cartAsking} props={{ cart }} />
      <WhenWanted part={sessionDialogs} wanted={sessionAsking} props={{}} />
      <NetworkPopup network={useChild("network")} />
      <Notifications notifications={useChild("notifications")} />
      <TourDialog tour={useChild("tour")} name={config.shortDisplayName} />
    </div>
  );
}

/**
 * While a screen's code downloads (or waits for a lost connection to return): a page of its own, with
 * its heading, so the state is a whole page for everyone (and for the axe scan).
 */
function ScreenLoading() {
  const { t } = useLingui();
  return (
    <Screen title={t`Loading…`}>
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    </Screen>
  );
}

/** Tells the root actor the route changed (closes the side menu). */
function RouteWatcher() {
  const [location] = useLocation();
  const root = RootActor.useActorRef();
  useEffect(() => {
    root.send({ type: "route.changed", path: location });
  }, [location, root]);
  return null;
}

function GuardedScreen({ route }: { route: RouteDefinition }) {
  const signedIn = useSignedIn();
  const restoring = useSelector(useChild("session"), selectRestoring);
  const config = useConfig();
  const [location] = useLocation();
  if (restoring) {
    return (
      <p role="status">
        <Trans>Loading</Trans>
      </p>
    );
  }
  const decision = guard(route.access, signedIn, location, config.loggedInDefaultRoute);
  if (decision) {
    return (
      <Redirect
        to={decision.redirectTo}
        replace
        state={decision.from ? { from: decision.from } : undefined}
      />
    );
  }
  const Screen = screens[route.screen];
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Screen />
    </Suspense>
  );
}
