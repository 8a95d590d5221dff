import { expect, test, type Browser, type Page } from "@playwright/test";
import { d1Execute, signIn } from "./support";

// Goals on profiles through the real UI (002 §2.7, §4-§6): a person adds a goal, their manager
// approves it, it is completed, and completing before approval is refused with the message; the
// dialog's keyboard and focus; and the whole round with JavaScript off.
//
// Seeded data used (app/db/seed/demo.ts, goals.ts): Acme's Eve reports to Mona; competencies
// Communication (Listens actively, …) and Ownership. The goals these tests add are named "E2E …"
// and removed first.

const OWN = "/my-profile/u-acme-eve/goals";
const AS_MANAGER = "/my-team/default/users/u-acme-eve/goals";
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function forget(name: string) {
  d1Execute(`DELETE FROM goals WHERE name = '${name.replace(/'/g, "''")}'`);
}

async function as(browser: Browser, email: string): Promise<Page> {
  const page = await browser.newPage();
  await signIn(page, email);
  return page;
}

const goalItem = (page: Page, name: string) => page.locator("li[data-goal]", { hasText: name });

test.describe("with JavaScript", () => {
  test("a person adds a goal, completing before approval is refused, the manager approves, and it is completed", async ({ browser }) => {
    const name = "E2E Launch the onboarding survey";
    forget(name);
    const eve = await as(browser, "eve@acme.test");
    await eve.goto(OWN);
    await eve.getByRole("link", { name: "Add New" }).click();
    const dialog = eve.getByRole("dialog", { name: "Add goal" });
    await expect(dialog.getByRole("heading", { name: "Add goal" })).toBeVisible();
    // Behaviours follow the chosen competencies.
    await expect(dialog.getByRole("checkbox", { name: "Listens actively" })).toHaveCount(0);
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Description").fill("Ask every new starter in their second week.");
    await dialog.getByLabel("Deadline").fill(inDays(30));
    await dialog.getByRole("checkbox", { name: "Communication" }).check();
    await dialog.getByRole("checkbox", { name: "Listens actively" }).check();
    await expect(dialog.getByRole("checkbox", { name: "Raises risks early" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(eve).toHaveURL(OWN);
    const item = goalItem(eve, name);
    await expect(item).toContainText("Awaiting approval");
    await expect(item).toContainText("Behaviours: Listens actively");

    await eve.getByRole("link", { name: `Approve or complete goal ${name}` }).click();
    const actions = eve.getByRole("dialog", { name: "Goal actions" });
    await actions.getByRole("checkbox", { name: "Completed" }).check();
    await actions.getByRole("button", { name: "Save" }).click();
    await expect(actions.getByText("Goal cannot be completed without approval")).toBeVisible();
    await expect(actions.getByRole("checkbox", { name: "Approved" })).toBeDisabled();
    expect(d1Execute(`SELECT completion_status FROM goals WHERE name = '${name}'`)).toContain('"completion_status": 0');

    const mona = await as(browser, "mona@acme.test");
    await mona.goto(AS_MANAGER);
    await mona.getByRole("link", { name: `Approve or complete goal ${name}` }).click();
    const approve = mona.getByRole("dialog", { name: "Goal actions" });
    await approve.getByRole("checkbox", { name: "Approved" }).check();
    await approve.getByRole("button", { name: "Save" }).click();
    await expect(approve).toHaveCount(0);
    await expect(goalItem(mona, name)).toContainText("Approved by Mona Larsen");

    await eve.goto(OWN);
    await eve.getByRole("link", { name: `Approve or complete goal ${name}` }).click();
    const complete = eve.getByRole("dialog", { name: "Goal actions" });
    await complete.getByRole("checkbox", { name: "Completed" }).check();
    await complete.getByRole("button", { name: "Save" }).click();
    await expect(complete).toHaveCount(0);
    await expect(goalItem(eve, name)).toContainText("Completed by Eve Reyes");
    // A completed goal is final: no edit, delete or actions.
    await expect(eve.getByRole("link", { name: `Edit goal ${name}` })).toHaveCount(0);
    await expect(eve.getByRole("link", { name: `Delete goal ${name}` })).toHaveCount(0);
    forget(name);
  });

  test("the goal dialog takes the keyboard: focus moves in, Escape closes it and focus comes back", async ({ page }) => {
    await signIn(page, "eve@acme.test");
    await page.goto(OWN);
    const add = page.getByRole("link", { name: "Add New" });
    await add.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add goal" });
    await expect(dialog.getByRole("heading", { name: "Add goal" })).toBeVisible();
    await expect(dialog.getByLabel("Name")).toBeFocused();
    // Submitting empty stays in the dialog with the required message.
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("This is a required field.").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(OWN);
    await expect(add).toBeFocused();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adds a goal (a past deadline and a stray behaviour refused), approves, completes, and deletes another", async ({ browser }) => {
    const name = "E2E Write the support playbook";
    const other = "E2E Goal to delete";
    forget(name);
    forget(other);
    const eve = await browser.newPage({ javaScriptEnabled: false });
    await signIn(eve, "eve@acme.test");
    await eve.goto(OWN);
    await eve.getByRole("link", { name: "Add New" }).click();
    await expect(eve).toHaveURL(`${OWN}?goal=new`);
    const form = eve.locator("form:has(input[name=intent][value=goal-save])");
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Deadline").fill("2020-01-01");
    await form.getByRole("checkbox", { name: "Communication" }).check();
    // Every competency's behaviours are offered, grouped; one of Ownership is not of a chosen competency.
    await form.getByRole("group", { name: "Ownership" }).getByRole("checkbox", { name: "Raises risks early" }).check();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(eve.getByText("Deadline cannot be in the past")).toBeVisible();
    await form.getByLabel("Deadline").fill(inDays(20));
    await form.getByRole("button", { name: "Save" }).click();
    await expect(eve.getByText("Choose only behaviours of the chosen competencies.")).toBeVisible();
    await form.getByRole("group", { name: "Ownership" }).getByRole("checkbox", { name: "Raises risks early" }).uncheck();
    await form.getByRole("group", { name: "Communication" }).getByRole("checkbox", { name: "Shares context early" }).check();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(eve).toHaveURL(OWN);
    await expect(goalItem(eve, name)).toContainText("Behaviours: Shares context early");

    await eve.getByRole("link", { name: `Approve or complete goal ${name}` }).click();
    await eve.getByRole("checkbox", { name: "Completed" }).check();
    await eve.getByRole("button", { name: "Save" }).click();
    await expect(eve.getByText("Goal cannot be completed without approval")).toBeVisible();

    const mona = await browser.newPage({ javaScriptEnabled: false });
    await signIn(mona, "mona@acme.test");
    await mona.goto(AS_MANAGER);
    await mona.getByRole("link", { name: `Approve or complete goal ${name}` }).click();
    await mona.getByRole("checkbox", { name: "Approved" }).check();
    await mona.getByRole("checkbox", { name: "Completed" }).check();
    await mona.getByRole("button", { name: "Save" }).click();
    await expect(goalItem(mona, name)).toContainText("Approved by Mona Larsen");
    await expect(goalItem(mona, name)).toContainText("Completed by Mona Larsen");

    await eve.goto(`${OWN}?goal=new`);
    await form.getByLabel("Name").fill(other);
    await form.getByLabel("Deadline").fill(inDays(5));
    await form.getByRole("button", { name: "Save" }).click();
    await eve.getByRole("link", { name: `Delete goal ${other}` }).click();
    await expect(eve.getByRole("alertdialog", { name: "Delete goal?" })).toBeVisible();
    await eve.getByRole("button", { name: "Delete" }).click();
    await expect(eve).toHaveURL(OWN);
    await expect(goalItem(eve, other)).toHaveCount(0);
    forget(name);
  });
});
