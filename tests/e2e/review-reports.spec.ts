import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import * as XLSX from "@e965/xlsx";
import { readFileSync } from "node:fs";
import { readyLink, readyLinks } from "./report-inbox";
import { signIn } from "./support";

// Review reports in the browser, on both platform variants (Acme: Slack-type; Globex:
// Teams-type), with JavaScript on (Acme) and off (Globex): an admin filters the review report
// table, previews a reviewee's report, shares a report with one person (who finds it under My
// Reviews, "Shared with me"), bulk-downloads two reports through the queue (the link in the demo
// inbox downloads an .xlsx with their answer rows), and a super admin streams the answer-level
// table into an .xlsx built in the browser.
//
// Seeded reviews used (app/db/seed/demo.ts), whose completed pairs no other spec changes:
// Acme "H1 2026 Performance Review" (rc-acme-closed, closed, not anonymous) and "Customer Success
// Q3 Review" (rc-acme-delayed, live, anonymous: Leo reviewed by Kara); Globex "Sales H1 2026
// Review" (rc-globex-closed, closed, anonymous: Tina, Tom and Elsa reviewed by Mike; Ravi and
// Sofia too, but organization.spec.ts may have excluded them). Reports are shared with people no
// other spec uses: Acme's Zara (Omar is the outsider), Globex's Wendy (Yara is the outsider).

const REPORTS = "/reviews/reports";
const REVIEWEE_REPORT = "/reviews/reports/reviewee";
const REPORTS_TABLE = "/reviews/reports-table";
const NO_REPORTS = "No reports available.";
const SELECT_REVIEWS_AND_REVIEWEE = "Please select Reviews and Reviewee";
const REPORTS_QUEUED = "Report(s) will be emailed once completed";
const SHARED = "Report shared successfully.";
const CHOOSE_SOMEONE = "Choose at least one person to share the report with.";
const WITHHELD = "Answers are hidden to keep reviewers anonymous: they show once at least 3 reviewers have completed this review.";
const BULK_TITLE = "Review reports (2)";
const ANSWER_COLUMNS = ["Review", "Reviewee", "Reviewer", "Question", "Answer", "Score", "Comment"];

const ACME = {
  alice: { email: "alice@acme.test", name: "Alice Rossi" }, // super admin
  kara: { email: "kara@acme.test", name: "Kara Patel" }, // manages Leo, Maya and Rosa
  zara: { email: "zara@acme.test", name: "Zara Oliveira" },
  omar: { email: "omar@acme.test", name: "Omar Weber" },
  closed: { id: "rc-acme-closed", title: "H1 2026 Performance Review", option: "H1 2026 Performance Review (Closed)" },
  anonymous: { id: "rc-acme-delayed", title: "Customer Success Q3 Review" },
} as const;
const GLOBEX = {
  gina: { email: "gina@globex.test", name: "Gina Schmidt" }, // super admin
  mike: { email: "mike@globex.test", name: "Mike Larsen" }, // manages Tina, Tom, Ravi, Sofia and Elsa
  wendy: { email: "wendy@globex.test", name: "Wendy Novak" },
  yara: { email: "yara@globex.test", name: "Yara Reyes" },
  closed: { id: "rc-globex-closed", title: "Sales H1 2026 Review", option: "Sales H1 2026 Review (Closed)" },
} as const;

/** Signs in as someone else in the same page. */
async function as(page: Page, email: string) {
  await page.context().clearCookies();
  await signIn(page, email);
}

/** Another person in a browser of their own. */
async function person(browser: Browser, email: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

const table = (page: Page) => page.locator("table[data-report-table]");
/** The label cells ("Review: …", "Reviewee: …", "Reviewer: …") of the shown rows of a level. */
const labels = (page: Page, level: 1 | 2 | 3) => table(page).locator(`tr[data-level="${level}"]:not([hidden]) > td:nth-child(2)`);
const toast = (page: Page, message: string) => expect(page.getByRole("status").getByText(message, { exact: true })).toBeVisible();

/** The filters' GET form: choose in the multi-selects, the people pickers and the user status, then Apply. */
async function filter(
  page: Page,
  choice: { reviews?: string[]; reviewers?: string[]; reviewees?: string[]; departments?: string[]; status?: string }
) {
  const form = page.getByRole("form", { name: "Report filters" });
  const lists = { reviews: "Reviews", departments: "Reviewee department" } as const;
  for (const [key, label] of Object.entries(lists) as Array<[keyof typeof lists, string]>) {
    const chosen = choice[key];
    if (chosen) await form.getByLabel(label, { exact: true }).selectOption(chosen.map((name) => ({ label: name })));
  }
  if (choice.reviewers) await pickPeople(page, "Reviewers", choice.reviewers);
  if (choice.reviewees) await pickPeople(page, "Reviewees", choice.reviewees);
  if (choice.status) await form.getByRole("radio", { name: choice.status, exact: true }).check();
  await form.getByRole("button", { name: "Apply" }).click();
}

const startsWith = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

/**
 * Chooses people in a filter's picker: with JavaScript by typing and choosing in the list;
 * without it by searching (the page comes back with the matches) and checking each.
 */
async function pickPeople(page: Page, label: string, names: string[]) {
  const form = page.getByRole("form", { name: "Report filters" });
  const combobox = form.getByRole("combobox", { name: label, exact: true });
  if ((await combobox.count()) > 0) {
    for (const name of names) {
      await combobox.fill(name);
      await page.getByRole("option", { name: startsWith(name) }).click();
    }
    await combobox.press("Escape");
    return;
  }
  const group = form.getByRole("group", { name: label, exact: true });
  const search = group.getByRole("searchbox", { name: `Search ${label.toLowerCase()}` });
  for (const name of names) {
    await search.fill(name);
    await search.press("Enter");
    await group.getByRole("checkbox", { name: startsWith(name) }).check();
  }
}

/** The table's rows once the page is hydrated (the open/close buttons exist only then). */
async function hydratedTable(page: Page) {
  await expect(table(page).locator("button[aria-expanded]").first()).toBeVisible();
}

/** Opens or closes a row's children with the keyboard (focus the row's button, press `key`). */
async function pressToggle(toggle: Locator, key: "Enter" | " ", expanded: boolean) {
  await toggle.focus();
  await toggle.press(key);
  await expect(toggle).toHaveAttribute("aria-expanded", String(expanded));
}

/** The people the Reviewee picker offers before anything is typed, by name (the search's first page). */
async function revieweeOptions(page: Page, js: boolean) {
  const picker = page.getByRole("combobox", { name: "Reviewee" });
  if (js) {
    // Once hydrated: until then the page shows the picker's search field.
    await picker.click();
    const names = page.getByRole("option").locator("[data-person-name]");
    await expect(names.first()).toBeVisible();
    const texts = await names.allInnerTexts();
    await picker.press("Escape");
    return texts.map((n) => n.trim());
  }
  // Without JavaScript: an empty search lists them.
  await page.getByRole("searchbox", { name: "Search reviewee" }).press("Enter");
  const names = await page.locator('[data-people-picker-fallback="revieweeId"] [data-person-name]').allInnerTexts();
  return names.map((n) => n.trim());
}

/** An .xlsx's first sheet as rows of cells. */
function sheetRows(body: Buffer): unknown[][] {
  const book = XLSX.read(body, { type: "buffer" });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: "", blankrows: false });
}

/** How many answer rows the streaming download gives for these filters (the super admin's NDJSON, header left out). */
async function streamedRowCount(page: Page, filters: Record<string, string[]>) {
  const response = await page.request.post(`${REPORTS_TABLE}/download`, {
    data: { title: "Count", filters },
    headers: { "Content-Type": "application/json" },
  });
  expect(response.ok()).toBe(true);
  const lines = (await response.text()).split("\n").filter(Boolean);
  expect(JSON.parse(lines[0])).toEqual(ANSWER_COLUMNS);
  return lines.length - 1;
}

/**
 * Checks the two reports, Bulk Download, the toast; the queue consumer's message to the requester
 * with its link, the downloaded .xlsx: the answer rows of exactly these two reports (as many as
 * the super admin's streaming table gives for them). Returns the link.
 */
async function bulkDownload(
  page: Page,
  js: boolean,
  review: { id: string; title: string },
  reviewees: Array<{ id: string; name: string }>
) {
  const known = await readyLinks(page, BULK_TITLE);
  await page.goto(`${REPORTS}?reviews=${review.id}`);
  // With JavaScript the page keeps the selection (and counts it): check once it is hydrated.
  if (js) await hydratedTable(page);
  for (const r of reviewees) await page.getByRole("checkbox", { name: `Select report: ${r.name} — ${review.title}` }).check();
  if (js) await expect(page.getByText(`${reviewees.length} selected`, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Bulk Download" }).click();
  await toast(page, REPORTS_QUEUED);

  const link = await readyLink(page, BULK_TITLE, known, 60_000);
  expect(link).toMatch(/^\/reports\/files\/[^/]+$/);
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator(`a[href="${link}"]`).first().click()]);
  expect(download.suggestedFilename()).toBe(`${BULK_TITLE}.xlsx`);
  const rows = sheetRows(readFileSync(await download.path()));
  expect(rows[0]).toEqual(ANSWER_COLUMNS);
  const answers = rows.slice(1);
  expect(new Set(answers.map((r) => r[0]))).toEqual(new Set([review.title]));
  expect(new Set(answers.map((r) => r[1]))).toEqual(new Set(reviewees.map((r) => r.name)));
  for (const r of reviewees) expect(answers.filter((row) => row[1] === r.name).length, `${r.name}'s answer rows`).toBeGreaterThan(3);
  expect(answers.length).toBe(await streamedRowCount(page, { reviewIds: [review.id], revieweeIds: reviewees.map((r) => r.id) }));
  return link;
}

test.describe("Slack-type (Acme), JavaScript on", () => {
  test.describe.configure({ timeout: 60_000 });

  test("filters narrow the table by review, department, reviewer and user status; rows open with the keyboard; anonymous reviewers named to the admin only", async ({
    page,
  }) => {
    await signIn(page, ACME.alice.email);
    await page.goto(REPORTS);
    await hydratedTable(page);

    await filter(page, { reviews: [ACME.closed.option] });
    await expect(page).toHaveURL(new RegExp(`reviews=${ACME.closed.id}`));
    await expect(labels(page, 1)).toHaveCount(1);
    await expect(labels(page, 1)).toContainText(`Review: ${ACME.closed.title}`);
    await expect(labels(page, 2)).toHaveText(
      ["Adam Novak", "Bella Kowalski", "Eve Reyes", "Felix Usman", "Mona Larsen", "Priya Khan", "Victor Morgan"].map(
        (n) => `Reviewee: ${n}`
      )
    );
    // Reviewees start closed: no reviewer row is shown.
    await expect(labels(page, 3)).toHaveCount(0);

    await filter(page, { departments: ["Product"] });
    await expect(page).toHaveURL(/departments=/);
    await expect(labels(page, 2)).toHaveText(["Reviewee: Eve Reyes", "Reviewee: Mona Larsen"]);
    await filter(page, { reviewers: ["Mona Larsen"] });
    await expect(page).toHaveURL(/reviewers=u-acme-mona/);
    await expect(labels(page, 2)).toHaveText(["Reviewee: Eve Reyes"]);

    // The keyboard opens and closes the reviewee's reviewers, then the review's reviewees.
    const eve = table(page).getByRole("button", { name: "Reviewee: Eve Reyes" });
    await expect(eve).toHaveAttribute("aria-expanded", "false");
    await pressToggle(eve, "Enter", true);
    await expect(labels(page, 3)).toHaveText(["Reviewer: Mona Larsen"]);
    await pressToggle(eve, " ", false);
    await expect(labels(page, 3)).toHaveCount(0);
    const review = table(page).getByRole("button", { name: `Review: ${ACME.closed.title}` });
    await expect(review).toHaveAttribute("aria-expanded", "true");
    await pressToggle(review, "Enter", false);
    await expect(labels(page, 2)).toHaveCount(0);
    await pressToggle(review, "Enter", true);
    await expect(labels(page, 2)).toHaveText(["Reviewee: Eve Reyes"]);

    // User status: nobody of these is excluded or deactivated.
    await filter(page, { status: "Exclude" });
    await expect(page).toHaveURL(/status=exclude/);
    await expect(page.getByText(NO_REPORTS, { exact: true })).toBeVisible();
    await expect(table(page)).toHaveCount(0);
    await filter(page, { status: "Deactivate" });
    await expect(page).toHaveURL(/status=deactivate/);
    await expect(page.getByText(NO_REPORTS, { exact: true })).toBeVisible();
    await filter(page, { status: "Include" });
    await expect(labels(page, 2)).toHaveText(["Reviewee: Eve Reyes"]);
    // A department without reviewees in this review.
    await filter(page, { departments: ["Customer Success"] });
    await expect(page.getByText(NO_REPORTS, { exact: true })).toBeVisible();

    // An anonymous review: the admin sees who reviewed Leo.
    await page.goto(`${REPORTS}?reviews=${ACME.anonymous.id}&reviewees=u-acme-leo`);
    await hydratedTable(page);
    await expect(labels(page, 1)).toContainText(`Review: ${ACME.anonymous.title}`);
    await expect(labels(page, 1)).toContainText("Anonymous");
    await pressToggle(table(page).getByRole("button", { name: "Reviewee: Leo Haddad" }), "Enter", true);
    await expect(labels(page, 3)).toHaveText([`Reviewer: ${ACME.kara.name}`]);

    // Kara manages Leo: on Slack-type a manager sees the report, not who wrote it.
    await as(page, ACME.kara.email);
    await page.goto(`${REPORTS}?reviews=${ACME.anonymous.id}`);
    await hydratedTable(page);
    await expect(labels(page, 2)).toHaveText(["Reviewee: Leo Haddad", "Reviewee: Maya García", "Reviewee: Rosa Nguyen"]);
    // 000 §6: an anonymous review's reviewee rows open to reviewers only on Teams-type or for admins.
    await expect(table(page).getByRole("button", { name: "Reviewee: Leo Haddad" })).toHaveCount(0);
    await expect(labels(page, 3)).toHaveCount(0);
    await expect(table(page)).not.toContainText(ACME.kara.name);
    // Her table holds her direct reports only.
    await page.goto(REPORTS);
    await hydratedTable(page);
    for (const name of await labels(page, 2).allInnerTexts()) {
      expect(["Reviewee: Leo Haddad", "Reviewee: Maya García", "Reviewee: Rosa Nguyen"]).toContain(name.trim());
    }
  });

  test("Preview opens the reviewee's report: the chart once hydrated, the tables and the comments; a manager chooses among their reports only", async ({
    page,
  }) => {
    await signIn(page, ACME.alice.email);
    await page.goto(REVIEWEE_REPORT);
    await expect(page.getByText(SELECT_REVIEWS_AND_REVIEWEE, { exact: true })).toBeVisible();
    // The admin chooses among every reviewee with a completed review.
    expect(await revieweeOptions(page, true)).toEqual(expect.arrayContaining(["Adam Novak", "Eve Reyes", "Leo Haddad"]));

    await page.goto(`${REPORTS}?reviews=${ACME.closed.id}`);
    await hydratedTable(page);
    await page.getByRole("link", { name: `Preview: Adam Novak — ${ACME.closed.title}` }).click();
    await expect(page).toHaveURL(`${REVIEWEE_REPORT}?revieweeId=u-acme-adam&reviewIds=${ACME.closed.id}`);
    await expect(page.getByRole("combobox", { name: "Reviewee" })).toHaveValue("Adam Novak");
    await expect(page.getByRole("form", { name: "Choose the report" }).locator('input[name="revieweeId"]')).toHaveValue("u-acme-adam");
    await expect(page.getByRole("checkbox", { name: new RegExp(ACME.closed.title) })).toBeChecked();
    await expect(page.getByRole("heading", { name: "Adam Novak", level: 2 })).toBeVisible();
    // ApexCharts, loaded after hydration, draws the competency chart.
    await expect(page.getByRole("heading", { name: "Competency analytics" })).toBeVisible();
    await expect(page.locator('figure[data-chart="competency-apex"] svg.apexcharts-svg')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('figure[data-chart="competency-apex"] path.apexcharts-bar-area').first()).toBeAttached();
    const competencies = page.getByRole("table", { name: "Competency analytics" });
    await expect(competencies.locator('tbody tr[data-row-kind="competency"]').first()).toBeVisible();
    await expect(competencies.locator("thead")).toContainText(ACME.alice.name);
    await expect(page.getByRole("table", { name: "Quantitative analytics" }).locator("tbody tr").first()).toBeVisible();
    const comments = page.getByRole("table", { name: "Comments" });
    await expect(comments.locator("tbody tr").first()).toBeVisible();
    // Not anonymous: the reviewer is named.
    await expect(comments.locator(`tbody tr[data-comment-reviewer="${ACME.alice.name}"]`).first()).toBeVisible();

    // Choosing another reviewee asks for the reviews first.
    await page.getByRole("combobox", { name: "Reviewee" }).fill("Eve");
    await page.getByRole("option", { name: /^Eve Reyes/ }).click();
    await expect(page).toHaveURL(`${REVIEWEE_REPORT}?revieweeId=u-acme-eve`);
    await expect(page.getByText(SELECT_REVIEWS_AND_REVIEWEE, { exact: true })).toBeVisible();
    await page.getByRole("checkbox", { name: new RegExp(ACME.closed.title) }).check();
    await page.getByRole("button", { name: "Show report" }).click();
    await expect(page.getByRole("heading", { name: "Eve Reyes", level: 2 })).toBeVisible();
    await expect(
      page.getByRole("table", { name: "Comments" }).locator('tbody tr[data-comment-reviewer="Mona Larsen"]').first()
    ).toBeVisible();

    // A manager: their direct reports only; another reviewee's report is a 404.
    await as(page, ACME.kara.email);
    await page.goto(REVIEWEE_REPORT);
    // (Reviewees with a completed review: Leo; Maya and Rosa once their reviews are done.)
    const options = await revieweeOptions(page, true);
    expect(options).toContain("Leo Haddad");
    for (const name of options) expect(["Leo Haddad", "Maya García", "Rosa Nguyen"]).toContain(name);
    expect((await page.goto(`${REVIEWEE_REPORT}?revieweeId=u-acme-adam&reviewIds=${ACME.closed.id}`))?.status()).toBe(404);
    // Her report's anonymous review, one reviewer done of the company's floor of 3: no answers at
    // all (they would point at the one reviewer), and a note saying why.
    await page.goto(`${REVIEWEE_REPORT}?revieweeId=u-acme-leo&reviewIds=${ACME.anonymous.id}`);
    await expect(page.getByRole("heading", { name: "Leo Haddad", level: 2 })).toBeVisible();
    await expect(page.locator(`[data-withheld-review="${ACME.anonymous.id}"]`)).toContainText(WITHHELD);
    await expect(page.getByRole("table", { name: "Comments" })).toHaveCount(0);
    await expect(page.locator("th[data-reviewer]")).toHaveCount(0);
    await expect(page.locator("[data-reviewee-report]")).not.toContainText(ACME.kara.name);
  });

  test("Share Report: Share waits for a person; that person finds the report under Shared with me, read-only; anyone else gets 404", async ({
    page,
    browser,
  }) => {
    await signIn(page, ACME.alice.email);
    await page.goto(`${REPORTS}?reviews=${ACME.anonymous.id}`);
    await hydratedTable(page);
    await page.getByRole("link", { name: `Share Report: Leo Haddad — ${ACME.anonymous.title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Share Report" });
    await expect(dialog.getByRole("heading", { name: "Share Report" })).toBeVisible();
    await expect(dialog).toContainText(`Leo Haddad — ${ACME.anonymous.title}`);
    const share = dialog.getByRole("button", { name: "Share", exact: true });
    await expect(share).toBeDisabled();
    await expect(dialog.getByText("No one chosen yet.")).toBeVisible();

    await dialog.getByLabel("Search people").fill("zara");
    await dialog.getByRole("checkbox", { name: new RegExp(ACME.zara.name) }).check();
    await expect(dialog.getByRole("list", { name: "Chosen people" })).toContainText(ACME.zara.name);
    await expect(share).toBeEnabled();
    await share.click();
    await toast(page, SHARED);
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/dialog=share/);

    // Zara finds it in My Reviews, "Shared with me", and reads it without any action on it.
    const zara = await person(browser, ACME.zara.email, true);
    await zara.goto("/reviews/my-reviews");
    await zara.getByRole("tab", { name: "Shared with me" }).click();
    await expect(zara).toHaveURL(/tab=shared/);
    const row = zara.locator("tr[data-shared-report-id]").filter({ hasText: ACME.anonymous.title }).filter({ hasText: "Leo Haddad" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(ACME.alice.name);
    await row.getByRole("link", { name: `View report of Leo Haddad in ${ACME.anonymous.title}` }).click();
    await expect(zara).toHaveURL(/\/reviews\/my-reviews\/shared-reports\/[^/?]+$/);
    const link = new URL(zara.url()).pathname;
    await expect(zara.getByRole("heading", { name: `Leo Haddad — ${ACME.anonymous.title}`, level: 1 })).toBeVisible();
    await expect(zara.getByRole("heading", { name: "Leo Haddad", level: 2 })).toBeVisible();
    // One anonymous reviewer done, below the floor: the note, no answers.
    await expect(zara.locator(`[data-withheld-review="${ACME.anonymous.id}"]`)).toContainText(WITHHELD);
    await expect(zara.getByRole("table", { name: "Comments" })).toHaveCount(0);
    // Read-only: nothing to download, share or change.
    await expect(zara.getByRole("main").getByRole("button")).toHaveCount(0);
    await expect(zara.getByRole("main").locator('form[method="post"]')).toHaveCount(0);
    await zara.context().close();

    // Anyone else: the link is a 404.
    const omar = await person(browser, ACME.omar.email, true);
    expect((await omar.goto(link))?.status()).toBe(404);
    await omar.goto("/reviews/my-reviews?tab=shared");
    await expect(omar.locator("tr[data-shared-report-id]")).toHaveCount(0);
    await omar.context().close();
  });

  test("Bulk Download of two reports: the queue e-mails a link to an .xlsx of their answer rows; 404 for someone without access", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, ACME.alice.email);
    const link = await bulkDownload(page, true, ACME.closed, [
      { id: "u-acme-adam", name: "Adam Novak" },
      { id: "u-acme-mona", name: "Mona Larsen" },
    ]);
    // Kara manages neither Adam nor Mona; Omar sees no reports at all.
    for (const email of [ACME.kara.email, ACME.omar.email]) {
      const other = await person(browser, email, true);
      expect((await other.goto(link))?.status(), email).toBe(404);
      await other.context().close();
    }
  });
});

test.describe("Teams-type (Globex), JavaScript off", () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 60_000 });

  test("filters narrow the table, every row shown; an anonymous review's reviewers are named on Teams-type to the admin and the manager", async ({
    page,
  }) => {
    await signIn(page, GLOBEX.gina.email);
    await page.goto(REPORTS);
    await expect(table(page)).toBeVisible();
    // Without JavaScript there is nothing to open: every row is there.
    await expect(table(page).locator("button[aria-expanded]")).toHaveCount(0);

    await filter(page, { reviews: [GLOBEX.closed.option] });
    await expect(page).toHaveURL(new RegExp(`reviews=${GLOBEX.closed.id}`));
    await expect(labels(page, 1)).toHaveCount(1);
    await expect(labels(page, 1)).toContainText(`Review: ${GLOBEX.closed.title}`);
    const names = (await labels(page, 2).allInnerTexts()).map((t) => t.trim());
    for (const n of ["Elsa Kowalski", "Tina Silva", "Tom Patel"]) expect(names).toContain(`Reviewee: ${n}`);
    for (const n of names) expect(n).toMatch(/^Reviewee: (Elsa Kowalski|Ravi Tanaka|Sofia Nguyen|Tina Silva|Tom Patel)$/);
    await expect(labels(page, 3)).toHaveCount(names.length);
    for (const text of await labels(page, 3).allInnerTexts()) expect(text.trim()).toBe(`Reviewer: ${GLOBEX.mike.name}`);

    await filter(page, { reviewees: ["Tina Silva", "Tom Patel"] });
    await expect(labels(page, 2)).toHaveText(["Reviewee: Tina Silva", "Reviewee: Tom Patel"]);
    await filter(page, { reviewers: [GLOBEX.mike.name] });
    await expect(labels(page, 2)).toHaveText(["Reviewee: Tina Silva", "Reviewee: Tom Patel"]);
    await filter(page, { status: "Deactivate" });
    await expect(page.getByText(NO_REPORTS, { exact: true })).toBeVisible();
    await filter(page, { status: "Include", departments: ["Customer Success"] });
    await expect(page.getByText(NO_REPORTS, { exact: true })).toBeVisible();

    // The manager: on Teams-type the reviewers of an anonymous review are named.
    await as(page, GLOBEX.mike.email);
    await page.goto(`${REPORTS}?reviews=${GLOBEX.closed.id}&reviewees=u-globex-tina`);
    await expect(labels(page, 2)).toHaveText(["Reviewee: Tina Silva"]);
    await expect(labels(page, 3)).toHaveText([`Reviewer: ${GLOBEX.mike.name}`]);
  });

  test("Preview: the report with its chart (drawn on the server), tables and comments; a manager chooses among their reports only", async ({
    page,
  }) => {
    await signIn(page, GLOBEX.gina.email);
    await page.goto(REVIEWEE_REPORT);
    await expect(page.getByText(SELECT_REVIEWS_AND_REVIEWEE, { exact: true })).toBeVisible();

    await page.goto(`${REPORTS}?reviews=${GLOBEX.closed.id}`);
    await page.getByRole("link", { name: `Preview: Tina Silva — ${GLOBEX.closed.title}` }).click();
    await expect(page).toHaveURL(`${REVIEWEE_REPORT}?revieweeId=u-globex-tina&reviewIds=${GLOBEX.closed.id}`);
    await expect(page.getByRole("heading", { name: "Tina Silva", level: 2 })).toBeVisible();
    await expect(page.getByRole("img", { name: "Competency analytics" })).toBeVisible();
    await expect(page.locator('svg[data-chart="competency-svg"] rect').first()).toBeAttached();
    await expect(page.getByRole("table", { name: "Competency analytics" }).locator("tbody tr").first()).toBeVisible();
    await expect(page.getByRole("table", { name: "Quantitative analytics" }).locator("tbody tr").first()).toBeVisible();
    // Anonymous, but Teams-type: the admin reads who wrote each comment.
    const comments = page.getByRole("table", { name: "Comments" });
    await expect(comments.locator("tbody tr").first()).toBeVisible();
    await expect(comments.locator(`tbody tr:not([data-comment-reviewer="${GLOBEX.mike.name}"])`)).toHaveCount(0);

    // The manager chooses a reviewee with the GET form: the reviews come next.
    await as(page, GLOBEX.mike.email);
    await page.goto(REVIEWEE_REPORT);
    const options = await revieweeOptions(page, false);
    for (const n of ["Elsa Kowalski", "Tina Silva", "Tom Patel"]) expect(options).toContain(n);
    for (const n of options) expect(["Elsa Kowalski", "Ravi Tanaka", "Sofia Nguyen", "Tina Silva", "Tom Patel"]).toContain(n);
    expect((await page.goto(`${REVIEWEE_REPORT}?revieweeId=u-globex-abel`))?.status()).toBe(404);
    await page.goto(REVIEWEE_REPORT);
    await page.getByRole("searchbox", { name: "Search reviewee" }).fill("Tom");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("radio", { name: /^Tom Patel/ }).check();
    await page.getByRole("button", { name: "Show report" }).click();
    await expect(page.getByText(SELECT_REVIEWS_AND_REVIEWEE, { exact: true })).toBeVisible();
    await page.getByRole("checkbox", { name: new RegExp(GLOBEX.closed.title) }).check();
    await page.getByRole("button", { name: "Show report" }).click();
    await expect(page.getByRole("heading", { name: "Tom Patel", level: 2 })).toBeVisible();
    await expect(
      page.getByRole("table", { name: "Comments" }).locator(`tbody tr[data-comment-reviewer="${GLOBEX.mike.name}"]`).first()
    ).toBeVisible();
  });

  test("Share Report: Share without a person is refused and writes nothing; shared with one person, who reads it; anyone else gets 404", async ({
    page,
    browser,
  }) => {
    const report = `Tina Silva — ${GLOBEX.closed.title}`;
    const sharedRow = (p: Page) =>
      p.locator("tr[data-shared-report-id]").filter({ hasText: GLOBEX.closed.title }).filter({ hasText: "Tina Silva" });
    await signIn(page, GLOBEX.gina.email);
    await page.goto(`${REPORTS}?reviews=${GLOBEX.closed.id}`);
    await page.getByRole("link", { name: `Share Report: ${report}` }).click();
    const panel = page.locator('section[data-panel="share-report"]');
    await expect(panel.getByRole("heading", { name: "Share Report" })).toBeVisible();
    await expect(panel).toContainText(report);

    // Nobody chosen: the server answers with the error and shares nothing.
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(REPORTS)),
      panel.getByRole("button", { name: "Share", exact: true }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(panel.getByRole("alert")).toHaveText(CHOOSE_SOMEONE);
    await expect(page.getByRole("status").getByText(SHARED)).toHaveCount(0);
    const wendy = await person(browser, GLOBEX.wendy.email, false);
    await wendy.goto("/reviews/my-reviews?tab=shared");
    await expect(wendy.getByRole("tab", { name: "Shared with me", selected: true })).toBeVisible();
    await expect(sharedRow(wendy)).toHaveCount(0);

    // Search (a GET of the panel), choose Wendy, Share.
    await panel.getByLabel("Search people").fill("wendy");
    await panel.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/shareQ=wendy/);
    await panel.getByRole("checkbox", { name: new RegExp(GLOBEX.wendy.name) }).check();
    await panel.getByRole("button", { name: "Share", exact: true }).click();
    await toast(page, SHARED);
    await expect(panel).toHaveCount(0);

    await wendy.goto("/reviews/my-reviews?tab=shared");
    await expect(sharedRow(wendy)).toHaveCount(1);
    await sharedRow(wendy)
      .getByRole("link", { name: `View report of Tina Silva in ${GLOBEX.closed.title}` })
      .click();
    await expect(wendy.getByRole("heading", { name: report, level: 1 })).toBeVisible();
    // A share keeps the anonymous review's reviewer anonymous, on Teams-type too (only people who
    // manage reviews see names in a shared report); with one reviewer done, below the floor, it
    // shows none of their answers either.
    await expect(wendy.locator(`[data-withheld-review="${GLOBEX.closed.id}"]`)).toContainText(WITHHELD);
    await expect(wendy.getByRole("table", { name: "Comments" })).toHaveCount(0);
    await expect(wendy.getByRole("main")).not.toContainText(GLOBEX.mike.name);
    await expect(wendy.getByRole("main").getByRole("button")).toHaveCount(0);
    const link = new URL(wendy.url()).pathname;
    await wendy.context().close();

    const yara = await person(browser, GLOBEX.yara.email, false);
    expect((await yara.goto(link))?.status()).toBe(404);
    await yara.context().close();
  });

  test("Bulk Download of two reports: the queue e-mails a link to an .xlsx of their answer rows; their manager may download it, someone without access gets 404", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, GLOBEX.gina.email);
    const link = await bulkDownload(page, false, GLOBEX.closed, [
      { id: "u-globex-tina", name: "Tina Silva" },
      { id: "u-globex-tom", name: "Tom Patel" },
    ]);
    const mike = await person(browser, GLOBEX.mike.email, false);
    const allowed = await mike.request.get(link);
    expect(allowed.status()).toBe(200);
    expect(allowed.headers()["content-disposition"]).toContain(".xlsx");
    await mike.context().close();
    const yara = await person(browser, GLOBEX.yara.email, false);
    expect((await yara.goto(link))?.status()).toBe(404);
    await yara.context().close();
  });
});

test.describe("streaming download (super admins, JavaScript on)", () => {
  for (const p of [
    { label: "Slack-type (Acme)", admin: ACME.alice.email, review: ACME.closed, title: "E2E answers Acme" },
    { label: "Teams-type (Globex)", admin: GLOBEX.gina.email, review: GLOBEX.closed, title: "E2E answers Globex" },
  ]) {
    test(`${p.label}: Download shows a running row count and saves "{title}.xlsx" with that many rows`, async ({ page }) => {
      await signIn(page, p.admin);
      await page.goto(REPORTS_TABLE);
      await filter(page, { reviews: [p.review.option] });
      await expect(page).toHaveURL(new RegExp(`reviews=${p.review.id}`));
      const preview = page.getByRole("table", { name: "Report table preview" });
      await expect(preview.locator("tbody tr").first()).toBeVisible();
      await expect(preview.locator("tbody tr td:first-child").first()).toHaveText(p.review.title);
      const completed = Number(await page.locator("[data-completed-pairs]").getAttribute("data-completed-pairs"));
      expect(completed).toBeGreaterThan(0);
      await page.waitForLoadState("networkidle");

      // Every text the status line shows, as it changes.
      const status = page.locator("[data-download-status]");
      await status.evaluate((el) => {
        const seen: string[] = [];
        (window as unknown as { statuses: string[] }).statuses = seen;
        new MutationObserver(() => seen.push(el.textContent ?? "")).observe(el, { childList: true, subtree: true, characterData: true });
      });
      const form = page.getByRole("form", { name: "Download the report table" });
      await form.getByLabel("Title").fill(p.title);
      const [download] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: "Download" }).click()]);
      await expect(status).toHaveAttribute("data-download-status", "done");
      const done = /^Downloaded ([\d,]+) rows? as (.+)\.$/.exec((await status.textContent()) ?? "");
      expect(done, "the status line says how many rows were downloaded").not.toBeNull();
      const count = Number(done![1].replace(/,/g, ""));
      expect(done![2]).toBe(`${p.title}.xlsx`);
      const statuses = await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
      expect(
        statuses.some((s) => /^Reading rows… [\d,]+ rows?$/.test(s)),
        statuses.join(" | ")
      ).toBe(true);

      expect(download.suggestedFilename()).toBe(`${p.title}.xlsx`);
      const rows = sheetRows(readFileSync(await download.path()));
      expect(rows[0]).toEqual(ANSWER_COLUMNS);
      expect(rows.length - 1).toBe(count);
      expect(count).toBeGreaterThanOrEqual(completed);
      expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set([p.review.title]));
    });
  }
});
