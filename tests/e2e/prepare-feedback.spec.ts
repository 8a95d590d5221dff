import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support";

// The feedback crafting tool (001 §2 prepare feedback): the reviewer writes, sees the AI score
// change as the text improves, tags competencies, refines a passage and submits; the same main
// steps work with JavaScript off, the page being one form of submit buttons.

const scoreOf = async (page: Page) => Number(await page.locator("[data-ai-score]").getAttribute("data-ai-score"));

test("the reviewer crafts feedback, sees the scores change, tags a competency and submits", async ({ page }) => {
  await signIn(page, "alice@acme.test");
  await page.goto("/one-on-ones/oo-acme-leadership-1on1-1-05/prepare-feedback/new");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Prepare feedback for");

  const text = page.getByLabel("Your feedback");
  // Empty text is refused in the browser with the §5 message.
  await page.getByRole("button", { name: "Refresh AI score" }).click();
  await expect(page.getByText("AI feedback crafting needs non-empty text.")).toBeVisible();

  await text.fill("You are great.");
  await page.getByRole("button", { name: "Refresh AI score" }).click();
  await expect(page).toHaveURL(/\/prepare-feedback\/(?!new)[^/]+$/);
  await expect(page.locator("[data-ai-score]")).not.toHaveAttribute("data-ai-score", "");
  // The embedded analyser's score (docs/ai-rubric.md): no situation, behaviour, impact or step.
  const first = await scoreOf(page);
  expect(first).toBe(15);

  // A specific, actionable text reads better: the score changes after editing and refreshing.
  const better =
    "In Tuesday's customer demo you walked the client through each trade-off and answered every question calmly. " +
    "Because of that the client signed the renewal the same week. " +
    "Next quarter, write up the demo script and share it with the sales team by the end of the month.";
  await text.fill(better);
  await page.getByRole("button", { name: "Refresh AI score" }).click();
  await expect.poll(() => scoreOf(page)).toBe(51);
  await expect(text).toHaveValue(better);
  await expect(page.locator("[data-specificity-score]")).toHaveText("64%");

  // Specificity's Generate waits for a change; Tone's while the opening statement is empty.
  const tabs = page.getByRole("tablist", { name: "What the AI read" });
  const specificity = page.getByRole("tabpanel", { name: "Specificity" });
  await expect(specificity.getByRole("button", { name: "Generate" })).toBeDisabled();
  await specificity.getByLabel("Impact", { exact: true }).fill("The client renewed for two years.");
  await expect(specificity.getByRole("button", { name: "Generate" })).toBeEnabled();
  await tabs.getByRole("tab", { name: "Tone" }).click();
  const tone = page.getByRole("tabpanel", { name: "Tone" });
  await expect(tone.getByRole("button", { name: "Generate" })).toBeEnabled();
  await tone.getByLabel("Opening statement").fill("");
  await expect(tone.getByRole("button", { name: "Generate" })).toBeDisabled();
  await expect(tone.getByRole("button", { name: "Merge" })).toBeDisabled();

  // The panel's tabs are a tab list with JavaScript.
  await tabs.getByRole("tab", { name: "Focus" }).click();
  await expect(page.getByRole("tabpanel", { name: "Focus" })).toBeVisible();

  // Tag a competency, then remove it.
  await tabs.getByRole("tab", { name: "Competencies" }).click();
  const panel = page.getByRole("tabpanel", { name: "Competencies" });
  await panel.getByLabel("Competency", { exact: true }).selectOption({ label: "Leadership" });
  await panel.getByRole("button", { name: "Add as strength" }).click();
  const strengths = panel.getByRole("list", { name: "Strengths" });
  await expect(strengths.locator('[data-competency="k-acme-leadership"][data-tag="human"]')).toBeVisible();
  await panel.getByRole("button", { name: "Remove Leadership" }).click();
  await expect(panel.locator('[data-competency="k-acme-leadership"][data-tag="human"]')).toHaveCount(0);

  // Refine a selected passage: select with the keyboard, open the selection menu by right-click.
  await text.focus();
  await page.keyboard.press("Control+Home");
  for (let i = 0; i < "In Tuesday's".length; i++) await page.keyboard.press("Shift+ArrowRight");
  await text.dispatchEvent("contextmenu", { button: 2 });
  const menu = page.getByRole("dialog", { name: "Refine the selected text" });
  const menuPanel = menu.locator("[data-selection-menu]");
  await expect(menuPanel).toBeVisible();
  expect(Math.round((await menuPanel.boundingBox())!.width)).toBe(426);
  await expect(menu.getByText("In Tuesday's", { exact: true })).toBeVisible();
  await expect(menu.getByLabel("How should it change?")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(text).toBeFocused();
  // The same menu from the keyboard's selection and the Refine selection button.
  await page.getByRole("button", { name: "Refine selection" }).click();
  await expect(menuPanel).toBeVisible();
  await page.keyboard.press("Escape");

  // Refine the first sentence: the provider rewrites it in place, the rest stays.
  const firstSentence = better.slice(0, better.indexOf(". ") + 1);
  await text.evaluate((el: HTMLTextAreaElement, end: number) => {
    el.focus();
    el.setSelectionRange(0, end);
  }, firstSentence.length);
  await text.dispatchEvent("contextmenu", { button: 2 });
  await expect(menuPanel).toBeVisible();
  await expect(menu.getByText(firstSentence, { exact: true })).toBeVisible();
  await menu.getByLabel("How should it change?").fill("make it friendlier");
  await menu.getByRole("button", { name: "Refine", exact: true }).click();
  await expect(menu).toHaveCount(0);
  await expect(text).toHaveValue(`Thank you for your work on this. ${better}`);

  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/one-on-ones$/);
  await expect(page.getByText("Your feedback is submitted.")).toBeVisible();

  // The meeting's page shows the submitted feedback's summary.
  await page.goto("/one-on-ones/oo-acme-leadership-1on1-1-05");
  const card = page.locator('[data-card="ai-feedback"]');
  await expect(card.locator('[data-stat="aiScore"]')).toHaveText(/^\d+ \/ 100$/);
  await expect(card.getByRole("link", { name: "Edit" })).toHaveCount(0);
});

test("the meeting's page opens the tool in a dialog: Edit and Help me craft feedback", async ({ page }) => {
  await signIn(page, "mike@globex.test");
  // An AI feedback in progress: Edit opens it over the page; closing gives focus back to Edit.
  await page.goto("/one-on-ones/oo-globex-sales-1on1-1-03");
  const card = page.locator('[data-card="ai-feedback"]');
  const before = await card.locator('[data-stat="aiScore"]').textContent();
  const edit = card.getByRole("link", { name: "Edit" });
  await edit.click();
  const dialog = page.getByRole("dialog", { name: /Prepare feedback for/ });
  const text = dialog.getByLabel("Your feedback");
  await expect(text).toHaveValue(/weekly forecast deadline/);
  await expect(page).toHaveURL(/\/one-on-ones\/oo-globex-sales-1on1-1-03$/);
  await text.fill(
    "In last Friday's forecast review you sent the numbers two days late, so the team could not plan the week. " +
      "Next time, share the forecast by Thursday evening and flag any account you are unsure about."
  );
  await dialog.getByRole("button", { name: "Refresh AI score" }).click();
  await expect(dialog.locator("[data-ai-score]")).not.toHaveAttribute("data-ai-score", String(parseInt(before ?? "0", 10)));
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(edit).toBeFocused();
  // The page behind read the change.
  await expect(card.locator('[data-stat="aiScore"]')).not.toHaveText(before ?? "");

  // No AI feedback yet: 'Help me craft feedback' opens the empty tool in the dialog; the first
  // analysis creates the feedback and moves to its full page, where it is submitted.
  await page.goto("/one-on-ones/oo-globex-sales-1on1-1-05");
  await page.getByRole("link", { name: "Help me craft feedback" }).click();
  const craft = page.getByRole("dialog", { name: /Prepare feedback for/ });
  await craft.getByLabel("Your feedback").fill("In Tuesday's pitch you answered every pricing question with figures. The client asked for a second meeting.");
  await craft.getByRole("button", { name: "Refresh AI score" }).click();
  await expect(page).toHaveURL(/\/one-on-ones\/oo-globex-sales-1on1-1-05\/prepare-feedback\/(?!new)[^/]+$/);
  await expect(page.getByLabel("Your feedback")).toHaveValue(/second meeting/);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/one-on-ones$/);
  await page.goto("/one-on-ones/oo-globex-sales-1on1-1-05");
  await expect(page.locator('[data-card="ai-feedback"] [data-stat="aiScore"]')).toHaveText(/^\d+ \/ 100$/);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the reviewer crafts, tags a competency and submits through the page's one form", async ({ page }) => {
    await signIn(page, "mike@globex.test");
    await page.goto("/one-on-ones/oo-globex-sales-1on1-1-04/prepare-feedback/new");
    const text = page.getByLabel("Your feedback");
    await text.fill("In Monday's pipeline review you updated every account before the meeting. The forecast was right for the first time this year.");
    await page.getByRole("button", { name: "Refresh AI score" }).click();
    await expect(page).toHaveURL(/\/prepare-feedback\/(?!new)[^/]+$/);
    // Without JavaScript every tab shows, one under the other, with the scores.
    await expect(page.getByRole("heading", { name: "Specificity" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Actionability" })).toBeVisible();
    await expect(page.locator("[data-ai-score]")).toContainText("out of 100");

    await page.getByLabel("Competency", { exact: true }).selectOption({ label: "Customer Focus" });
    await page.getByRole("button", { name: "Add as development area" }).click();
    await expect(page.getByRole("list", { name: "Development areas" }).locator('[data-competency="k-globex-customer-focus"]')).toBeVisible();

    // An actionable step, added through the blank row.
    await page.getByLabel("Step 1", { exact: true }).fill("Share the forecast template with the team by Friday.");
    await page.getByRole("button", { name: "Add actionability" }).click();
    await expect(page.getByLabel("Your feedback")).toHaveValue(/./);

    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/one-on-ones$/);
    await expect(page.getByText("Your feedback is submitted.")).toBeVisible();
    await page.goto("/one-on-ones/oo-globex-sales-1on1-1-04");
    await expect(page.locator('[data-card="ai-feedback"] [data-stat="aiScore"]')).toHaveText(/^\d+ \/ 100$/);
  });
});
