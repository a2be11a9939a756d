import { I18nProvider } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { css } from "../../styled-system/css";
import { button } from "../../styled-system/recipes";
import { i18n } from "../i18n/i18n.ts";
import { selectHasStarted } from "../machines/language.machine.ts";
import { Layout } from "../views/layout/Layout.tsx";
import { useChild } from "./children.ts";
import type { createLiveApp } from "./live.ts";
import { ScreenLogicProvider } from "./logic.tsx";
import { RootActor } from "./root-actor.ts";

type LiveApp = Pick<ReturnType<typeof createLiveApp>, "machine" | "input" | "bus" | "logic">;

/**
 * `firstScreen` is the download of the opened page's screen, started before the first render
 * (preloadScreen in src/views/screens/screens.tsx): the layout waits for it to settle, so the first
 * screen is drawn with it.
 */
export function App({ live, firstScreen = null }: { live: LiveApp; firstScreen?: Promise<unknown> | null }) {
  return (
    <RootActor.Provider logic={live.machine} options={{ input: live.input, inspect: live.logic.inspect }}>
      <I18nProvider i18n={i18n}>
        <ScreenLogicProvider logic={live.logic}>
          <BusBridge bus={live.bus} />
          <Boot firstScreen={firstScreen} />
        </ScreenLogicProvider>
      </I18nProvider>
    </RootActor.Provider>
  );
}

/** Connects HTTP signals and browser events to the root actor for as long as it lives. */
function BusBridge({ bus }: { bus: LiveApp["bus"] }) {
  const root = RootActor.useActorRef();
  useEffect(() => bus.connect(root), [bus, root]);
  return null;
}

const centered = css({
  minHeight: "100dvh",
  display: "grid",
  placeItems: "center",
  textAlign: "center",
  p: "6",
});

/** The portal under the root actor: loading, the boot failure screen, or the layout. */
export function Boot({ firstScreen = null }: { firstScreen?: Promise<unknown> | null }) {
  const phase = RootActor.useSelector((snapshot) =>
    snapshot.matches("booting") ? "booting" : snapshot.matches("failed") ? "failed" : "ready",
  );
  const root = RootActor.useActorRef();
  if (phase === "booting") return <Loading />;
  if (phase === "failed") {
    return (
      <main className={centered}>
        <div>
          <h1 className={css({ fontSize: "2xl", fontWeight: "bold", mb: "2" })}>
            <Trans>The portal could not start.</Trans>
          </h1>
          <p className={css({ mb: "4" })}>
            <Trans>Check your connection and try again.</Trans>
          </p>
          <button type="button" className={button()} onClick={() => root.send({ type: "app.retry" })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      </main>
    );
  }
  return <LanguageGate firstScreen={firstScreen} />;
}

/**
 * Renders the portal once the stored language's texts are loaded, so no other language flashes first,
 * and once the first screen's download has settled (issue 16). Drawn before it, the layout would show
 * the screen's "Loading…" page, and React then holds back the screen that replaces it for 300 ms
 * (its Suspense reveal throttle): every first visit drew its content a third of a second late.
 */
function LanguageGate({ firstScreen }: { firstScreen: Promise<unknown> | null }) {
  const language = useChild("language");
  const started = useSelector(language, selectHasStarted);
  const screenSettled = useSettled(firstScreen);
  return started && screenSettled ? <Layout /> : <Loading />;
}

/** Whether `promise` has settled, either way (true for none). */
function useSettled(promise: Promise<unknown> | null): boolean {
  const [settled, setSettled] = useState(promise === null);
  useEffect(() => {
    if (!promise) return;
    let current = true;
    const done = () => {
      if (current) setSettled(true);
    };
    promise.then(done, done);
    return () => {
      current = false;
    };
  }, [promise]);
  return settled;
}

function Loading() {
  const { t } = useLingui();
  return (
    <div className={centered}>
      <div
        role="progressbar"
        aria-busy="true"
        aria-label={t`Loading`}
        className={css({
          width: "10",
          height: "10",
          borderRadius: "full",
          borderWidth: "4px",
          borderColor: "brand.button",
          borderTopColor: "transparent",
          animation: "spin 0.9s linear infinite",
        })}
      />
    </div>
  );
}
