import { expect, test, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { readyLink, readyLinks } from "./report-inbox";
import { d1Execute, signIn, sqlValue } from "./support";

// A profile's Feedback tab (002 §2.5): filters kept in the URL and working without JavaScript,
// the Details dialog, the treemap's link filtering the list, and Download as a PDF of exactly the
// rows shown — an anonymous item named by no one, on the page or in the file. Counts come from D1.

const EVE_TAB = "/my-profile/u-acme-eve/feedback";
const ALICE_VIEW = "/organization/settings/users/u-acme-eve/feedback";
const PDFTOTEXT = process.env.PDFTOTEXT_PATH ?? "pdftotext";

function rows<T = Record<string, unknown>>(statement: string): T[] {
  const out = JSON.parse(d1Execute(statement)) as Array<{ results: T[] }>;
  return out[0].results;
}

const EVE_ITEMS = "FROM feedback_items WHERE company_id = 'c-acme' AND receiver_id = 'u-acme-eve' AND visible = 1";
const countOf = (where = "") => Number(rows<{ n: number }>(`SELECT count(*) AS n ${EVE_ITEMS} ${where}`)[0].n);
const cards = (page: Page) => page.locator("article[data-feedback-id]");

/** A released anonymous item to Eve, stored as the app stores one: no sender, its run's deadline day. */
function anonymousItem(text: string): string {
  const id = `fi-e2e-anon-${Date.now()}`;
  const day = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  d1Execute(
    `INSERT INTO feedback_items (id, company_id, source, feedback_type, feedback_type_title, template_type, feedback_text, blocks, answers,
      dimension_infos, sender_id, receiver_id, loop_id, run_id, anonymous, is_public, visible, created_at, sent_at)
     VALUES (${sqlValue(id)}, 'c-acme', 'loop', 'feedback-to-employee', 'Feedback to Employee', 'FreeText', ${sqlValue(text)}, '[]', '{}', '[]',
      NULL, 'u-acme-eve', 'fb-e2e-anon', 'fr-e2e-anon', 1, 0, 1, ${day}, ${day})`
  );
  return id;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search and the advanced filters round-trip through the URL, Clear All resets, Details opens in the page", async ({ page }) => {
    await signIn(page, "eve@acme.test");
    await page.goto(EVE_TAB);
    await expect(cards(page)).toHaveCount(countOf());

    // Advanced View is a <details>: open it, choose a type, Apply.
    await page.getByText("Advanced View").click();
    await page.getByLabel("Feedback type").selectOption({ label: "Public Praise" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/feedbackType=public-praise/);
    await expect(cards(page)).toHaveCount(countOf("AND feedback_type = 'public-praise'"));
    // Open by itself now, the choice kept.
    await expect(page.locator("details[open]")).toHaveCount(1);
    await expect(page.getByLabel("Feedback type")).toHaveValue("public-praise");

    // A date range by UTC day, end before start cleared.
    const day = rows<{ d: string }>(`SELECT strftime('%Y-%m-%d', sent_at / 1000, 'unixepoch') AS d ${EVE_ITEMS} ORDER BY sent_at DESC LIMIT 1`)[0].d;
    await page.getByLabel("Feedback type").selectOption("");
    await page.getByLabel("Start date").fill(day);
    await page.getByLabel("End date").fill("2000-01-01");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`startDate=${day}`));
    await expect(page.getByLabel("End date")).toHaveValue("");
    await expect(page.getByLabel("End date")).toHaveAttribute("min", day);
    const from = Date.parse(`${day}T00:00:00Z`);
    await expect(cards(page)).toHaveCount(countOf(`AND sent_at >= ${from}`));

    // Search by a named sender's name.
    const mona = rows<{ name: string }>("SELECT name FROM users WHERE id = 'u-acme-mona'")[0].name;
    await page.getByRole("link", { name: "Clear All" }).click();
    await expect(page).toHaveURL(new RegExp(`${EVE_TAB}$`));
    await page.getByLabel("Search feedback").fill(mona);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/search=/);
    expect(await cards(page).count()).toBeGreaterThanOrEqual(countOf("AND anonymous = 0 AND sender_id = 'u-acme-mona'"));
    await expect(page.getByLabel("Search feedback")).toHaveValue(mona);

    // Details: a dialog panel in the page, and Close back to the same list.
    const first = cards(page).first();
    const title = await first.getByRole("heading").textContent();
    await first.getByRole("link", { name: /Details/ }).click();
    await expect(page).toHaveURL(/feedback=/);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(title!);
    await expect(dialog.getByRole("heading", { name: "Competencies" })).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).not.toHaveURL(/feedback=/);
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test("the Details dialog with JavaScript: focus moves in, Escape closes and focus returns", async ({ page }) => {
  await signIn(page, "eve@acme.test");
  await page.goto(EVE_TAB);
  const details = cards(page).first().getByRole("link", { name: /Details/ });
  // Read before opening: an open dialog hides the page behind it from the accessibility tree.
  const title = await cards(page).first().getByRole("heading").textContent();
  await details.click();
  const dialog = page.getByRole("dialog");
  // Headless UI's dialog element is a zero-size wrapper: its panel's headings are what shows.
  await expect(dialog.getByRole("heading", { name: title!, exact: true })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Competencies" })).toBeVisible();
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).not.toHaveURL(/feedback=/);
  await expect(details).toBeFocused();
});

test("a dialog opened by loading its address hands focus to its Details link when Escape closes it", async ({ page }) => {
  await signIn(page, "eve@acme.test");
  await page.goto(`${EVE_TAB}?feedback=fi-acme-sbi`);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Competencies" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator('[data-details-for="fi-acme-sbi"]')).toBeFocused();
});

test("the treemap's link (competency, behaviour, behaviourType) filters the list", async ({ page }) => {
  // A behaviour Eve was given as a strength, as the insights' treemap tile links it.
  const tag = rows<{ competency: string; behaviour: string }>(
    `SELECT json_extract(d.value, '$.id') AS competency, json_extract(f.value, '$.id') AS behaviour
     FROM feedback_items fi, json_each(fi.dimension_infos) d, json_each(d.value, '$.focusAreas') f
     WHERE fi.company_id = 'c-acme' AND fi.receiver_id = 'u-acme-eve' AND fi.visible = 1 AND json_extract(f.value, '$.str') = 1 LIMIT 1`
  )[0];
  const expected = Number(
    rows<{ n: number }>(
      `SELECT count(*) AS n ${EVE_ITEMS} AND EXISTS (SELECT 1 FROM json_each(dimension_infos) d WHERE json_extract(d.value, '$.id') = ${sqlValue(tag.competency)}
        AND EXISTS (SELECT 1 FROM json_each(d.value, '$.focusAreas') f WHERE json_extract(f.value, '$.id') = ${sqlValue(tag.behaviour)} AND json_extract(f.value, '$.str') = 1))`
    )[0].n
  );
  expect(expected).toBeGreaterThan(0);
  await signIn(page, "eve@acme.test");
  await page.goto(`${EVE_TAB}?competency=${tag.competency}&behaviour=${tag.behaviour}&behaviourType=strength`);
  await expect(cards(page)).toHaveCount(expected);
  await expect(page.locator("details[open]")).toHaveCount(1);
  await expect(page.getByLabel("Competency")).toHaveValue(tag.competency);
  await expect(page.getByLabel("Behaviour", { exact: true })).toHaveValue(tag.behaviour);
  await expect(page.getByLabel("Behaviour type")).toHaveValue("strength");
  expect(expected).toBeLessThan(countOf());
});

test("anonymous feedback names no one on the page, and the PDF holds exactly the rows, never a sender for it", async ({ page }) => {
  test.setTimeout(120_000);
  const text = `Anonymous e2e note ${Date.now()}`;
  const id = anonymousItem(text);
  await signIn(page, "alice@acme.test");
  await page.goto(`${ALICE_VIEW}?feedbackType=feedback-to-employee`);
  const expected = countOf("AND feedback_type = 'feedback-to-employee'");
  await expect(cards(page)).toHaveCount(expected);
  const card = page.locator(`article[data-feedback-id="${id}"]`);
  await expect(card.locator("[data-feedback-from]")).toHaveText("Anonymous");
  const html = await card.evaluate((el) => el.outerHTML);
  expect(html).not.toMatch(/sender/i);
  // The page's data for the client names no sender for it either.
  const data = await page.evaluate(() => JSON.stringify((window as unknown as { __remixContext?: unknown }).__remixContext ?? ""));
  const item = data.indexOf(id);
  expect(item).toBeGreaterThan(-1);
  expect(data.slice(item, item + 400)).toMatch(/"senderId":null,"senderName":null/);

  const eve = rows<{ name: string }>("SELECT name FROM users WHERE id = 'u-acme-eve'")[0].name;
  const title = `${eve} - Feedback`;
  const known = await readyLinks(page, title);
  await page.goto(`${ALICE_VIEW}?feedbackType=feedback-to-employee`);
  await page.getByRole("button", { name: "Download as PDF" }).click();
  await expect(page.getByText("Report will be emailed once completed")).toBeVisible();
  await expect(page).toHaveURL(/feedbackType=feedback-to-employee/);

  const link = await readyLink(page, title, known);
  const dir = test.info().outputPath("pdf");
  mkdirSync(dir, { recursive: true });
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator(`a[href="${link}"]`).first().click()]);
  const file = path.join(dir, "feedback.pdf");
  await download.saveAs(file);
  const pdf = execFileSync(PDFTOTEXT, ["-layout", file, "-"], { encoding: "utf8" });
  expect(pdf).toContain(`Feedback received by ${eve}`);
  expect(pdf).toContain(expected === 1 ? "1 feedback item" : `${expected} feedback items`);
  expect(pdf.split("Feedback to Employee —").length - 1).toBe(expected);
  expect(pdf).toContain(text);
  // The anonymous item's block says Anonymous and names no one.
  const block = pdf.slice(0, pdf.indexOf(text));
  expect(block.slice(block.lastIndexOf("Feedback to Employee —"))).toMatch(/From\s+Anonymous/);
  d1Execute(`DELETE FROM feedback_items WHERE id = ${sqlValue(id)}`);
});

test("with JavaScript the end date's earliest day follows the start, behaviours follow the competency, and Apply keeps the URL", async ({ page }) => {
  const competencies = rows<{ id: string; name: string; behaviours: number }>(
    "SELECT c.id, c.name, (SELECT count(*) FROM behaviours b WHERE b.competency_id = c.id AND b.company_id = c.company_id) AS behaviours FROM competencies c WHERE c.company_id = 'c-acme' ORDER BY c.name"
  );
  const all = Number(rows<{ n: number }>("SELECT count(*) AS n FROM behaviours WHERE company_id = 'c-acme'")[0].n);
  const chosen = competencies.find((c) => Number(c.behaviours) > 0 && Number(c.behaviours) < all)!;
  await signIn(page, "eve@acme.test");
  await page.goto(EVE_TAB);
  await page.getByText("Advanced View").click();
  const behaviour = page.getByLabel("Behaviour", { exact: true });
  await expect(behaviour.locator("option")).toHaveCount(all + 1);
  await page.getByLabel("Competency").selectOption(chosen.id);
  await expect(behaviour.locator("option")).toHaveCount(Number(chosen.behaviours) + 1);
  await page.getByLabel("End date").fill("2026-01-10");
  await page.getByLabel("Start date").fill("2026-02-01");
  // 002 §5: the earlier end is cleared, and the picker allows only days from the start.
  await expect(page.getByLabel("End date")).toHaveValue("");
  await expect(page.getByLabel("End date")).toHaveAttribute("min", "2026-02-01");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`startDate=2026-02-01.*competency=${chosen.id}`));
  await expect(page.getByLabel("Competency")).toHaveValue(chosen.id);
  const expected = Number(
    rows<{ n: number }>(
      `SELECT count(*) AS n ${EVE_ITEMS} AND sent_at >= ${Date.parse("2026-02-01T00:00:00Z")}
        AND EXISTS (SELECT 1 FROM json_each(dimension_infos) d WHERE json_extract(d.value, '$.id') = ${sqlValue(chosen.id)})`
    )[0].n
  );
  if (expected === 0) await expect(page.getByText("No feedback available!")).toBeVisible();
  else await expect(cards(page)).toHaveCount(expected);
});
