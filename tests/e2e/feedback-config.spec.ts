import { expect, test, type Locator, type Page } from "@playwright/test";
import { d1Execute, signIn } from "./support";

// Configuring a feedback loop on both platforms (Acme: Slack-type, channels; Globex: Teams-type,
// groups): audience, manager-downward and a schedule, saved as each control changes with
// JavaScript and through each section's Save button without it; then the launch check, giving
// each requirement's message in the order of app/modules/feedback/launch-check.ts until the
// confirmation opens. The library loops are rows this file writes into the server's database
// (the library page makes them in the product); it touches no other spec's data.

const QUESTION = [
  {
    id: "b1",
    type: "long-text",
    typeTitle: "Long Text",
    textValue: { label: "What should they keep doing?", placeholder: "Type your answer here", required: true },
  },
];
const DAY = 86_400_000;
const path = (id: string) => `/workflows/library/feedback/${id}/config`;

const sql = (statement: string) => d1Execute(statement);

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

function insertLoop(id: string, companyId: string, workflowType: string | null, blocks: unknown[] = QUESTION) {
  sql(
    `INSERT OR REPLACE INTO feedback_library_loops (id, company_id, template_type, template_id, template_name, title, workflow_type, blocks, deadline_at, frequency, updated_at)
     VALUES (${quote(id)}, ${quote(companyId)}, 'feedback', 'tpl', 'Strengths', ${quote(`Loop ${id}`)}, ${workflowType ? quote(workflowType) : "NULL"}, ${quote(
       JSON.stringify(blocks)
     )}, ${Date.now() + 14 * DAY}, 'does-not-repeat', 0)`
  );
}

/** A `datetime-local` value `days` ahead at 10:00 in the browser's zone (UTC here, as without JavaScript). */
function ahead(days: number) {
  const d = new Date(Date.now() + days * DAY);
  return `${d.toISOString().slice(0, 10)}T10:00`;
}

const section = (page: Page, name: string) => page.locator(`section:has(> form h2:text-is("${name}"))`);

async function saved(part: Locator) {
  await expect(part.locator("[data-save-status]")).toHaveText("Saved");
}

interface Variant {
  key: "acme" | "globex";
  admin: string;
  company: string;
  slack: boolean;
  audienceLabel: string;
  audienceChoice: string;
  /** Active people of the chosen channel or group, and the manager-downward pairs they give. */
  members: number;
  pairs: number;
}

const VARIANTS: Variant[] = [
  // #product: Mona, Eve, Ed, Nina; their managers Alice, Mona, Mona, Alice.
  { key: "acme", admin: "alice@acme.test", company: "c-acme", slack: true, audienceLabel: "Channels", audienceChoice: "#product", members: 4, pairs: 4 },
  // Engineering: Gary, Hank, Ivy, Jack, Kim, Lena, Dev, each with one manager.
  { key: "globex", admin: "gina@globex.test", company: "c-globex", slack: false, audienceLabel: "Groups", audienceChoice: "Engineering", members: 7, pairs: 7 },
];

for (const v of VARIANTS) {
  test.describe(`configure a feedback loop (${v.key})`, () => {
    test("with JavaScript: each setting saves as it changes", async ({ page }) => {
      const id = `fl-e2e-${v.key}-js`;
      insertLoop(id, v.company, v.slack ? null : "direct-feedback");
      await signIn(page, v.admin);
      await page.goto(path(id));
      await expect(page.getByRole("heading", { level: 1, name: "Configure your feedback loop here" })).toBeVisible();

      if (v.slack) {
        const type = section(page, "Feedback Type");
        await type.getByLabel("Feedback to employees", { exact: true }).check();
        await saved(type);
      } else {
        await expect(section(page, "Feedback Type")).toHaveCount(0);
      }

      const audience = section(page, "Audience");
      await audience.getByRole("radio", { name: new RegExp(`^${v.audienceLabel}`) }).check();
      await audience.getByLabel(v.audienceChoice, { exact: true }).check();
      await saved(audience);
      await expect(audience.locator("[data-audience-count]")).toHaveAttribute("data-audience-count", String(v.members));

      const forSection = section(page, "Feedback-For");
      await forSection.getByRole("radio", { name: "Manager downward" }).check();
      await saved(forSection);
      await expect(forSection.locator("[data-pair-count]")).toHaveAttribute("data-pair-count", String(v.pairs));
      await expect(page.locator("[data-preview-for]")).not.toHaveText(/—/);

      const scheduler = section(page, "Scheduler");
      const start = scheduler.getByLabel("Start date and time");
      await start.fill(ahead(1));
      await expect(scheduler.getByText("The date must be at least 48 hours from now")).toBeVisible();
      await start.fill(ahead(4));
      await saved(scheduler);
      await scheduler.getByLabel("Repeat").selectOption({ index: 3 });
      await saved(scheduler);

      const message = section(page, "Notification Message");
      await message.getByLabel("Message sent with each request for feedback").fill("  Tell them what went well.  ");
      await saved(message);
      await expect(page.locator("[data-preview-message]")).toHaveText("Tell them what went well.");

      // Everything is still there after a reload.
      await page.reload();
      await expect(section(page, "Audience").getByLabel(v.audienceChoice, { exact: true })).toBeChecked();
      await expect(section(page, "Feedback-For").getByRole("radio", { name: "Manager downward" })).toBeChecked();
      await expect(section(page, "Scheduler").getByLabel("Start date and time")).toHaveValue(ahead(4));
      await expect(section(page, "Notification Message").getByRole("textbox")).toHaveValue("Tell them what went well.");
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });
      test("each section saves through its Save button", async ({ page }) => {
        const id = `fl-e2e-${v.key}-nojs`;
        insertLoop(id, v.company, v.slack ? null : "direct-feedback");
        await signIn(page, v.admin);
        await page.goto(path(id));

        if (v.slack) {
          const type = section(page, "Feedback Type");
          await type.getByLabel("Feedback to employees", { exact: true }).check();
          await type.getByRole("button", { name: "Save" }).click();
          await expect(section(page, "Feedback Type").getByLabel("Feedback to employees", { exact: true })).toBeChecked();
        }

        let audience = section(page, "Audience");
        await audience.getByRole("radio", { name: new RegExp(`^${v.audienceLabel}`) }).check();
        // Nothing chosen: refused at the field, nothing saved.
        await audience.getByRole("button", { name: "Save" }).click();
        await expect(section(page, "Audience").getByRole("alert")).toHaveText(v.slack ? "Select at least one channel." : "Select at least one group.");
        audience = section(page, "Audience");
        await audience.getByRole("radio", { name: new RegExp(`^${v.audienceLabel}`) }).check();
        await audience.getByLabel(v.audienceChoice, { exact: true }).check();
        await audience.getByRole("button", { name: "Save" }).click();
        await expect(section(page, "Audience").locator("[data-audience-count]")).toHaveAttribute("data-audience-count", String(v.members));

        const forSection = section(page, "Feedback-For");
        await forSection.getByRole("radio", { name: "Manager downward" }).check();
        await forSection.getByRole("button", { name: "Save", exact: true }).click();
        await expect(section(page, "Feedback-For").locator("[data-pair-count]")).toHaveAttribute("data-pair-count", String(v.pairs));
        await expect(section(page, "Feedback-For").getByRole("radio", { name: "Manager downward" })).toBeChecked();

        let scheduler = section(page, "Scheduler");
        await scheduler.getByLabel("Start date and time").fill(ahead(1));
        await scheduler.getByRole("button", { name: "Save" }).click();
        await expect(section(page, "Scheduler").getByRole("alert")).toHaveText("The date must be at least 48 hours from now");
        scheduler = section(page, "Scheduler");
        await scheduler.getByLabel("Start date and time").fill(ahead(4));
        await scheduler.getByRole("button", { name: "Save" }).click();
        scheduler = section(page, "Scheduler");
        await expect(scheduler.getByLabel("Start date and time")).toHaveValue(ahead(4));
        // The repeat choices now follow the saved start.
        await scheduler.getByLabel("Repeat").selectOption({ index: 3 });
        await scheduler.getByRole("button", { name: "Save" }).click();
        await expect(section(page, "Scheduler").getByLabel("Repeat")).not.toHaveValue("does-not-repeat");

        const delivery = section(page, "Send Notifications As");
        await delivery.getByLabel("Direct messages only").check();
        await delivery.getByRole("button", { name: "Save" }).click();
        await expect(section(page, "Send Notifications As").getByLabel("Direct messages only")).toBeChecked();

        // Launch Now shows the confirmation in the page.
        await page.getByRole("link", { name: "Launch Now" }).click();
        const confirm = page.getByRole("alertdialog", { name: "Launch Feedback Loop" });
        await expect(confirm).toContainText(`Are you sure to launch the feedback loop Loop ${id}?`);
      });
    });
  });
}

test("the launch check gives each requirement's message in turn, then the confirmation", async ({ page }) => {
  const id = "fl-e2e-acme-check";
  insertLoop(id, "c-acme", null, []);
  await signIn(page, "alice@acme.test");
  await page.goto(path(id));
  const launch = page.getByRole("button", { name: "Launch Now" });
  const expectBlocker = async (message: string) => {
    await launch.click();
    const alert = page.locator("[data-launch-blocker]");
    await expect(alert).toHaveText(message);
    await expect(alert).toBeFocused();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  };

  await expect(page.getByText("No Feedback Loop details available.")).toBeVisible();
  await expectBlocker("Please add at least one question to the feedback loop.");
  sql(`UPDATE feedback_library_loops SET blocks = ${quote(JSON.stringify(QUESTION))} WHERE id = ${quote(id)}`);
  await page.reload();

  await expectBlocker("Please select the feedback type.");
  await section(page, "Feedback Type").getByLabel("Feedback to employees", { exact: true }).check();
  await saved(section(page, "Feedback Type"));

  await expectBlocker("Please select the audience.");
  const audience = section(page, "Audience");
  await audience.getByRole("radio", { name: /^Channels/ }).check();
  await audience.getByLabel("#product", { exact: true }).check();
  await saved(audience);

  await expectBlocker("Please select who the feedback is for.");
  await section(page, "Feedback-For").getByRole("radio", { name: "Manually define" }).check();
  await saved(section(page, "Feedback-For"));
  await expect(section(page, "Feedback-For").getByText("Create new sender-receiver pairs!")).toBeVisible();

  await expectBlocker("Please create at least one sender-receiver pair.");
  await section(page, "Feedback-For").getByRole("radio", { name: "360" }).check();
  await saved(section(page, "Feedback-For"));

  // 360 over an audience that has shrunk to one person gives no pairs.
  sql(`UPDATE feedback_library_loops SET audience_type = 'users', audience_ids = '["u-acme-eve"]' WHERE id = ${quote(id)}`);
  await page.reload();
  await expect(section(page, "Feedback-For").getByText("Select at least two members from audience!")).toBeVisible();
  await expectBlocker("Select at least two members from audience!");
  const back = section(page, "Audience");
  await back.getByRole("radio", { name: /^Channels/ }).check();
  await back.getByLabel("#product", { exact: true }).check();
  await saved(back);

  await expectBlocker("Please choose how to send notifications.");
  await section(page, "Send Notifications As").getByLabel("Direct messages and channels").check();
  await saved(section(page, "Send Notifications As"));
  await expect(page.getByRole("heading", { name: "Channel post" })).toBeVisible();

  await launch.click();
  const dialog = page.getByRole("dialog", { name: "Launch Feedback Loop" });
  await expect(dialog).toContainText(`Are you sure to launch the feedback loop Loop ${id}?`);
  await expect(dialog.getByRole("button", { name: "Launch" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(launch).toBeFocused();
});

test("with JavaScript: users from the picker, a pair built by hand, an uploaded file with pairs not added", async ({ page }) => {
  const id = "fl-e2e-acme-people";
  insertLoop(id, "c-acme", "direct-feedback");
  await signIn(page, "alice@acme.test");
  await page.goto(path(id));

  // Users: each person picked saves the audience.
  const audience = section(page, "Audience");
  await audience.getByRole("radio", { name: /^Users/ }).check();
  const users = audience.getByRole("combobox", { name: "Users", exact: true });
  await users.fill("Eve R");
  await page.getByRole("option", { name: /^Eve Reyes/ }).click();
  await saved(audience);
  await users.fill("Ed ");
  await page.getByRole("option", { name: /^Ed / }).first().click();
  await expect(audience.locator("[data-audience-count]")).toHaveAttribute("data-audience-count", "2");

  // Manually define: a pair from two pickers, then removed by unticking it.
  const forSection = section(page, "Feedback-For");
  await forSection.getByRole("radio", { name: "Manually define" }).check();
  await expect(forSection.getByText("Create new sender-receiver pairs!")).toBeVisible();
  const sender = forSection.getByRole("combobox", { name: "Sender", exact: true });
  await sender.fill("Mona");
  await page.getByRole("option", { name: /^Mona / }).first().click();
  const receiver = forSection.getByRole("combobox", { name: "Receiver", exact: true });
  await receiver.fill("Eve R");
  await page.getByRole("option", { name: /^Eve Reyes/ }).click();
  await forSection.getByRole("button", { name: "Add pair" }).click();
  const pairs = forSection.getByRole("list", { name: "Sender-receiver pairs" });
  await expect(pairs.getByRole("checkbox")).toHaveCount(1);
  await expect(forSection.locator("[data-pair-count]")).toHaveAttribute("data-pair-count", "1");
  await expect(page.locator("[data-preview-for]")).toContainText("Eve Reyes");
  await pairs.getByRole("checkbox").first().uncheck();
  await expect(forSection.getByText("Create new sender-receiver pairs!")).toBeVisible();

  // A file: a wrong type is refused at the field; a csv adds its verified pairs once each.
  const upload = section(page, "Upload sender-receiver pairs");
  await upload.getByLabel("File (.csv, .xlsx or .xls)").setInputFiles({ name: "pairs.txt", mimeType: "text/plain", buffer: Buffer.from("a,b") });
  await expect(upload.getByRole("alert")).toHaveText("Supported file formats are .xlsx and .csv");
  const csv = ["sender,receiver", "eve@acme.test,ed@acme.test", "eve@acme.test,ed@acme.test", "tina@globex.test,eve@acme.test"].join("\n");
  await upload.getByLabel("File (.csv, .xlsx or .xls)").setInputFiles({ name: "pairs.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const dialog = page.getByRole("dialog", { name: "Pairs not added" });
  await expect(dialog.getByText("Pairs not added")).toBeVisible();
  await expect(dialog.getByRole("columnheader")).toHaveText(["Feedback Senders", "Feedback Receivers"]);
  await expect(dialog.getByRole("row")).toHaveCount(2);
  await expect(dialog).toContainText("tina@globex.test not added");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(upload.getByRole("status")).toHaveText("1 sender-receiver pair added");
  await expect(section(page, "Feedback-For").locator("[data-pair-count]")).toHaveAttribute("data-pair-count", "1");
  await expect(section(page, "Feedback-For").getByRole("radio", { name: "Manually define" })).toBeChecked();
});
