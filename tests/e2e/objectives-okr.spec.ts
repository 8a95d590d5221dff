import { expect, test } from "@playwright/test";
import { d1Execute, signIn } from "./support";

// The OKR page through the real UI (001 §2, §3, §9): an employee fills it with JavaScript off
// (an objective with key results, its actual saved with Save, the set submitted) and their
// manager approves it on the profile; with JavaScript an actual saves itself after typing.
//
// Seeded data (app/db/seed/objective-sets.ts): in Acme's "H2 OKRs" Priya (manager Adam) is
// pending with "Fewer escaped defects" (weight 50); Eve's set is approved. The objectives these
// tests add are named "E2E …" and removed first, and Priya's set is pending again.

const OKR = "/objective-campaign/okr";

function resetPriya() {
  d1Execute([
    "DELETE FROM objective_check_ins WHERE objective_id IN (SELECT id FROM objectives WHERE name LIKE 'E2E %')",
    "DELETE FROM objective_key_results WHERE objective_id IN (SELECT id FROM objectives WHERE name LIKE 'E2E %')",
    "DELETE FROM objectives WHERE name LIKE 'E2E %'",
    "UPDATE objectives_participants SET state = 'pending', submitted_at = NULL, approved_at = NULL, approved_by = NULL WHERE campaign_id = 'oc-acme-okr' AND user_id = 'u-acme-priya'",
  ]);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an employee fills the OKR page and submits it, and the manager approves", async ({ browser }) => {
    resetPriya();
    const priya = await browser.newPage({ javaScriptEnabled: false });
    await signIn(priya, "priya@acme.test");
    await priya.goto(OKR);
    await expect(priya.getByRole("heading", { name: "OKRs", level: 1 })).toBeVisible();
    await priya.getByRole("link", { name: "Add objective" }).click();
    const form = priya.locator("form:has(input[name=intent][value=saveObjective])");
    await form.getByLabel("Name *").fill("E2E Faster releases");
    await form.getByLabel("Weight *").fill("70");
    const first = form.getByRole("group", { name: "Key results 1" });
    await first.getByLabel("Name").fill("Deploys a week");
    await first.getByLabel("Start value").fill("2");
    await first.getByLabel("Target").fill("10");
    await form.getByRole("button", { name: "Save" }).click();
    // 50 + 70 is more than 100: refused, and what was typed stays.
    await expect(priya.getByText("The weights of your objectives add up to more than 100.")).toBeVisible();
    await expect(form.getByLabel("Name *")).toHaveValue("E2E Faster releases");
    await form.getByLabel("Weight *").fill("50");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(priya).toHaveURL(OKR);
    const card = priya.locator("li[data-objective='E2E Faster releases']");
    await expect(card).toContainText("Deploys a week");

    const actual = card.locator("li[data-key-result='Deploys a week']");
    await actual.getByLabel("Actual").fill("6");
    await actual.getByRole("button", { name: "Save" }).click();
    await expect(priya.locator("li[data-key-result='Deploys a week']")).toContainText("Progress 50%");

    await priya.getByRole("button", { name: "Submit for approval" }).click();
    await expect(priya.locator("[data-participant-state]")).toHaveText("Submitted");

    const adam = await browser.newPage({ javaScriptEnabled: false });
    await signIn(adam, "adam@acme.test");
    await adam.goto("/my-team/default/users/u-acme-priya/objectives");
    await expect(adam.getByText("E2E Faster releases")).toBeVisible();
    await adam.getByRole("button", { name: "Approve objectives" }).click();
    await expect(adam.locator("[data-participant-state]")).toHaveText("Approved");
    await priya.goto(OKR);
    await expect(priya.locator("[data-participant-state]")).toHaveText("Approved");
    await expect(priya.getByRole("link", { name: "Add objective" })).toHaveCount(0);
    resetPriya();
  });
});

test.describe("with JavaScript", () => {
  test("an actual saves itself 500 ms after typing stops", async ({ page }) => {
    await signIn(page, "eve@acme.test");
    await page.goto(OKR);
    const row = page.locator("li[data-key-result='Customer interviews']");
    const input = row.getByLabel("Actual");
    await input.fill("19");
    await expect(row.getByRole("status")).toHaveText("Saved");
    await page.reload();
    await expect(page.locator("li[data-key-result='Customer interviews']").getByLabel("Actual")).toHaveValue("19");
  });
});
