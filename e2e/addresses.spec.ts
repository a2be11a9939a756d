import { maxAddresses } from "../src/domain/payments/saved.ts";
import { asDemoRider, expect, test } from "./fixtures.ts";
import { AddressesPage } from "./models/addresses.ts";
import { openProfile } from "./models/signed-in.ts";

/*
 * The Shipping Address screen against the real server, in Chromium at a phone's and a desktop's width:
 * the empty list, the form's own checks before any request, the country combobox by mouse and by
 * keyboard, a state from the country's list or as text, the server's refusal on its field, the default
 * (the first address, then another), editing, removal after a centred question, and the limit. Tests
 * that change data sign a new rider up; the demo rider's two addresses are only looked at.
 */

const desktop = { width: 1280, height: 800 } as const;
const phone = { width: 390, height: 844 } as const;

test.describe("shipping addresses", () => {
  test("a rider adds, edits, makes default and removes addresses (desktop)", async ({ page }) => {
    await page.setViewportSize(desktop);
    // The page's clock, so the success line's 3 seconds pass when the test says (time flows meanwhile).
    await page.clock.install();
    const screen = new AddressesPage(page);
    await screen.signInAsNewRider("addresses");
    await screen.open();
    await expect(page.getByText("You have no saved shipping addresses yet.")).toBeVisible();
    await screen.portal.checkAccessibility();
    await screen.screenshot("empty-1280");

    // Nothing is sent while the form has a problem the portal can see.
    let requests = 0;
    page.on("request", (request) => {
      if (request.method() !== "GET" && new URL(request.url()).pathname.startsWith("/transit/addresses")) {
        requests += 1;
      }
    });
    await screen.clickAdd();
    await expect(page.getByRole("combobox", { name: "Country" })).toHaveValue("United States");
    await screen.save();
    await screen.seeProblem("First Name", "First Name can not be empty.");
    await screen.seeProblem("Zip Code", "Zip Code can not be empty.");
    await screen.fill({
      firstName: "Ada",
      lastName: "Rider",
      line1: "1 Market St",
      state: "California",
      city: "San Francisco",
      zip: "9410",
      email: "ada@",
    });
    await screen.seeProblem("Zip Code", "Zip Code is not valid.");
    await screen.seeProblem("Email (optional)", "Invalid Email Address");
    await screen.screenshot("form-problems-1280");
    await screen.portal.checkAccessibility();
    await screen.save();
    expect(requests).toBe(0);
    await screen.fill({ zip: "94105", email: "" });
    await screen.save();
    await screen.seeNotice("The address was added.");
    // The spec's alerts clear after 3 seconds: the line goes, the address stays.
    await page.clock.fastForward(3000);
    await expect(page.getByRole("status").filter({ hasText: "The address was added." })).toHaveCount(0);
    // The first address is the default.
    await screen.seeAddress("1 Market St", "Ada Rider", "San Francisco, CA 94105", "United States");
    await screen.seeDefault("1 Market St");

    // Another country: its provinces, its postal codes; a ZIP the new country does not take says so.
    await screen.clickAdd();
    await screen.fill({ firstName: "Ada", lastName: "Rider", line1: "290 Bremner Blvd", zip: "94105" });
    await screen.chooseCountry("Canada");
    await screen.seeProblem("Zip Code", "Zip Code is not valid.");
    await screen.fill({ state: "Ontario", city: "Toronto", zip: "m5v2t6" });
    await screen.save();
    await screen.seeNotice("The address was added.");
    await screen.seeAddress("290 Bremner Blvd", "Toronto, ON M5V 2T6", "Canada");
    await screen.dontSeeDefault("290 Bremner Blvd");

    await screen.setDefault("290 Bremner Blvd");
    await screen.seeNotice("Your default address was changed.");
    await screen.seeDefault("290 Bremner Blvd");
    await screen.dontSeeDefault("1 Market St");
    await screen.portal.checkAccessibility();
    await screen.screenshot("list-1280");

    // Editing keeps what is not changed; Cancel leaves without saving.
    await screen.edit("1 Market St");
    // The pressed button is gone with the list: the keyboard goes on from the form's heading.
    await expect(page.getByRole("heading", { name: "Edit address" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("First Name")).toBeFocused();
    await expect(page.getByLabel("Address Line 1")).toHaveValue("1 Market St");
    await screen.fill({ line1: "2 Market St" });
    await screen.cancel();
    await expect(page.getByRole("heading", { name: "Your addresses" })).toBeFocused();
    await screen.seeAddress("1 Market St");
    await screen.edit("1 Market St");
    await screen.fill({ line2: "Suite 300" });
    await screen.save();
    await screen.seeNotice("The address was updated.");
    await screen.seeAddress("1 Market St", "Suite 300");

    // Removing asks first, in the middle of the screen.
    let question = await screen.askToRemove("290 Bremner Blvd");
    await screen.portal.seeCentred(question);
    await screen.portal.checkAccessibility();
    await screen.screenshot("remove-1280");
    // Two addresses are far from the limit, question or not.
    await expect(page.getByText(/the most you can keep/)).toHaveCount(0);
    await question.getByRole("button", { name: "Keep" }).click();
    await screen.portal.seeNoDialogLeft();
    await screen.seeAddress("290 Bremner Blvd");
    question = await screen.askToRemove("290 Bremner Blvd");
    await question.getByRole("button", { name: "Remove" }).click();
    await screen.portal.seeNoDialogLeft();
    await screen.seeNotice("The address was removed.");
    await expect(page.getByRole("heading", { name: "Your addresses" })).toBeFocused();
    await screen.dontSeeAddress("290 Bremner Blvd");
    // The default went: the one left is the default now.
    await screen.seeDefault("1 Market St");
    await page.reload();
    await screen.seeDefault("1 Market St");
    await screen.dontSeeAddress("290 Bremner Blvd");
  });

  test("the country is chosen by keyboard, and the server's refusal lands on its field", async ({ page }) => {
    await page.setViewportSize(desktop);
    const screen = new AddressesPage(page);
    await screen.signInAsNewRider("addresses-keys");
    await screen.open();
    await screen.clickAdd();
    const country = page.getByRole("combobox", { name: "Country" });
    await country.focus();
    await country.fill("");
    await country.pressSequentially("germ");
    await expect(page.getByRole("option", { name: "Germany", exact: true })).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(country).toHaveValue("Germany");
    await screen.portal.checkAccessibility();
    // No list of states here: a text field.
    await screen.fill({
      firstName: "Ada",
      lastName: "Rider",
      // A card number in an address line: the server refuses to keep it.
      line1: "4242 4242 4242 4242",
      state: "Berlin",
      city: "Berlin",
      zip: "10115",
    });
    await screen.save();
    await screen.seeProblem("Address Line 1", "Address Line 1 is not valid.");
    await expect(page.getByLabel("City")).toHaveValue("Berlin");
    await expect(country).toHaveValue("Germany");
    await screen.fill({ line1: "Unter den Linden 1" });
    await screen.save();
    await screen.seeNotice("The address was added.");
    await screen.seeAddress("Unter den Linden 1", "Berlin, Berlin 10115", "Germany");
    // Countries are named in the rider's language.
    await screen.portal.chooseLanguage("Language", "Español");
    await screen.portal.seeHeading("Dirección de envío");
    await expect(page.getByRole("listitem").filter({ hasText: "Unter den Linden 1" })).toContainText(
      "Alemania",
    );
  });

  test(`at ${maxAddresses} addresses there is no Add address`, async ({ page }) => {
    await page.setViewportSize(desktop);
    const screen = new AddressesPage(page);
    await screen.signInAsNewRider("addresses-limit");
    const stored = await screen.portal.storedValue("auth_token");
    const token = stored?.startsWith('"') ? (JSON.parse(stored) as string) : stored;
    for (let index = 0; index < maxAddresses; index++) {
      const reply = await page.request.post("/transit/addresses", {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          firstName: "Ada",
          lastName: "Rider",
          address_1: `${index + 1} Main St`,
          country: "US",
          state: "CA",
          city: "San Francisco",
          zipCode: "94105",
        },
      });
      expect(reply.status()).toBe(201);
    }
    await screen.open();
    await screen.seeAddress("10 Main St");
    await expect(page.getByRole("button", { name: "Add address" })).toHaveCount(0);
    await expect(
      page.getByText(
        `You have saved ${maxAddresses} addresses, the most you can keep. Remove one to add another.`,
      ),
    ).toBeVisible();
    const question = await screen.askToRemove("10 Main St");
    await question.getByRole("button", { name: "Remove" }).click();
    await screen.dontSeeAddress("10 Main St");
    await expect(page.getByRole("button", { name: "Add address" })).toBeVisible();
  });

  asDemoRider(
    "on a phone the list, the form and the question fit (the demo rider, looked at only)",
    async ({ page }) => {
      await page.setViewportSize(phone);
      const screen = new AddressesPage(page);
      await openProfile(screen.portal);
      await page.goto("/account/addresses");
      await screen.portal.seeHeading("Shipping Address");
      await screen.seeAddress(
        "100 Market St",
        "Riley Rider",
        "Apt 5",
        "San Francisco, CA 94105",
        "United States",
      );
      await screen.seeDefault("100 Market St");
      await screen.seeAddress("1 Ferry Building");
      await expect(
        screen.address("1 Ferry Building").getByRole("button", { name: "Set as default" }),
      ).toBeVisible();
      await screen.seeNoSidewaysScroll();
      await screen.portal.checkAccessibility();
      await screen.screenshot("list-390");

      await screen.edit("1 Ferry Building");
      await expect(page.getByRole("combobox", { name: "State" })).toContainText("California");
      await screen.seeNoSidewaysScroll();
      await screen.portal.checkAccessibility();
      await screen.screenshot("form-390");
      const country = page.getByRole("combobox", { name: "Country" });
      await country.fill("");
      await country.pressSequentially("uni");
      await expect(page.getByRole("option", { name: "United Kingdom", exact: true })).toBeVisible();
      await screen.seeNoSidewaysScroll();
      await page.screenshot({ path: ".tmp/screens/addresses-country-390.png" });
      await page.keyboard.press("Escape");
      await expect(country).toHaveValue("United States");
      await screen.cancel();

      const question = await screen.askToRemove("1 Ferry Building");
      await screen.portal.seeCentred(question);
      await screen.portal.checkAccessibility();
      await screen.screenshot("remove-390");
      await page.keyboard.press("Escape");
      await screen.portal.seeNoDialogLeft();
      await screen.seeAddress("1 Ferry Building");
    },
  );
});
