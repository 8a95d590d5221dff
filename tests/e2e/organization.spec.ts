import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support";

// Issue 3 "Done when": an admin of Acme (Slack-type) and of Globex (Teams-type) creates a
// department and excludes a person, with JavaScript on and with it off.

async function createDepartment(page: Page, name: string) {
  await page.goto("/organization/settings/departments");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Add department" }) });
  // An empty name is refused with the specification's message and nothing is created.
  await form.getByRole("button", { name: "Add department" }).click();
  await expect(page.getByText("This is a required field.")).toBeVisible();
  await form.getByLabel("Department").fill(name);
  await form.getByRole("button", { name: "Add department" }).click();
  await expect(page.getByRole("cell", { name })).toBeVisible();
}

async function excludePerson(page: Page, search: string, fullName: RegExp) {
  await page.goto(`/organization/settings/users?q=${encodeURIComponent(search)}`);
  const row = page.getByRole("row", { name: fullName });
  await row.getByRole("button", { name: /^Exclude / }).click();
  const updated = page.getByRole("row", { name: fullName });
  await expect(updated.getByText("Inactive", { exact: true })).toBeVisible();
  await expect(updated.getByRole("button", { name: /^Include / })).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`organisation administration with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    const suffix = javaScriptEnabled ? "JS" : "NoJS";

    test("an Acme super admin creates a department and excludes a person", async ({ page }) => {
      await signIn(page, "alice@acme.test");
      await createDepartment(page, `Research ${suffix}`);
      await excludePerson(page, javaScriptEnabled ? "grace" : "hugo", javaScriptEnabled ? /Grace/ : /Hugo/);
    });

    test("a Globex super admin creates a department and excludes a person", async ({ page }) => {
      await signIn(page, "gina@globex.test");
      await createDepartment(page, `Legal ${suffix}`);
      await excludePerson(page, javaScriptEnabled ? "ravi" : "sofia", javaScriptEnabled ? /Ravi/ : /Sofia/);
    });
  });
}
