import { expect, test } from "./fixtures.ts";
import { type Provider, SocialPage, sandboxEmail } from "./models/social.ts";

/*
 * Google, Facebook and Apple sign-in and connected accounts against the real server and its sandbox
 * identity provider, in Chromium at a phone's and a desktop's width: an account opened with Google,
 * signed out and signed in again as the same identity; Facebook; a cancelled and a forged return; a
 * password rider connecting and disconnecting providers; a rider opened by Google alone, who cannot
 * disconnect it. Every rider is new; the sandbox's pages are the server's and only passed through.
 */

const sizes = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const;

for (const [label, viewport] of sizes) {
  test.describe(`social sign-in (${label})`, () => {
    test.use({ viewport });
    const narrow = label === "phone";

    test("a rider signs up with Google, signs out and signs in again as the same identity", async ({
      page,
    }) => {
      const social = new SocialPage(page);
      const email = sandboxEmail("google");
      await social.openSignIn();
      await expect(page.getByTestId("social-sign-in").getByRole("button")).toHaveText([
        "Sign in with Google",
        "Sign in with Facebook",
        "Sign in with Apple",
      ]);
      await social.screenshot(`login-${viewport.width}`);
      await social.portal.checkAccessibility();

      await page.goto("/signup");
      await social.portal.seeHeading("Create an account");
      await social.clickSignInWith("Google", "Sign up");
      await social.answerSandbox("Google", { email, firstName: "Gina" });
      await social.seeSignedIn();
      await social.seeProfile("Gina Rider", email);
      await social.portal.checkAccessibility();

      await social.signOut(narrow);
      await social.clickSignInWith("Google");
      await social.answerSandbox("Google", { email });
      await social.seeSignedIn();
      // The same identity is the same account: the name it was opened with stays.
      await social.seeProfile("Gina Rider", email);
    });

    test("a rider signs in with Facebook", async ({ page }) => {
      const social = new SocialPage(page);
      await social.openSignIn();
      await social.clickSignInWith("Facebook");
      await social.answerSandbox("Facebook", { email: sandboxEmail("facebook") });
      await social.seeSignedIn();
      await social.portal.checkAccessibility();
    });

    test("a rider signs in with Apple, and Apple's return connects it to a password rider", async ({
      page,
    }) => {
      const social = new SocialPage(page);
      const apple = sandboxEmail("apple");
      await social.openSignIn();
      await social.clickSignInWith("Apple");
      await social.answerSandbox("Apple", { email: apple, firstName: "Abe" });
      await social.seeSignedIn();
      await social.seeProfile("Abe Rider", apple);
      await social.signOut(narrow);

      await social.signInAsNewRider("apple-link");
      await social.openConnectedAccounts();
      await social.clickConnect("Apple");
      await social.answerSandbox("Apple", { email: sandboxEmail("apple-linked") });
      await social.seeConnectedAccounts();
      await expect(social.row("Apple")).toContainText("Connected");
      await expect(social.row("Apple").getByRole("button", { name: "Disconnect Apple" })).toBeVisible();
    });

    test("Cancel at the provider fails the sign-in and goes back to sign in", async ({ page }) => {
      const social = new SocialPage(page);
      await social.openSignIn();
      await social.clickSignInWith("Google");
      await social.answerSandbox("Google", { action: "Cancel" });
      await social.seeFailure("Google");
      await social.portal.checkAccessibility();
    });

    test("a return whose state was tampered with fails", async ({ page }) => {
      const social = new SocialPage(page);
      await social.openSignIn();
      await social.clickSignInWith("Facebook");
      await social.seeSandboxPage("Facebook");
      await social.tamperWithState();
      await social.answerSandbox("Facebook", { email: sandboxEmail("forged") });
      await social.seeFailure("Facebook");
      // Nothing signed in: the account pages still ask for a sign-in.
      await page.goto("/account/connected-accounts");
      await social.portal.seeHeading("Sign in");
    });

    test("a password rider connects Google and Facebook, then disconnects one after a centred question", async ({
      page,
    }) => {
      // Two riders' sign-ups and five trips to the provider's sandbox: a journey twice the usual length.
      test.setTimeout(60_000);
      const social = new SocialPage(page);
      await social.signInAsNewRider("connect");
      const menu = narrow ? page : page.getByRole("navigation", { name: "Account" });
      await menu.getByRole("link", { name: "Connected accounts" }).first().click();
      await social.seeConnectedAccounts();
      for (const provider of ["Apple", "Google", "Facebook"] satisfies Provider[])
        await social.seeNotConnected(provider);
      await social.portal.checkAccessibility();

      const google = sandboxEmail("linked-google");
      await social.clickConnect("Google");
      await social.answerSandbox("Google", { email: google });
      await social.seeConnectedAccounts();
      await social.seeNotice("The account is connected. You can sign in with it now.");
      await social.seeConnected("Google", google);

      const facebook = sandboxEmail("linked-facebook");
      await social.clickConnect("Facebook");
      await social.answerSandbox("Facebook", { email: facebook });
      await social.seeConnected("Facebook", facebook);
      await social.seeConnected("Google", google);
      await social.screenshot(`connected-${viewport.width}`);
      await social.portal.checkAccessibility();

      await social.clickDisconnect("Google");
      const question = social.question("Google");
      await social.portal.seeCentred(question);
      await social.screenshot(`disconnect-${viewport.width}`);
      await social.portal.checkAccessibility();
      await question.getByRole("button", { name: "Keep connected" }).click();
      await social.portal.seeNoDialogLeft();
      await social.seeConnected("Google", google);

      await social.clickDisconnect("Google");
      await social.question("Google").getByRole("button", { name: "Disconnect" }).click();
      await social.portal.seeNoDialogLeft();
      await social.seeNotice("The account is disconnected.");
      await social.seeNotConnected("Google");
      await social.seeConnected("Facebook", facebook);

      // The same Facebook identity cannot be connected to a second rider.
      await social.signOut(narrow);
      await social.signInAsNewRider("second");
      await social.openConnectedAccounts();
      await social.clickConnect("Facebook");
      await social.answerSandbox("Facebook", { email: facebook });
      await social.seeConnectedAccounts();
      await social.seeAlert("That Facebook account is connected to another rider.");
      await social.seeNotConnected("Facebook");
      await social.portal.checkAccessibility();
      // Said once: a reload does not repeat it.
      await page.reload();
      await social.seeConnectedAccounts();
      await social.seeNotConnected("Facebook");
      await expect(page.getByRole("alert")).toHaveCount(0);
    });

    test("a rider opened by Google alone cannot disconnect it", async ({ page }) => {
      const social = new SocialPage(page);
      const email = sandboxEmail("google-only");
      await social.openSignIn();
      await social.clickSignInWith("Google");
      await social.answerSandbox("Google", { email });
      await social.seeSignedIn();
      await social.openConnectedAccounts();
      await social.seeConnected("Google", email);
      await social.clickDisconnect("Google");
      await social.seeAlert(
        "This is your only way to sign in. Set a password first (Forgot password) before you disconnect it.",
      );
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await social.seeConnected("Google", email);
      await social.screenshot(`last-way-${viewport.width}`);
      await social.portal.checkAccessibility();
    });
  });
}
