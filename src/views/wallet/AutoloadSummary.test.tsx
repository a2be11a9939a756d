import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { autoloadPaused, autoloadWeekly } from "../../../tests/support/wallet.ts";
import type { Autoload } from "../../domain/transit/wallet.ts";
import { i18n } from "../../i18n/i18n.ts";
import { AutoloadSummary } from "./WalletView.tsx";

/** The wallet's autoload in a line (issue 47): what it is, and the button that opens its form. */
describe("AutoloadSummary", () => {
  const shown = (autoload: Autoload | null) => {
    const onManage = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <AutoloadSummary autoload={autoload} onManage={onManage} />
      </I18nProvider>,
    );
    return onManage;
  };

  it("offers to set one up when there is none", async () => {
    const onManage = shown(null);
    expect(screen.queryByText(/Autoload is/)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Set up autoload" }));
    expect(onManage).toHaveBeenCalledOnce();
  });

  it("says an active one is on", () => {
    shown(autoloadWeekly);
    expect(screen.getByText("Autoload is on.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Manage autoload" })).toBeEnabled();
  });

  it("says a paused one is paused", () => {
    shown(autoloadPaused);
    expect(screen.getByText("Autoload is paused.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Manage autoload" })).toBeEnabled();
  });
});
