import { expect, test, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { readyLink, readyLinks } from "./report-inbox";
import { d1Execute, signIn, sqlValue } from "./support";

// Queued PDF reports end to end: a person asks for a report, the queue consumer prints it
// with Browser Rendering (Debian's Chromium under wrangler dev), the demo inbox gets the link, the
// link downloads the file, and Poppler proves it is a real document: PNG pages with something on
// them (pdftoppm) and the expected words, chart titles included, in its text (pdftotext).
// scripts/e2e.mjs passes the tools' paths (scripts/pdf-tools.mjs).

const QUEUED = "Report will be emailed once completed";
const PDFTOPPM = process.env.PDFTOPPM_PATH ?? "pdftoppm";
const PDFTOTEXT = process.env.PDFTOTEXT_PATH ?? "pdftotext";

interface PdfCase {
  name: string;
  /** Who asks for the report. */
  email: string;
  /** Asks for the report on its page (the page answers with the QUEUED toast). */
  request: (page: Page) => Promise<void>;
  /** The report's title: the inbox message is "Your report is ready: {title}". */
  title: string | (() => string);
  /** Words the PDF's text must hold: the subject's name, the chart titles… */
  texts: string[] | (() => string[]);
}

const CASES: PdfCase[] = [
  {
    name: "survey report",
    email: "alice@acme.test",
    async request(page) {
      await page.goto("/surveys/reports?surveyId=sr-acme-engagement-1");
      await page.getByRole("button", { name: "Download (PDF)" }).click();
    },
    title: "Employee Engagement - Survey report",
    texts: ["Employee Engagement", "Answer distribution", "Net Promoter Score breakdown"],
  },
  {
    // The per-reviewee review report (000 §2 "Per-reviewee report"): Adam in the seeded closed
    // H1 2026 review (annual questionnaire: competency questions, so the chart has bars).
    name: "per-reviewee report",
    email: "alice@acme.test",
    async request(page) {
      await page.goto("/reviews/reports/reviewee?revieweeId=u-acme-adam&reviewIds=rc-acme-closed");
      await expect(page.getByRole("heading", { name: "Adam Novak", level: 2 })).toBeVisible();
      await page.getByRole("button", { name: "Download PDF" }).click();
    },
    title: "Adam Novak - H1 2026 Performance Review",
    texts: ["Adam Novak", "H1 2026 Performance Review", "Competency analytics", "Quantitative analytics", "Comments"],
  },
  {
    // 002 §2.5: personal Feedback Insights, downloaded by the person from their landing page.
    name: "personal feedback insights",
    email: "eve@acme.test",
    async request(page) {
      await page.goto("/my-profile/u-acme-eve/feedback-insights");
      await page.getByRole("button", { name: "Download as PDF" }).click();
    },
    title: () => `${personName("u-acme-eve")} - Feedback Insights`,
    texts: () => {
      // The tiles' figures: the default range is the last 3 months up to today (UTC).
      const today = new Date();
      const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 3, today.getUTCDate()));
      if (start.getUTCDate() !== today.getUTCDate()) start.setUTCDate(0);
      const [received, sent] = queryRow(
        `SELECT coalesce(sum(received), 0) AS a, coalesce(sum(sent), 0) AS b FROM feedback_daily_counts WHERE user_id = 'u-acme-eve' AND day BETWEEN ${sqlValue(
          start.toISOString().slice(0, 10)
        )} AND ${sqlValue(today.toISOString().slice(0, 10))}`
      );
      return [personName("u-acme-eve"), `${received}\\s+Feedback received`, `${sent}\\s+Feedback sent`, "Competencies", "Strengths", "Development areas"];
    },
  },
];

/** The first row of a query on the test's server, as its values. */
function queryRow(statement: string): Array<string | number> {
  const [result] = JSON.parse(d1Execute(statement)) as Array<{ results: Array<Record<string, string | number>> }>;
  return Object.values(result.results[0] ?? {});
}

const personName = (id: string) => String(queryRow(`SELECT name FROM users WHERE id = ${sqlValue(id)}`)[0]);

for (const c of CASES) {
  test(`${c.name}: queued, emailed with a link, downloaded as a readable PDF`, async ({ page }) => {
    test.setTimeout(120_000);
    const title = typeof c.title === "function" ? c.title() : c.title;
    const texts = typeof c.texts === "function" ? c.texts() : c.texts;
    await signIn(page, c.email);
    const known = await readyLinks(page, title);
    await c.request(page);
    await expect(page.getByText(QUEUED)).toBeVisible();

    const link = await readyLink(page, title, known);
    expect(link).toMatch(/^\/reports\/files\/[^/]+$/);
    // The test's own output folder (test-results/…): emptied by the next run, kept for a look after a failure.
    const dir = test.info().outputPath("pdf");
    mkdirSync(dir, { recursive: true });
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator(`a[href="${link}"]`).first().click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = path.join(dir, "report.pdf");
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // PNG pages, none of them blank.
    execFileSync(PDFTOPPM, ["-png", "-r", "50", file, path.join(dir, "page")]);
    const pages = readdirSync(dir)
      .filter((f) => /^page-\d+\.png$/.test(f))
      .sort();
    expect(pages.length).toBeGreaterThan(0);
    for (const png of pages) {
      const inked = inkedShare(readFileSync(path.join(dir, png)));
      expect(inked, `${png} has something on it`).toBeGreaterThan(0.0005);
    }

    // The text, with the chart titles drawn in SVG.
    const text = execFileSync(PDFTOTEXT, ["-layout", file, "-"], { encoding: "utf8" });
    for (const words of texts) expect(text).toMatch(new RegExp(words));
  });
}

/**
 * The share of a PNG page's pixels that are not near-white. A small PNG reader: 8-bit grey,
 * grey+alpha, RGB or RGBA, not interlaced — what pdftoppm writes.
 */
function inkedShare(png: Buffer): number {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString("latin1");
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      const colour = body[9];
      if (depth !== 8 || body[12] !== 0) throw new Error(`unsupported PNG (depth ${depth}, interlace ${body[12]})`);
      channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colour] ?? 0;
      if (!channels) throw new Error(`unsupported PNG colour type ${colour}`);
    } else if (type === "IDAT") data.push(body);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  let previous = new Uint8Array(stride);
  let inked = 0;
  for (let y = 0; y < height; y++) {
    const start = y * (stride + 1);
    const filter = raw[start];
    const row = new Uint8Array(stride);
    for (let x = 0; x < stride; x++) {
      const value = raw[start + 1 + x];
      const a = x >= channels ? row[x - channels] : 0;
      const b = previous[x];
      const c = x >= channels ? previous[x - channels] : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      row[x] = (value + predictor) & 0xff;
    }
    const colourChannels = channels === 2 || channels === 4 ? channels - 1 : channels;
    for (let x = 0; x < width; x++) {
      let darkest = 255;
      for (let k = 0; k < colourChannels; k++) darkest = Math.min(darkest, row[x * channels + k]);
      if (darkest < 200) inked++;
    }
    previous = row;
  }
  return inked / (width * height);
}
