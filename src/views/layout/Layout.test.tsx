import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { cartItem, portalConfig } from "../../../tests/support/fixtures.ts";
import { fakeApi, renderApp } from "../../../tests/support/render-app.tsx";

beforeEach(() => {
  localStorage.setItem("tourDone", "true");
});

/** Two Day Passes and a 7-Day Pass at `weekPrice`, as a stored cart. */
const storeCart = (weekPrice: number) =>
  localStorage.setItem(
    "cart",
    JSON.stringify([
      cartItem({ list_price: 500, quantity: 2 }),
      cartItem({ uuid: "b", name: "7-Day Pass", list_price: weekPrice, quantity: 1 }),
    ]),
  );

describe("the portal shell", () => {
  it("boots into the sign-in landing page in English", async () => {
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Products" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /How to Ride/ })).toBeInTheDocument();
    expect(
      screen.getByText(`© ${new Date().getFullYear()} Metro Transit Authority. All rights reserved.`),
    ).toBeInTheDocument();
    expect(document.title).toBe("Sign in | Metro Transit");
    // The deployment's featureText in the rider's language.
    expect(screen.getByText(portalConfig.featureText.en ?? "")).toBeInTheDocument();
  });

  it("switches to Spanish: texts, <html lang> and the stored language", async () => {
    const { user } = renderApp("/");
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    await user.click(screen.getByRole("combobox", { name: "Language" }));
    await user.click(await screen.findByRole("option", { name: "Español" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeInTheDocument();
    expect(screen.getByText(portalConfig.featureText.es ?? "")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("es");
    expect(localStorage.getItem("Bytemark-CW-lang")).toBe("es");
  });

  it("gives a guest the top bar's way to sign in, sign up and manage a card, not only the side menu's (issue 34)", async () => {
    renderApp("/products");
    const main = await screen.findByRole("navigation", { name: "Main" });
    expect(within(main).getByRole("link", { name: "Manage Card" })).toHaveAttribute("href", "/manage-card");
    const banner = screen.getByRole("banner");
    expect(within(banner).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    expect(within(banner).getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
  });

  it("starts in the stored language", async () => {
    localStorage.setItem("Bytemark-CW-lang", "vi");
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Đăng nhập" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("vi");
  });

  it("ignores a stored language the deployment does not offer", async () => {
    localStorage.setItem("Bytemark-CW-lang", "de");
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
  });

  it("opens the empty cart drawer and closes it with Escape", async () => {
    const { user } = renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Shopping cart, 0 items" }));
    const drawer = await screen.findByRole("dialog", { name: "Shopping cart" });
    expect(within(drawer).getByText("Your shopping cart is empty.")).toBeInTheDocument();
    await waitFor(() => expect(drawer).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard("{Escape}");
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Shopping cart" })).not.toBeInTheDocument(),
    );
  });

  it("shows stored cart items with their subtotal", async () => {
    storeCart(2500);
    const { user } = renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Shopping cart, 3 items" }));
    const drawer = await screen.findByRole("dialog", { name: "Shopping cart" });
    expect(within(drawer).getByText("$35.00")).toBeInTheDocument();
    expect(within(drawer).getByRole("link", { name: "View Cart" })).toBeInTheDocument();
  });

  it("starts with an empty cart when the deployment's file changed since the cart was filled (issue 47)", async () => {
    localStorage.setItem("cart", JSON.stringify([cartItem({ list_price: 500, quantity: 2 })]));
    localStorage.setItem("auth_token", "token");
    const older = `${portalConfig.uuid}/${portalConfig.currentDeployedVersion - 1}`;
    localStorage.setItem("service_config_uuid", older);
    renderApp("/account/profile");
    expect(await screen.findByRole("heading", { level: 1, name: "My Profile" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Shopping cart, 0 items" })).toBeInTheDocument();
    expect(localStorage.getItem("cart")).toBeNull();
    expect(localStorage.getItem("service_config_uuid")).toBe(
      `${portalConfig.uuid}/${portalConfig.currentDeployedVersion}`,
    );
  });

  it("shows whole amounts without decimals when the deployment says so (hideZeroDecimals, issue 47)", async () => {
    storeCart(2550);
    const api = fakeApi({
      override: ({ path }) =>
        path === "/portal-config"
          ? new Response(JSON.stringify({ data: { ...portalConfig, hideZeroDecimals: true }, errors: [] }), {
              headers: { "content-type": "application/json" },
            })
          : null,
    });
    const { user } = renderApp("/", api);
    await user.click(await screen.findByRole("button", { name: "Shopping cart, 3 items" }));
    const drawer = await screen.findByRole("dialog", { name: "Shopping cart" });
    expect(within(drawer).getByText("$10")).toBeInTheDocument();
    expect(within(drawer).getByText("$25.50")).toBeInTheDocument();
  });

  it("opens the side menu and closes it when a link is followed", async () => {
    const { user } = renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("dialog", { name: "Menu" });
    await user.click(within(menu).getByRole("link", { name: "Manage Card" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Manage Card" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Menu" })).not.toBeInTheDocument());
  });

  it("opens / to a signed-in rider as a welcome with the ways on, not a redirect (issue 47)", async () => {
    localStorage.setItem("auth_token", "token");
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Alex" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/");
    const ways = screen.getByRole("navigation", { name: "Where to go" });
    expect(within(ways).getByRole("link", { name: "Buy passes" })).toHaveAttribute("href", "/products");
    expect(within(ways).getByRole("link", { name: "Fare cards" })).toHaveAttribute("href", "/faremedia");
    expect(within(ways).getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/account");
    expect(screen.queryByRole("button", { name: "Sign in" })).not.toBeInTheDocument();
  });

  it("lands on the product list when the deployment's landingPage is Products (issue 47)", async () => {
    const api = fakeApi({
      override: ({ path }) =>
        path === "/portal-config"
          ? new Response(JSON.stringify({ data: { ...portalConfig, landingPage: "Products" }, errors: [] }), {
              headers: { "content-type": "application/json" },
            })
          : null,
    });
    renderApp("/", api);
    await waitFor(() => expect(window.location.pathname).toBe("/products"));
    expect(await screen.findByRole("heading", { level: 1, name: "Products" })).toBeInTheDocument();
  });

  it("shows the not-found page for any other path", async () => {
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found." })).toBeInTheDocument();
  });

  it("sends a guest on a login-required route to /login, remembering where they came from", async () => {
    renderApp("/account/profile");
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/login");
    // Beside the entry's own key (firstPage.ts), which Back uses to find where the page was.
    expect(window.history.state).toMatchObject({ from: "/account/profile" });
  });

  it("sends a signed-in rider from /login to the logged-in default route", async () => {
    localStorage.setItem("auth_token", "token");
    renderApp("/login");
    expect(await screen.findByRole("heading", { level: 1, name: "My Profile" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/account/profile");
    expect(screen.getByRole("link", { name: "My Account" })).toBeInTheDocument();
  });

  it("shows the service levels from org_config on the products page", async () => {
    renderApp("/products/rail");
    expect(await screen.findByRole("link", { name: "Bus" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Rail" })).toHaveAttribute("aria-current", "page");
  });

  it("opens the No Internet Connection popup when a request gets no reply, without signing out", async () => {
    localStorage.setItem("auth_token", "token");
    let offline = false;
    const api = fakeApi({ offline: () => offline });
    const { user } = renderApp("/account/profile", api);
    await screen.findByRole("heading", { level: 1, name: "My Profile" });
    offline = true;
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Menu" })).getByRole("link", { name: "My Account" }),
    );
    await screen.findByRole("heading", { level: 1, name: "My Account" });
    window.history.pushState(null, "", "/products");
    window.dispatchEvent(new PopStateEvent("popstate"));
    const popup = await screen.findByRole("alertdialog", { name: "No Internet Connection" });
    expect(
      within(popup).getByText(
        "You are not connected to the internet. Please connect to the internet and try again.",
      ),
    ).toBeInTheDocument();
    await user.click(within(popup).getByRole("button", { name: "Try again" }));
    const still = await screen.findByRole("alertdialog", { name: "No Internet Connection" });
    offline = false;
    // The popup's own button (a modal's page is inert in a browser; jsdom leaves the page's buttons).
    await user.click(within(still).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("status")).toHaveTextContent("You are back online.");
    expect(localStorage.getItem("auth_token")).toBe("token");
  });

  it("expires the session on error 50020 and goes to /login", async () => {
    localStorage.setItem("auth_token", "token");
    const api = fakeApi({
      override: ({ path }) =>
        path === "/transit/org_config"
          ? new Response(JSON.stringify({ data: null, errors: [{ code: 50020, message: "session" }] }), {
              status: 200,
              headers: { "content-type": "application/json" },
            })
          : null,
    });
    renderApp("/products", api);
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
    expect(localStorage.getItem("auth_token")).toBeNull();
    expect(window.location.pathname).toBe("/login");
  });

  it("offers a retry when the configuration cannot load", async () => {
    let offline = true;
    const { user } = renderApp("/", fakeApi({ offline: () => offline }));
    expect(await screen.findByRole("heading", { name: "The portal could not start." })).toBeInTheDocument();
    offline = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
  });
});

describe("the first-visit tour", () => {
  it("asks once, walks the steps and remembers it was done", async () => {
    localStorage.removeItem("tourDone");
    const { user } = renderApp("/");
    const question = await screen.findByRole("dialog", { name: "Welcome to Metro Transit" });
    await user.click(within(question).getByRole("button", { name: "Take the tour" }));
    for (const title of ["Find your fare", "Your cart", "Your language"]) {
      await screen.findByRole("dialog", { name: title });
      await user.click(screen.getByRole("button", { name: "Next" }));
    }
    await screen.findByRole("dialog", { name: "Your account" });
    await user.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(localStorage.getItem("tourDone")).toBe("true");
  });
});
