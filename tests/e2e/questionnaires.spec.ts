import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn } from "./support";

// Build a questionnaire with every block type from scratch and from a
// predefined template, with JavaScript on and off, and reopen it unchanged; validation messages.

const LIBRARY = "/reviews/review-questionnaires";

const blocks = (page: Page) => page.getByRole("list", { name: "Questions" }).locator(":scope > li");

async function addBlock(page: Page, type: string): Promise<Locator> {
  const before = await blocks(page).count();
  await page.getByRole("button", { name: `+ ${type}`, exact: true }).click();
  await expect(blocks(page)).toHaveCount(before + 1);
  return blocks(page).nth(before);
}

async function buildFromScratch(page: Page, name: string, javaScriptEnabled: boolean) {
  await page.goto(LIBRARY);
  await page.getByRole("link", { name: "Add New" }).click();
  await page.getByRole("link", { name: /Build from scratch/ }).click();
  await expect(page).toHaveURL(`${LIBRARY}/new`);

  // Saving an empty questionnaire shows the specification's messages and saves nothing.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("This is a required field.").first()).toBeVisible();
  await expect(page.getByText("Please add at least one question.")).toBeVisible();

  await page.getByLabel("Questionnaire name", { exact: true }).fill(name);
  await (await addBlock(page, "Title")).getByLabel("Title", { exact: true }).fill("Mid-year review");
  await (await addBlock(page, "Subtitle")).getByLabel("Subtitle", { exact: true }).fill("About your half year");
  const short = await addBlock(page, "Short Text");
  await short.getByLabel("Question", { exact: true }).fill("Your biggest win");
  await short.getByLabel("Required", { exact: true }).check();
  await (await addBlock(page, "Long Text")).getByLabel("Question", { exact: true }).fill("What would you change?");
  const choice = await addBlock(page, "Multiple Choice");
  await choice.getByLabel("Question", { exact: true }).fill("How was your workload?");
  await choice.getByLabel("Answer scale", { exact: true }).selectOption({ label: "Custom items" });
  await choice.getByLabel("Choices (one per line)", { exact: true }).fill("Too light\n\nAbout right\nToo heavy");
  await choice.getByLabel("View", { exact: true }).selectOption({ label: "Dropdown" });
  await choice.getByLabel("Comment box", { exact: true }).check();
  await choice.getByLabel("Comment guideline", { exact: true }).fill("Say what drove it");
  const competency = await addBlock(page, "Competency Question");
  await competency.getByLabel("Question", { exact: true }).fill("How well does this person communicate?");
  await competency.getByLabel("Competency", { exact: true }).selectOption({ label: "Communication" });
  const objective = await addBlock(page, "Objective Question");
  await objective.getByLabel("Question", { exact: true }).fill("Progress on the objective");
  await objective.getByLabel("Answer scale", { exact: true }).selectOption({ label: "Net Promoter Score (0–10)" });

  // Full Preview: a dialog with JavaScript, a section above the builder without; the form keeps its values.
  await page.getByRole("button", { name: "Full Preview" }).click();
  const fullPreview = page.getByRole("dialog", { name: "Full Preview" });
  await expect(fullPreview.getByText("How was your workload?")).toBeVisible();
  await expect(fullPreview.getByRole("combobox", { name: "How was your workload?" })).toContainText("About right");
  if (javaScriptEnabled) {
    await page.keyboard.press("Escape");
    await expect(fullPreview).toBeHidden();
  }
  await expect(page.getByLabel("Questionnaire name", { exact: true })).toHaveValue(name);

  await page.getByRole("button", { name: "Create Template" }).click();
  await expect(page.getByText("Questionnaire created successfully")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIBRARY}/[0-9a-f-]{36}$`));
}

async function expectReopenedUnchanged(page: Page, name: string) {
  await page.goto(LIBRARY);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByLabel("Questionnaire name", { exact: true })).toHaveValue(name);
  const list = blocks(page);
  await expect(list).toHaveCount(7);
  await expect(list.nth(0).getByLabel("Title", { exact: true })).toHaveValue("Mid-year review");
  await expect(list.nth(1).getByLabel("Subtitle", { exact: true })).toHaveValue("About your half year");
  await expect(list.nth(2).getByLabel("Question", { exact: true })).toHaveValue("Your biggest win");
  await expect(list.nth(2).getByLabel("Required", { exact: true })).toBeChecked();
  await expect(list.nth(3).getByLabel("Question", { exact: true })).toHaveValue("What would you change?");
  await expect(list.nth(4).getByLabel("Choices (one per line)", { exact: true })).toHaveValue("Too light\nAbout right\nToo heavy");
  await expect(list.nth(4).getByLabel("View", { exact: true })).toHaveValue("dropdown");
  await expect(list.nth(4).getByLabel("Comment guideline", { exact: true })).toHaveValue("Say what drove it");
  await expect(list.nth(5).getByLabel("Competency", { exact: true })).toHaveValue("k-acme-communication");
  await expect(list.nth(6).getByLabel("Answer scale", { exact: true })).toHaveValue("nps");
  // The preview shows the questions as a reviewer will see them.
  const preview = page.locator("[data-preview]").first();
  await expect(preview.getByText("How was your workload?")).toBeVisible();
  await expect(preview.getByText("Communication", { exact: true })).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`review questionnaires with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    const suffix = javaScriptEnabled ? "JS" : "NoJS";

    test("an Acme admin builds a questionnaire with every block type from scratch and reopens it unchanged", async ({ page }) => {
      await signIn(page, "alice@acme.test");
      const name = `Mid-year ${suffix}`;
      await buildFromScratch(page, name, javaScriptEnabled);
      await expectReopenedUnchanged(page, name);
    });

    test("an Acme admin starts from a predefined template, moves a question, saves and reopens it", async ({ page }) => {
      await signIn(page, "alice@acme.test");
      await page.goto(`${LIBRARY}/add-new-questionnaire`);
      await page.getByRole("link", { name: /Quarterly Check-in/ }).click();
      const name = page.getByLabel("Questionnaire name", { exact: true });
      await name.fill(`Quarterly ${suffix}`);
      const count = await blocks(page).count();
      expect(count).toBeGreaterThan(3);
      // The summary reads "2. Type label"; after the move the same block is number 3.
      const second = (await blocks(page).nth(1).locator("summary").innerText()).replace(/^2\./, "3.");
      await blocks(page).nth(1).getByRole("button", { name: "Move question 2 down" }).click();
      await expect(blocks(page).nth(2).locator("summary")).toHaveText(second);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Questionnaire created successfully")).toBeVisible();
      await page.getByRole("link", { name: `Quarterly ${suffix}`, exact: true }).click();
      await expect(blocks(page)).toHaveCount(count);
      await expect(blocks(page).nth(2).locator("summary")).toHaveText(second);
    });
  });
}

test("with JavaScript, a question is reordered from the keyboard and a duplicate takes focus", async ({ page }) => {
  await signIn(page, "gina@globex.test");
  await page.goto(`${LIBRARY}/new`);
  await page.getByLabel("Questionnaire name", { exact: true }).fill("Keyboard");
  await (await addBlock(page, "Short Text")).getByLabel("Question", { exact: true }).fill("First");
  await (await addBlock(page, "Short Text")).getByLabel("Question", { exact: true }).fill("Second");
  // The preview follows the typing.
  await expect(page.locator("[data-preview]").getByText("2. Second")).toBeVisible();
  await page.getByRole("button", { name: "Reorder question 1 of 2" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(blocks(page).nth(0).getByLabel("Question", { exact: true })).toHaveValue("Second");
  await expect(blocks(page).nth(1).getByLabel("Question", { exact: true })).toHaveValue("First");
  await expect(page.getByRole("button", { name: "Reorder question 2 of 2" })).toBeFocused();
  await blocks(page).nth(0).getByRole("button", { name: "Duplicate question 1" }).click();
  await expect(blocks(page)).toHaveCount(3);
  await expect(blocks(page).nth(1).getByLabel("Question", { exact: true })).toHaveValue("Second");
  await expect(blocks(page).nth(1).getByLabel("Question", { exact: true })).toBeFocused();
  await page.getByRole("button", { name: "Full Preview" }).click();
  const dialog = page.getByRole("dialog", { name: "Full Preview" });
  await expect(dialog.getByText("Second")).toHaveCount(2);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // The dialog's root has no size of its own: wait for its panel to leave (after its closing transition).
  await expect(page.getByRole("heading", { name: "Full Preview" })).toHaveCount(0);
  // A collapsed invalid question opens on Save and its field takes focus; nothing is saved.
  const last = blocks(page).nth(2);
  await last.locator("summary").click();
  await expect(last.getByLabel("Question", { exact: true })).toBeHidden();
  await page.getByLabel("Questionnaire name", { exact: true }).focus();
  await last.getByLabel("Question", { exact: true }).evaluate((input: HTMLInputElement) => {
    input.value = "";
    input.form?.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(last.getByLabel("Question", { exact: true })).toBeVisible();
  await expect(last.getByLabel("Question", { exact: true })).toBeFocused();
  await expect(last.getByText("This is a required field.")).toBeVisible();
  await expect(page).toHaveURL(`${LIBRARY}/new`);
});
