import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support";

// An admin of Acme (Slack-type) and of Globex (Teams-type) creates a
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

/** Each row has one actions control: a menu with JavaScript, a link to the actions panel without. */
async function openActions(page: Page, fullName: RegExp, javaScriptEnabled: boolean) {
  const row = page.getByRole("row", { name: fullName });
  if (javaScriptEnabled) await row.getByRole("button", { name: /^Actions for / }).click();
  else await row.getByRole("link", { name: /^Actions for / }).click();
}

async function excludePerson(page: Page, search: string, fullName: RegExp, javaScriptEnabled: boolean) {
  await page.goto(`/organization/settings/users?q=${encodeURIComponent(search)}`);
  await openActions(page, fullName, javaScriptEnabled);
  if (javaScriptEnabled) await page.getByRole("menuitem", { name: "Exclude" }).click();
  else await page.getByRole("button", { name: /^Exclude / }).click();
  await expect(page.getByText(/ is now inactive\.$/)).toBeVisible();
  const updated = page.getByRole("row", { name: fullName });
  await expect(updated.getByText("Inactive", { exact: true })).toBeVisible();
  // The actions now offer the way back.
  await openActions(page, fullName, javaScriptEnabled);
  if (javaScriptEnabled) await expect(page.getByRole("menuitem", { name: "Include" })).toBeVisible();
  else await expect(page.getByRole("button", { name: /^Include / })).toBeVisible();
}

/** Managers: search for someone, tick them, save; the search keeps what was already ticked. */
async function addManager(
  page: Page,
  who: string,
  person: RegExp,
  currentManager: RegExp,
  managerSearch: string,
  managerName: RegExp,
  javaScriptEnabled: boolean,
) {
  await page.goto(`/organization/settings/users?q=${encodeURIComponent(who)}`);
  await openActions(page, person, javaScriptEnabled);
  if (javaScriptEnabled) await page.getByRole("menuitem", { name: "Managers" }).click();
  else await page.getByRole("link", { name: /^Managers / }).click();
  const dialog = javaScriptEnabled ? page.getByRole("dialog") : page.locator('section[aria-labelledby="user-dialog-title"]');
  await expect(dialog.getByRole("checkbox", { name: currentManager })).toBeChecked();
  await dialog.getByLabel("Find people").fill(managerSearch);
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(dialog.getByRole("checkbox", { name: managerName })).not.toBeChecked();
  // The current manager is still listed, still ticked, though the search does not match them.
  await expect(dialog.getByRole("checkbox", { name: currentManager })).toBeChecked();
  await dialog.getByRole("checkbox", { name: managerName }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/^Managers of .* updated\.$/)).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`organisation administration with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    const suffix = javaScriptEnabled ? "JS" : "NoJS";

    test("an Acme super admin creates a department and excludes a person", async ({ page }) => {
      await signIn(page, "alice@acme.test");
      await createDepartment(page, `Research ${suffix}`);
      await excludePerson(page, javaScriptEnabled ? "grace" : "hugo", javaScriptEnabled ? /Grace/ : /Hugo/, javaScriptEnabled);
    });

    test("an Acme super admin adds a manager found by search", async ({ page }) => {
      await signIn(page, "alice@acme.test");
      if (javaScriptEnabled) await addManager(page, "jonas", /Jonas/, /Iris/, "priya", /Priya/, true);
      else await addManager(page, "zara", /Zara/, /Olivia/, "kenji", /Kenji/, false);
    });

    test("a Globex super admin creates a department and excludes a person", async ({ page }) => {
      await signIn(page, "gina@globex.test");
      await createDepartment(page, `Legal ${suffix}`);
      await excludePerson(page, javaScriptEnabled ? "ravi" : "sofia", javaScriptEnabled ? /Ravi/ : /Sofia/, javaScriptEnabled);
    });
  });
}
