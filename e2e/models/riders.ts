import { expect, type Locator, type Page } from "@playwright/test";
import type { Portal } from "./portal.ts";

/** Riders for the end-to-end tests: the seeded demo rider, and riders signed up through the portal. */

/** The demo rider of the README (seeded outside production). */
export const demoRider = { email: "rider@example.com", password: "transit-demo-2026" } as const;

interface MailboxMessage {
  recipient: string;
  body: string;
}

/** Every message of the dev mailbox to `recipient` whose body matches `pattern`. */
export async function mailTo(page: Page, recipient: string, pattern: RegExp): Promise<MailboxMessage[]> {
  const reply = await page.request.get("/dev/mailbox.json");
  const messages: MailboxMessage[] = (await reply.json()).data.messages;
  return messages.filter((message) => message.recipient === recipient && pattern.test(message.body));
}

/** The first group of `pattern` in the newest message to `recipient` that matches it. */
export async function fromMailbox(page: Page, recipient: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect(async () => {
    found = (await mailTo(page, recipient, pattern))[0]?.body.match(pattern)?.[1];
    expect(found).toBeDefined();
  }).toPass({ timeout: 10_000 });
  if (!found) throw new Error(`nothing for ${recipient} in the mailbox`);
  return found;
}

export const confirmLink = /(\/confirm\/[A-Za-z0-9_-]+)/;

let signUps = 0;

/**
 * Signs a new rider up through the API the sign-up page calls (the sandbox captcha's token checked at
 * POST /transit/api/verify_google_captcha, then POST /accounts/users) and, when `confirmed`, confirms the
 * email with the mailed link's token (POST /accounts/users/confirm), as the confirm page does. Set-up
 * for a test about something else: it loads no page (the sign-up and confirm pages cost two page loads
 * a rider); the pages themselves are walked by accounts.spec.ts. Each sign-up comes from an address of
 * its own (X-Forwarded-For, which the e2e servers trust from loopback), so a file's sign-ups never
 * spend one address's sign-up budget. Leaves the browser signed out, on whatever page it was.
 */
export async function signUpRider(
  portal: Portal,
  { confirmed, prefix }: { confirmed: boolean; prefix: string },
): Promise<{ email: string; password: string }> {
  const { page } = portal;
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
  const password = "a long rider passphrase";
  signUps += 1;
  const headers = {
    "X-Forwarded-For": `198.18.${(process.pid + signUps) % 256}.${(signUps % 254) + 1}`,
  };
  const captcha = `sandbox-signup-${crypto.randomUUID()}`;
  const checked = await page.request.post("/transit/api/verify_google_captcha", {
    headers,
    data: { token: captcha },
  });
  expect(checked.ok(), `captcha check: ${await checked.text()}`).toBe(true);
  const signedUp = await page.request.post("/accounts/users", {
    headers,
    data: { first_name: "Ada", last_name: "Rider", email, password, locale: "en", captcha_token: captcha },
  });
  expect(signedUp.ok(), `sign-up: ${await signedUp.text()}`).toBe(true);
  if (confirmed) {
    const link = await fromMailbox(page, email, confirmLink);
    const token = link.split("/").pop() ?? "";
    const confirmedReply = await page.request.post("/accounts/users/confirm", { headers, data: { token } });
    expect(confirmedReply.ok(), `confirm: ${await confirmedReply.text()}`).toBe(true);
  }
  return { email, password };
}

/** Signs in on /login and waits for the logged-in default page. */
export async function signInAt(portal: Portal, rider: { email: string; password: string }): Promise<void> {
  await portal.open("/login");
  await portal.seeHeading("Sign in");
  await portal.signIn(rider.email, rider.password);
  await portal.seeHeading("My Profile");
  await expect(portal.page).toHaveURL(/\/account\/profile$/);
}

/** A rider signed up for the test with the email confirmed, then signed in on the default page. */
export async function signInAsNewRider(
  portal: Portal,
  prefix: string,
): Promise<{ email: string; password: string }> {
  const rider = await signUpRider(portal, { confirmed: true, prefix });
  await signInAt(portal, rider);
  return rider;
}

/**
 * From a signed-in page: Security, "Turn on two-factor authentication" for a US phone, up to the code
 * being texted. Returns the two-factor region, where the code is typed next.
 */
export async function startTwoFactor(portal: Portal, phone: string, password: string): Promise<Locator> {
  const page = portal.page;
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Security" }).click();
  await portal.seeHeading("Security");
  const twoFactor = page.getByRole("region", { name: "Two-factor authentication" });
  await twoFactor.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await twoFactor.getByLabel("Country code").fill("+1");
  await twoFactor.getByLabel("Phone number").fill(phone);
  await twoFactor.getByLabel("Current Password").fill(password);
  await twoFactor.getByRole("button", { name: "Send code" }).click();
  await expect(twoFactor.getByText(/It can take about a minute to arrive\./)).toBeVisible();
  return twoFactor;
}
