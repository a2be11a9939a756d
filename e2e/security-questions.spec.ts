import { agencies } from "./data-templates.ts";
import { asDemoRider, expect, type Page, test } from "./fixtures.ts";
import { Portal } from "./models/portal.ts";
import { fromMailbox, signInAsNewRider } from "./models/riders.ts";
import { secondServer } from "./models/second-server.ts";
import { SecurityQuestionsPage } from "./models/security-questions.ts";
import { openProfile } from "./models/signed-in.ts";

const server = secondServer({
  port: 8512,
  name: "security-questions",
  deployment: agencies.securityQuestions,
});

const questions = {
  school: "What was the name of your first school?",
  pet: "What was the name of your first pet?",
  street: "What street did you live on as a child?",
} as const;

/** The same questions in Spanish, as the reset form words them after a change of language. */
const preguntas = {
  school: "¿Cómo se llamaba su primera escuela?",
  pet: "¿Cómo se llamaba su primera mascota?",
  street: "¿En qué calle vivió durante su infancia?",
} as const;

const resetLink = /(\/reset\/[A-Za-z0-9_-]+)/;

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `.tmp/security-questions-${name}.png`, fullPage: true });
}

const viewports = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const;

test.describe("security questions on", () => {
  test.describe.configure({ timeout: 180_000, mode: "serial" });
  test.use({ baseURL: server.baseURL });
  test.beforeAll(() => server.startInHook());
  test.afterAll(() => server.dispose());

  for (const [label, viewport] of viewports) {
    test(`a rider sets three questions, and a password reset asks them (${label})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const portal = new Portal(page);
      const security = new SecurityQuestionsPage(page);
      const rider = await signInAsNewRider(portal, `questions-${label}`);

      await portal.open("/account/security");
      await portal.seeHeading("Security");
      await expect(security.section().getByText("Choose 3 security questions")).toBeVisible();
      await portal.checkAccessibility();

      await security.section().getByRole("button", { name: "Set security questions" }).click();
      await expect(security.form()).toBeVisible();
      // Save with nothing filled in: each problem on its field, nothing sent.
      await security.form().getByRole("button", { name: "Save" }).click();
      await expect(security.form().getByText("Choose a question.")).toHaveCount(3);
      await expect(security.form().getByText("Enter your current password.")).toBeVisible();
      await portal.checkAccessibility();

      await security.answer(1, questions.school, "Springfield Elementary");
      await security.answer(2, questions.pet, "Santa's Little Helper");
      await security.answer(3, questions.street, "Evergreen Terrace");
      // A question chosen in one row is not offered in another.
      await security.form().getByRole("combobox", { name: "Security question 3" }).click();
      await expect(page.getByRole("option", { name: questions.school })).toHaveCount(0);
      await page.keyboard.press("Escape");

      await security.save("not my password");
      await expect(security.form().getByText("Invalid password")).toBeVisible();
      await expect(security.form().getByRole("textbox", { name: "Answer 2" })).toHaveValue(
        "Santa's Little Helper",
      );
      await portal.checkAccessibility();
      await shot(page, `editing-${label}`);

      await security.save(rider.password);
      await expect(page.getByText("Security questions saved.")).toBeVisible();
      await expect(security.chosen()).toHaveText([questions.school, questions.pet, questions.street]);
      await expect(security.section().getByText("Springfield")).toHaveCount(0);
      await portal.checkAccessibility();
      await shot(page, `viewing-${label}`);

      // Signed out, the rider forgets the password.
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await portal.open("/forgotpassword");
      await portal.seeHeading("Forgot password");
      await page.getByLabel("Email", { exact: true }).fill(rider.email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(
        page.getByText("a link to reset the password is on its way", { exact: false }),
      ).toBeVisible();
      await page.goto(await fromMailbox(page, rider.email, resetLink));
      await portal.seeHeading("Reset password");

      const newPassword = "a brand new rider passphrase";
      await page.getByLabel("Password", { exact: true }).fill(newPassword);
      await page.getByLabel("Confirm Password").fill(newPassword);
      await page.getByLabel(questions.school).fill("Shelbyville Elementary");
      await page.getByLabel(questions.pet).fill("Santa's Little Helper");
      await page.getByLabel(questions.street).fill("Evergreen Terrace");
      await page.getByRole("button", { name: "Save new password" }).click();
      await expect(page.getByRole("alert")).toHaveText(
        "The answers to your security questions do not match.",
      );
      await expect(page.getByLabel(questions.pet)).toHaveValue("Santa's Little Helper");
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue(newPassword);
      await portal.checkAccessibility();
      await shot(page, `reset-refused-${label}`);

      // A change of language rewords the questions at once and keeps every answer typed.
      await portal.chooseLanguage("Language", "Español");
      await portal.seeHeading("Restablecer contraseña");
      await expect(page.getByLabel(preguntas.school)).toHaveValue("Shelbyville Elementary");
      await expect(page.getByLabel(preguntas.pet)).toHaveValue("Santa's Little Helper");
      await expect(page.getByLabel(preguntas.street)).toHaveValue("Evergreen Terrace");
      await expect(page.getByText(questions.pet)).toHaveCount(0);
      await portal.checkAccessibility();
      await shot(page, `reset-spanish-${label}`);
      await portal.chooseLanguage("Idioma", "English");
      await portal.seeHeading("Reset password");
      await expect(page.getByLabel(questions.pet)).toHaveValue("Santa's Little Helper");
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue(newPassword);

      await page.getByLabel(questions.school).fill("  springfield   ELEMENTARY ");
      await page.getByLabel(questions.street).fill("EVERGREEN terrace");
      await page.getByRole("button", { name: "Save new password" }).click();
      await expect(
        page.getByText("Your password was changed. Sign in with your new password."),
      ).toBeVisible();
      await portal.checkAccessibility();

      await portal.open("/login");
      await portal.seeHeading("Sign in");
      await portal.signIn(rider.email, newPassword);
      await portal.seeHeading("My Profile");
    });
  }
});

test.describe("security questions off (the demo deployment)", () => {
  for (const [label, viewport] of viewports) {
    asDemoRider(`the security page says the agency does not use them (${label})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const portal = new Portal(page);
      await openProfile(portal);
      await portal.open("/account/security");
      await portal.seeHeading("Security");
      const section = page.getByRole("region", { name: "Security questions" });
      await expect(
        section.getByText("This agency does not use security questions", { exact: false }),
      ).toBeVisible();
      await expect(section.getByRole("button")).toHaveCount(0);
      await portal.checkAccessibility();
    });
  }
});
