import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support";

// The workflow library on both platform variants (Acme: Slack-type, Adam the workspace admin;
// Globex: Teams-type, Gina the super admin, the only one with workflows there): a feedback loop
// from the SBI template, renamed, previewed in a dialog, duplicated and the copy deleted after
// its confirmation; the super admin builds a custom template (a group only on Slack-type) and
// starts a loop from it. Titles are unique to this file, so other specs' loops do not matter.

const LIBRARY = "/workflows/library";

async function createSbiLoop(page: Page, title: string) {
  await page.goto(LIBRARY);
  await page.getByRole("link", { name: "New feedback loop" }).first().click();
  await expect(page.getByRole("heading", { name: "Choose a template type" })).toBeVisible();
  await page.locator('[data-template-type="feedback"]').click();
  await page.getByRole("button", { name: "Use template: Situation-Behaviour-Impact (SBI)" }).click();
  await expect(page.getByText("Feedback loop created successfully")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Situation" })).toBeDisabled();
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await page.getByRole("button", { name: "Save title" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

const row = (page: Page, title: string) => page.locator("tr[data-library-loop]").filter({ has: page.getByRole("link", { name: title, exact: true }) });

for (const variant of [
  { key: "acme", admin: "adam@acme.test", superAdmin: "alice@acme.test", group: true },
  { key: "globex", admin: "gina@globex.test", superAdmin: "gina@globex.test", group: false },
] as const) {
  test.describe(`${variant.key}: feedback loop library`, () => {
    test("an admin creates a loop from SBI, previews, duplicates and deletes the copy", async ({ page }) => {
      const title = `Sprint SBI ${variant.key} ${Date.now()}`;
      await signIn(page, variant.admin);
      await createSbiLoop(page, title);

      await page.goto(LIBRARY);
      await expect(row(page, title)).toHaveCount(1);
      await expect(row(page, title).getByRole("cell", { name: "Situation-Behaviour-Impact (SBI)" })).toBeVisible();
      await expect(row(page, title).getByRole("link", { name: `Launch ${title}` })).toHaveAttribute("href", /\/workflows\/library\/feedback\/[0-9a-f-]{36}\/config$/);

      // Preview: a dialog of the blocks as a sender sees them; Escape closes it and focus returns.
      const previewButton = row(page, title).getByRole("link", { name: `Preview ${title}` });
      await previewButton.click();
      const dialog = page.getByRole("dialog", { name: `Preview: ${title}` });
      await expect(dialog.getByRole("textbox", { name: "Behaviour" })).toBeVisible();
      await expect(dialog.getByText("(optional)")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(previewButton).toBeFocused();

      await row(page, title).getByRole("button", { name: `Duplicate ${title}` }).click();
      await expect(page.getByText("Feedback loop duplicated successfully")).toBeVisible();
      const copy = `${title} (copy)`;
      await expect(row(page, copy)).toHaveCount(1);

      // Delete asks first; Cancel keeps it, Delete removes only the copy.
      await row(page, copy).getByRole("button", { name: `Delete ${copy}` }).click();
      let confirm = page.getByRole("dialog", { name: `Delete ${copy}?` });
      await expect(confirm.getByText("Loops already launched from it keep running")).toBeVisible();
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toBeHidden();
      await expect(row(page, copy)).toHaveCount(1);
      await row(page, copy).getByRole("button", { name: `Delete ${copy}` }).click();
      confirm = page.getByRole("dialog", { name: `Delete ${copy}?` });
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("Feedback loop deleted successfully")).toBeVisible();
      await expect(row(page, copy)).toHaveCount(0);
      await expect(row(page, title)).toHaveCount(1);
    });

    test("the super admin builds a custom template and starts a loop from it", async ({ page }) => {
      const name = `Project retro ${variant.key} ${Date.now()}`;
      await signIn(page, variant.superAdmin);
      await page.goto(`${LIBRARY}/template-types/feedback`);
      await page.getByRole("link", { name: "Create custom template" }).click();
      await expect(page.getByRole("heading", { name: "New custom template" })).toBeVisible();

      // A save with nothing filled in says what is missing and saves nothing.
      await page.getByRole("button", { name: "Create Template" }).click();
      await expect(page.getByText("This is a required field.").first()).toBeVisible();
      await expect(page.getByText("Please add at least one question.")).toBeVisible();

      await page.getByRole("textbox", { name: "Template name" }).fill(`  ${name}  `);
      await page.getByRole("radio", { name: "Everyone" }).check();
      await page.getByRole("button", { name: "+ Long Text" }).click();
      const first = page.locator('li[data-block-key="n1"]');
      await first.getByRole("textbox", { name: "Question" }).fill("What went well on this project?");
      await page.getByRole("button", { name: "+ Multiple Choice" }).click();
      const second = page.locator('li[data-block-key="n2"]');
      await second.getByRole("textbox", { name: "Question" }).fill("How would you rate the collaboration?");
      await second.getByRole("checkbox", { name: "Comment box" }).check();
      await second.getByRole("textbox", { name: "Comment guideline" }).fill("What made it so?");
      if (variant.group) {
        await page.getByRole("button", { name: "+ Group" }).click();
        const group = page.locator('li[data-block-key="n3"]');
        await group.getByRole("textbox", { name: "Group label" }).fill("Looking ahead");
        await group.getByRole("button", { name: "+ Short Text" }).click();
        await group.locator('li[data-block-key="n4"]').getByRole("textbox", { name: "Question" }).fill("One thing to change next time");
      } else {
        await expect(page.getByRole("button", { name: "+ Group" })).toHaveCount(0);
      }
      // The live preview shows what a sender will see.
      const preview = page.getByRole("region", { name: "Preview" });
      await expect(preview.getByText("How would you rate the collaboration?")).toBeVisible();
      await page.getByRole("button", { name: "Create Template" }).click();
      await expect(page.getByText("Template created successfully")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Edit custom template" })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Template name" })).toHaveValue(name);

      await page.getByRole("link", { name: "Back to templates" }).click();
      const custom = page.locator("tr[data-custom-template]").filter({ hasText: name });
      await expect(custom.getByRole("cell", { name: "Everyone" })).toBeVisible();
      await custom.getByRole("button", { name: `Use template: ${name}` }).click();
      // A loop of blocks edits its blocks: the builder, with the template's questions. The builder
      // is a heavy page on a loaded machine, so wait for it first; its toast stays five seconds.
      await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(name, { timeout: 20_000 });
      await expect(page.getByText("Feedback loop created successfully")).toBeVisible();
      await expect(page.locator("li[data-block-key]").first().getByRole("textbox", { name: "Question" })).toHaveValue("What went well on this project?");
      await page.getByRole("textbox", { name: "Title" }).fill(`${name} loop`);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Feedback loop saved successfully")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: `${name} loop` })).toBeVisible();
    });

    test("a new block takes the focus after its delay, unless the person has moved on", async ({ page }) => {
      await signIn(page, variant.superAdmin);
      await page.goto(`${LIBRARY}/template-types/feedback`);
      await page.getByRole("link", { name: "Create custom template" }).click();
      await expect(page.getByRole("heading", { name: "New custom template" })).toBeVisible();
      await page.getByRole("button", { name: "+ Long Text" }).click();
      await expect(page.locator('li[data-block-key="n1"]').getByRole("textbox", { name: "Question" })).toBeFocused();
      await page.getByRole("button", { name: "+ Short Text" }).click();
      const templateName = page.getByRole("textbox", { name: "Template name" });
      await templateName.focus();
      await page.waitForTimeout(800);
      await expect(templateName).toBeFocused();
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("delete confirms in the page, then removes the loop", async ({ page }) => {
    const title = `No-script SBI ${Date.now()}`;
    await signIn(page, "alice@acme.test");
    await page.goto(`${LIBRARY}/template-types/feedback`);
    await page.getByRole("button", { name: "Use template: Situation-Behaviour-Impact (SBI)" }).click();
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page.getByRole("button", { name: "Save title" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await page.goto(LIBRARY);
    await row(page, title).getByRole("button", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete ${title}?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(row(page, title)).toHaveCount(0);
  });
});
