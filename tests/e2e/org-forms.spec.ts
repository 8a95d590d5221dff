import { expect, test } from "@playwright/test";
import { signIn } from "./support";

// Organization settings forms as a person uses them with the mouse: a required-field error does
// not move the button from under the pointer, and a successful add leaves an empty field.

test("Create relationship: after the required-field error, typing a name and clicking again creates it", async ({ page }) => {
  await signIn(page, "alice@acme.test");
  await page.goto("/organization/settings/relationships");
  const form = page.locator("form#create-relationship");
  const create = form.getByRole("button", { name: "Create relationship" });
  await page.waitForLoadState("networkidle");

  await create.click();
  await expect(form.getByText("This is a required field.")).toBeVisible();

  const name = `Mentors ${Date.now()}`;
  await form.getByLabel("New relationship name").pressSequentially(name);
  await create.click();
  await expect(page).toHaveURL(/\/organization\/settings\/relationships\?open=/);
  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("adding a department empties the name field", async ({ page }) => {
      await signIn(page, "alice@acme.test");
      await page.goto("/organization/settings/departments");
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      const name = `Quality ${javaScriptEnabled ? "JS" : "NoJS"} ${Date.now()}`;
      const field = page.getByRole("textbox", { name: "Department", exact: true });
      await field.fill(name);
      await page.getByRole("button", { name: "Add department" }).click();
      await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Department", exact: true })).toHaveValue("");
    });
  });
}
