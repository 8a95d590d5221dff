import { expect, test, type Page } from "@playwright/test";
import { d1Execute, signIn, sqlValue } from "./support";

// Giving feedback on both platforms: a loop run's SBI feedback with JavaScript off, a request
// answered by the colleague asked, praise, and an anonymous item whose sender no page names.
// Loops, runs and pairs are inserted into this server's database (feedback-loop-flow.spec.ts makes them through the pages).

const d1 = d1Execute;
const q = sqlValue;

/** A launched SBI loop with one open run and its pairs. */
function loopRun(o: { company: string; title: string; pairs: Array<[string, string]>; anonymous?: boolean }) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const loopId = `fb-e2e-${id}`;
  const runId = `fr-e2e-${id}`;
  const now = Date.now();
  const deadline = now + 5 * 86_400_000;
  d1([
    `INSERT INTO feedback_loops (id, company_id, library_loop_id, template_type, template_name, template_format, title, workflow_type, feedback_for, audience_type, anonymous, delivery, blocks, start_at, run_span_ms, state, run_count, pair_count)
     VALUES (${q(loopId)}, ${q(o.company)}, 'fl-e2e', 'feedback', 'SBI', 'SBI', ${q(o.title)}, 'direct-feedback', 'manually-define', 'users', ${o.anonymous ? 1 : 0}, 'dm-only', '[]', ${now}, ${deadline - now}, 'live', 1, ${o.pairs.length})`,
    `INSERT INTO feedback_loop_runs (id, company_id, loop_id, sequence, state, started_at, deadline_at, pair_count) VALUES (${q(runId)}, ${q(o.company)}, ${q(loopId)}, 1, 'open', ${now}, ${deadline}, ${o.pairs.length})`,
    ...o.pairs.map(
      ([s, r]) => `INSERT INTO feedback_loop_pairs (company_id, loop_id, run_id, sender_id, receiver_id, state) VALUES (${q(o.company)}, ${q(loopId)}, ${q(runId)}, ${q(s)}, ${q(r)}, 'pending')`
    ),
  ]);
  return { loopId, runId };
}

async function giveSbi(page: Page, receiverName: RegExp) {
  await page.goto("/feedback");
  await page.getByRole("link", { name: receiverName }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Give Feedback to");
  await page.getByLabel("Situation").fill("At Monday's customer call");
  await page.getByLabel("Behaviour", { exact: true }).fill("You walked them through the fix step by step");
  await page.getByLabel("Impact").fill("They renewed on the spot");
  await page.getByRole("button", { name: "Send Feedback" }).click();
}

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("Slack-type: a sender gives SBI feedback in a loop run once; a missing field is named first", async ({ page }) => {
    loopRun({ company: "c-acme", title: "Customer focus check-in", pairs: [["u-acme-sam", "u-acme-eve"]] });
    await signIn(page, "sam@acme.test");
    await page.goto("/feedback");
    await expect(page.getByText("Customer focus check-in")).toBeVisible();
    await page.getByRole("link", { name: /^Give Feedback to Eve/ }).click();
    await page.getByLabel("Situation").fill("At Monday's customer call");
    await page.getByRole("button", { name: "Send Feedback" }).click();
    await expect(page.getByRole("alert").first()).toContainText("Please check the highlighted fields.");
    await expect(page.getByLabel("Situation")).toHaveValue("At Monday's customer call");
    await expect(page.getByLabel("Impact")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Behaviour", { exact: true }).fill("You walked them through the fix step by step");
    await page.getByLabel("Impact").fill("They renewed on the spot");
    const tags = page.locator("[data-tags] details").first();
    await tags.locator("summary").click();
    await tags.getByRole("radio", { name: "Strength" }).first().check();
    await page.getByRole("button", { name: "Send Feedback" }).click();
    await expect(page.locator('[data-give-state="sent"]', { hasText: "Your feedback has been sent." })).toBeVisible();
    await page.getByRole("link", { name: "Back to Feedback" }).click();
    await expect(page).toHaveURL(/\/feedback$/);
    await expect(page.getByRole("link", { name: /^Give Feedback to Eve/ })).toHaveCount(0);
  });

  test("Teams-type: a sender gives SBI feedback in a loop run", async ({ page }) => {
    loopRun({ company: "c-globex", title: "Sales pod feedback", pairs: [["u-globex-tina", "u-globex-tom"]] });
    await signIn(page, "tina@globex.test");
    await giveSbi(page, /^Give Feedback to Tom/);
    await expect(page.locator('[data-give-state="sent"]', { hasText: "Your feedback has been sent." })).toBeVisible();
  });

  test("a request is answered by the colleague asked, and shows as answered", async ({ browser }) => {
    const eve = await browser.newPage();
    await signIn(eve, "eve@acme.test");
    await eve.goto("/feedback/request");
    await eve.getByRole("searchbox").fill("Ed ");
    await eve.getByRole("button", { name: "Search" }).click();
    await eve.getByRole("radio", { name: /^Ed / }).check();
    await eve.getByRole("button", { name: "Continue" }).click();
    await eve.getByLabel(/Message/).fill("How did my roadmap talk land?");
    await eve.getByRole("button", { name: "Request Feedback" }).click();
    await expect(eve.locator('[data-give-state="sent"]', { hasText: "Your request for feedback has been sent." })).toBeVisible();

    const ed = await browser.newPage();
    await signIn(ed, "ed@acme.test");
    await ed.goto("/feedback");
    await expect(ed.getByText("How did my roadmap talk land?")).toBeVisible();
    await ed.getByRole("link", { name: /^Give Feedback to Eve/ }).click();
    await ed.getByRole("link", { name: "Free text" }).click();
    await ed.getByLabel("Feedback", { exact: true }).fill("Clear story, and the demo made it concrete.");
    await ed.getByRole("button", { name: "Send Feedback" }).click();
    await expect(ed.locator('[data-give-state="sent"]', { hasText: "Your feedback has been sent." })).toBeVisible();

    await eve.goto("/feedback");
    await expect(eve.locator("[data-my-request]").first()).toContainText("Answered");
    await expect(eve.locator("[data-received]").first()).toContainText(/from Ed /);
  });

  test("an anonymous item's sender is named on no page the receiver or a super admin can open", async ({ browser }) => {
    const senders = ["kenji", "zara", "omar"];
    const { runId } = loopRun({ company: "c-acme", title: "Anonymous pulse", anonymous: true, pairs: senders.map((s) => [`u-acme-${s}`, "u-acme-eve"]) });
    for (const s of senders) {
      const page = await browser.newPage();
      await signIn(page, `${s}@acme.test`);
      await page.goto("/feedback");
      await expect(page.getByText("Anonymous ·").first()).toBeVisible();
      await giveSbi(page, /^Give Feedback to Eve/);
      await expect(page.locator('[data-give-state="sent"]', { hasText: "Your feedback has been sent." })).toBeVisible();
      await page.close();
    }
    // The run closes with three (the floor): its items are released.
    d1([`UPDATE feedback_items SET visible = 1 WHERE run_id = ${q(runId)}`]);
    const fullNames = [/Kenji \w+/, /Zara \w+/, /Omar \w+/];
    for (const email of ["eve@acme.test", "alice@acme.test"]) {
      const page = await browser.newPage();
      await signIn(page, email);
      for (const url of ["/feedback", `/feedback/give/${runId}/u-acme-eve`, "/dev/inbox"]) {
        const response = await page.goto(url);
        const html = (await response?.text()) ?? "";
        for (const s of senders) expect(html, `${email} ${url}`).not.toContain(`u-acme-${s}`);
        for (const n of fullNames) expect(html, `${email} ${url}`).not.toMatch(n);
      }
      await page.close();
    }
    const eve = await browser.newPage();
    await signIn(eve, "eve@acme.test");
    await eve.goto("/feedback");
    await expect(eve.locator("[data-received]", { hasText: "Anonymous" }).first()).toBeVisible();
  });
});

test("praise a colleague with JavaScript on", async ({ page }) => {
  await signIn(page, "sam@acme.test");
  await page.goto("/feedback");
  await page.getByRole("link", { name: "Praise", exact: true }).click();
  const picker = page.getByRole("combobox", { name: "Colleague" });
  await picker.fill("Eve");
  await page.getByRole("option", { name: /^Eve / }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Share Praise" }).click();
  await expect(page.getByText("This is a required field.").first()).toBeVisible();
  await page.getByLabel("Praise", { exact: true }).fill("Thank you for covering the launch weekend!");
  await page.getByRole("button", { name: "Share Praise" }).click();
  await expect(page.locator('[data-give-state="sent"]', { hasText: "Your praise has been shared." })).toBeVisible();
});
