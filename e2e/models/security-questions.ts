import { expect, type Locator, type Page } from "@playwright/test";

/** The security questions section of /account/security, and a reset form that asks them. */
export class SecurityQuestionsPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  section(): Locator {
    return this.page.getByRole("region", { name: "Security questions" });
  }

  form(): Locator {
    return this.page.getByRole("form", { name: "Security questions" });
  }

  /** Chooses `question` in row `number` (1-based) and types its answer. */
  async answer(number: number, question: string, answer: string): Promise<void> {
    await this.form()
      .getByRole("combobox", { name: `Security question ${number}` })
      .click();
    await this.page.getByRole("option", { name: question }).click();
    await expect(this.page.getByRole("listbox")).toHaveCount(0);
    await this.form()
      .getByRole("textbox", { name: `Answer ${number}` })
      .fill(answer);
  }

  async save(password: string): Promise<void> {
    await this.form().getByLabel("Current password").fill(password);
    await this.form().getByRole("button", { name: "Save" }).click();
  }

  /** The questions the section lists as chosen. */
  chosen(): Locator {
    return this.section().getByRole("listitem");
  }
}
