import { expect, type Page, test } from "./fixtures.ts";
import { Portal } from "./models/portal.ts";
import { fromMailbox, startTwoFactor } from "./models/riders.ts";
import { words } from "./models/session-replay.ts";
import { operatorToken } from "./operator.ts";

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`a first-time visitor on a ${label}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 60_000 });

    test("declines the tour, signs in, finds every account section and the products, and is asked before the cart is cleared", async ({
      page,
    }) => {
      const portal = new Portal(page);
      await portal.open("/login", { firstVisit: true });
      await portal.seeCentred(portal.welcomePrompt());
      await portal.declineTour();
      await signIn(page, "rider@example.com", "transit-demo-2026");
      await portal.seeHeading("My Profile");

      const sections = page.getByRole("navigation", { name: "Account" });
      await expect(sections.getByRole("link")).toHaveText([
        "My Profile",
        "Security",
        "Notifications",
        "Connected accounts",
        "Shipping Address",
        "Payment Methods",
        "Devices",
        "Order History",
        "Pass History",
        "Unattached Passes",
        "Statement",
      ]);
      await sections.getByRole("link", { name: "Shipping Address" }).click();
      await portal.seeHeading("Shipping Address");
      await expect(page).toHaveURL(/\/account\/addresses$/);
      await portal.checkAccessibility();
      await sections.getByRole("link", { name: "Unattached Passes" }).click();
      await portal.seeHeading("Unattached Passes");
      await expect(page).toHaveURL(/\/account\/unattachedpasses$/);
      await portal.checkAccessibility();
      if (label === "phone") {
        // One row that scrolls sideways, not 300 px of wrapped sections before any content, opened
        // (here by a reload) scrolled to the section shown.
        await page.reload();
        await portal.seeHeading("Unattached Passes");
        const row = await sections.boundingBox();
        expect(row?.height ?? Number.POSITIVE_INFINITY).toBeLessThan(64);
        await expect(sections.getByRole("link", { name: "Unattached Passes" })).toBeInViewport({ ratio: 1 });
        await expect(sections.getByRole("link", { name: "My Profile" })).not.toBeInViewport({ ratio: 1 });
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
      }

      // A signed-in rider shops from the top bar, or from the side menu on a phone.
      if (label === "desktop") {
        await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" }).click();
      } else {
        const menu = await portal.openMenu();
        await expect(menu.getByRole("link", { name: "My Account" })).toBeVisible();
        await menu.getByRole("link", { name: "Products" }).click();
        await portal.seeNoDialogLeft();
      }
      await portal.seeHeading("Products");
      await page.goto("/products/bus");
      await page
        .getByRole("article", { name: "Day Pass", exact: true })
        .getByRole("button", { name: "Add to cart" })
        .click();
      await expect(page.getByRole("dialog", { name: "Shopping cart" }).getByText("Day Pass")).toBeVisible();
      await portal.closeCart();
      await portal.seeNoDialogLeft();

      // Signing out with items in the cart asks first, in the middle of the screen.
      const signOut = async () => {
        if (label === "desktop") await page.getByRole("button", { name: "Sign out" }).click();
        else await (await portal.openMenu()).getByRole("button", { name: "Sign out" }).click();
      };
      await signOut();
      const ask = page.getByRole("alertdialog", { name: "Sign out?" });
      await portal.seeCentred(ask);
      await portal.checkAccessibility();
      await ask.getByRole("button", { name: "Stay signed in" }).click();
      await expect(ask).toBeHidden();
      if (label === "phone") await page.keyboard.press("Escape");
      await portal.seeNoDialogLeft();
      await expect(portal.cartButton()).toHaveAccessibleName("Shopping cart, 1 item");

      await signOut();
      await ask.getByRole("button", { name: "Sign out and clear cart" }).click();
      await portal.seeHeading("Sign in");
      await portal.seeNoDialogLeft();
      await expect(portal.cartButton()).toHaveAccessibleName("Shopping cart, 0 items");
    });
  });
}

test.describe("a rider's account, from sign-up to deletion", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  // Hashing (scrypt) and a 5-second redirect make this the longest journey of the suite.
  test.describe.configure({ timeout: 120_000 });

  test("signs up, confirms, signs in, turns on two-factor, signs in with a code, changes language and leaves", async ({
    page,
  }) => {
    const portal = new Portal(page);
    const email = `journey-${Date.now()}@example.org`;
    const password = "a long journey passphrase";
    const phone = "2025550142";

    await portal.open("/signup");
    await portal.seeHeading("Create an account");
    await page.getByLabel("First Name").fill("Jo");
    await page.getByLabel("Last Name").fill("Rider");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Confirm Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm Password").fill(password);
    await portal.checkAccessibility();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Check your email")).toBeVisible();

    const confirm = await fromMailbox(page, email, /(\/confirm\/[A-Za-z0-9_-]+)/);
    await page.goto(confirm);
    await expect(page.getByText("Your email is confirmed.")).toBeVisible();
    await portal.checkAccessibility();
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

    await signIn(page, email, password);
    await portal.seeHeading("My Profile");
    await expect(page.getByText(email)).toBeVisible();
    await portal.checkAccessibility();

    const twoFactor = await startTwoFactor(portal, phone, password);
    await portal.checkAccessibility();
    const enrolCode = await fromMailbox(page, `+1${phone}`, /verification code is ([0-9]{6})/);
    await twoFactor.getByLabel("Verification Code").fill(enrolCode);
    await twoFactor.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(
      twoFactor.getByText("Two-factor authentication is on. Codes are sent to •••• 0142."),
    ).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await portal.seeHeading("Sign in");
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, email, password);
    await expect(page.getByRole("heading", { name: "Two-factor verification" })).toBeVisible();
    await portal.checkAccessibility();
    const signInCode = await fromMailbox(page, `+1${phone}`, /verification code is ([0-9]{6})/);
    await page.getByLabel("Verification Code").fill(signInCode === "000000" ? "000001" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(
      page.getByText("Invalid verification code. Please try again with valid code."),
    ).toBeVisible();
    await page.getByLabel("Verification Code").fill(signInCode);
    await page.getByRole("button", { name: "Verify" }).click();
    await portal.seeHeading("My Profile");

    await portal.chooseLanguage("Language", "Español");
    await portal.seeHeading("Mi perfil");
    await expect(async () => {
      const token = await page.evaluate(() => localStorage.getItem("auth_token"));
      const me = await page.request.get("/accounts/users/me", {
        headers: { authorization: `Bearer ${token}` },
      });
      expect((await me.json()).data.locale).toBe("es");
    }).toPass({ timeout: 10_000 });
    await portal.chooseLanguage("Idioma", "English");
    await portal.seeHeading("My Profile");

    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Security" }).click();
    const deletion = page.getByRole("region", { name: "Delete account" });
    const question = page.getByRole("alertdialog", { name: "Delete your account?" });
    // The red button only asks; keeping the account closes the question and forgets what was typed.
    await expect(deletion.getByLabel("Current Password")).toHaveCount(0);
    await deletion.getByRole("button", { name: "Delete my account" }).click();
    await portal.seeCentred(question);
    await question.getByLabel("Current Password").fill("not what I meant to type");
    await question.getByRole("button", { name: "Keep my account" }).click();
    await portal.seeNoDialogLeft();
    await deletion.getByRole("button", { name: "Delete my account" }).click();
    await portal.seeCentred(question);
    await expect(question.getByText(/This cannot be undone/)).toBeVisible();
    await expect(question.getByLabel("Current Password")).toHaveValue("");
    await portal.checkAccessibility();
    await question.getByLabel("Current Password").fill(password);
    await question.getByRole("button", { name: "Delete my account" }).click();
    await portal.seeHeading("Sign in");
    await portal.seeNoDialogLeft();
    await expect(page.getByText("Your account was deleted.")).toBeVisible();
    await signIn(page, email, password);
    await expect(
      page.getByText(
        "The email and password you entered do not match our information. Check again and retry.",
      ),
    ).toBeVisible();
  });

  test("a wrong password is refused with the spec's words", async ({ page }) => {
    const portal = new Portal(page);
    await portal.open("/login");
    await signIn(page, "rider@example.com", "not the password");
    await expect(
      page.getByText(
        "The email and password you entered do not match our information. Check again and retry.",
      ),
    ).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("rider@example.com");
    await portal.checkAccessibility();
  });

  test("a reset link that is not valid says so and offers a new one", async ({ page }) => {
    const portal = new Portal(page);
    await portal.open("/reset/not-a-real-token-at-all-0000000000");
    await portal.seeHeading("Reset password");
    await page.getByLabel("Password", { exact: true }).fill("a brand new passphrase");
    await page.getByLabel("Confirm Password").fill("a brand new passphrase");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("This token is invalid")).toBeVisible();
    await portal.checkAccessibility();
    await page.getByRole("link", { name: "Request a new password reset link" }).click();
    await portal.seeHeading("Forgot password");
    await portal.checkAccessibility();
  });

  test("an invited rider accepts the mailed invite and signs in", async ({ page }) => {
    const portal = new Portal(page);
    const email = `invited-${Date.now()}@example.org`;
    const invited = await page.request.post("/accounts/invites", {
      headers: { authorization: `Bearer ${operatorToken}` },
      data: { email, first_name: "Rosa", locale: "en" },
    });
    expect(invited.status()).toBe(201);
    const token = await fromMailbox(page, email, /\/invite\/([A-Za-z0-9_-]+)/);

    await portal.open(`/invite/${token}`);
    await portal.seeHeading("Accept invite");
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveValue("Rosa");
    await page.getByLabel("Last Name").fill("Parks");
    await page.getByLabel("Password", { exact: true }).fill("an invited passphrase");
    await page.getByLabel("Confirm Password").fill("an invited passphrase");
    await portal.checkAccessibility();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Your account is ready.", { exact: true })).toBeVisible();
    await portal.checkAccessibility();
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await signIn(page, email, "an invited passphrase");
    await portal.seeHeading("My Profile");

    // The link worked once.
    await portal.open(`/invite/${token}`);
    await expect(page.getByText("Invalid user information")).toBeVisible();
  });

  test("an invite link that is not valid says so", async ({ page }) => {
    const portal = new Portal(page);
    await portal.open("/invite/not-a-real-invite-token-000000000");
    await expect(page.getByText("Invalid user information")).toBeVisible();
    await portal.checkAccessibility();
  });

  test("an Apple return whose state was not sent from this browser fails and goes to sign in", async ({
    page,
  }) => {
    const portal = new Portal(page);
    await portal.open(
      "/redirect/forged-state-0123456789/eyJhbGciOiJSUzI1NiJ9.e30.c2ln/undefined/undefined/undefined",
    );
    await expect(page.getByText("Failed to login by Apple sign in.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await portal.checkAccessibility();
  });
});

/*
 * A session ended on the server (signed out elsewhere): the next request finds out, the rider lands on
 * sign-in under the spec's "Session expired" popup, closes it, and signs in again. In each of the three
 * complete languages, at both widths between them.
 */
for (const visit of [
  { language: "en", viewport: { width: 1280, height: 800 } },
  { language: "es", viewport: { width: 390, height: 844 } },
  { language: "vi", viewport: { width: 1280, height: 800 } },
] as const) {
  test.describe(`an ended session (${visit.language}, ${visit.viewport.width} px)`, () => {
    test.use({ viewport: visit.viewport });

    test("the rider lands on sign-in under the session-expired popup and signs in again", async ({
      page,
    }) => {
      const t = words(visit.language);
      await page.addInitScript(
        (language) => localStorage.setItem("Bytemark-CW-lang", language),
        visit.language,
      );
      const portal = new Portal(page);
      // The sign-in form's labels are the server's, in the portal's language: found by their fields.
      const signInWith = async (t: (english: string) => string) => {
        await page.locator('input[type="email"]').fill("rider@example.com");
        await page.locator('input[type="password"]').fill("transit-demo-2026");
        await page.getByRole("button", { name: t("Sign in"), exact: true }).click();
      };
      await portal.open("/login");
      await signInWith(t);
      await portal.seeHeading(t("My Profile"));
      const token = await page.evaluate(() => localStorage.getItem("auth_token"));
      const revoked = await page.request.post("/accounts/users/logout", {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(revoked.status()).toBe(204);
      await page.reload();
      await expect(page).toHaveURL(/\/login$/);
      const popup = page.getByRole("alertdialog", { name: t("Session expired") });
      await portal.seeCentred(popup);
      await expect(popup).toContainText(t("Your session has ended. Please sign in again."));
      await expect(popup.getByRole("button", { name: t("OK") })).toBeFocused();
      await portal.checkAccessibility();
      await page.screenshot({
        path: `.tmp/test-results/session-expired-${visit.language}-${visit.viewport.width}.png`,
      });
      await portal.seeStored("auth_token", null);
      await page.keyboard.press("Enter");
      await expect(popup).toHaveCount(0);
      await expect(page.getByText(t("Your session has ended. Please sign in again."))).toBeVisible();
      await signInWith(t);
      await portal.seeHeading(t("My Profile"));
    });
  });
}
