import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";
import { attrs, textOf, texts } from "./shell-html";
import { insertRun } from "./survey-report-fixtures";

// Survey insights by department: question × department averages, the anonymity
// minimum per department, the company's colour scale, the selection and empty messages.

const INSIGHTS = "/surveys/survey-insights/department";
const insights = (runId: string, place = "w-acme-hq") => `${INSIGHTS}?workspaceOrChannelId=${place}&surveyId=${runId}`;
let alice: string;

async function page(path: string, cookie: string) {
  const response = await appFetch(path, { cookie });
  return { status: response.status, location: response.headers.get("Location"), html: await response.text() };
}
/** The cells of one question's row: department name → [value, colour]. */
async function row(html: string, questionId: string) {
  const names = await attrs(html, "th[data-department]", "data-department");
  const values = await attrs(html, `tr[data-question="${questionId}"] td`, "data-value");
  const colors = await attrs(html, `tr[data-question="${questionId}"] td`, "data-color");
  return Object.fromEntries(names.map((n, i) => [n, [values[i], colors[i]]]));
}

beforeAll(async () => {
  alice = await sessionFor("alice@acme.test");
  await insertRun({ id: "ins-named", responses: 10 });
  await insertRun({ id: "ins-anon", anonymous: true, min: 3, responses: 10, inspectorType: "audience" });
  await insertRun({ id: "ins-anon-low", anonymous: true, min: 11, responses: 10, inspectorType: "audience" });
  await env.DB.prepare(
    "INSERT INTO workspaces (id, company_id, name, slack_team_id, created_at) VALUES ('w-acme-empty', 'c-acme', 'Acme Empty', 'T0EMPTY', 0)"
  ).run();
});

describe("selection and empty messages", () => {
  it("asks for a Slack workspace on Slack-type and for a group on Teams-type", async () => {
    expect(textOf((await page(INSIGHTS, alice)).html)).toContain("Please select a Slack Workspace to view the Insights.");
    const gina = await sessionFor("gina@globex.test");
    expect(textOf((await page(INSIGHTS, gina)).html)).toContain("Please select a Group to view the Insights.");
  });

  it("says 'No surveys available to view the insights.' for a workspace without surveys", async () => {
    const { status, html } = await page(`${INSIGHTS}?workspaceOrChannelId=w-acme-empty`, alice);
    expect(status).toBe(200);
    expect(textOf(html)).toContain("No surveys available to view the insights.");
  });

  it("says 'No insights available for the selected survey.' for a run without responses", async () => {
    const { html } = await page(insights("sr-acme-labs-retro-1", "w-acme-labs"), alice);
    expect(textOf(html)).toContain("No insights available for the selected survey.");
    expect(await attrs(html, "tr[data-question]", "data-question")).toEqual([]);
  });
});

describe("question × department", () => {
  it("averages each choice question per department (Not Applicable left out)", async () => {
    const { status, html } = await page(insights("ins-named"), alice);
    expect(status).toBe(200);
    expect(await attrs(html, "th[data-department]", "data-department")).toEqual(["Customer Success", "Engineering", "People", "Product"]);
    expect(await attrs(html, "tr[data-question]", "data-question")).toEqual(["q-nps", "q-agree", "q-multi"]);
    const agree = await row(html, "q-agree");
    // Engineering: adam 4, priya 0, liam 4 (noah and olivia Not Applicable); Product: 3, 3, 3.
    expect(Object.fromEntries(Object.entries(agree).map(([k, v]) => [k, v[0]]))).toEqual({
      "Customer Success": "1",
      Engineering: "2.67",
      People: "4",
      Product: "3",
    });
    const nps = await row(html, "q-nps");
    // NPS values: adam 9, priya 5, liam 10, noah 10, olivia 3 → 37 / 5.
    expect(nps.Engineering[0]).toBe("7.4");
  });

  it("hides departments below the minimum on an anonymous run, and withholds a run below it", async () => {
    const { html } = await page(insights("ins-anon"), alice);
    // People (1) and Customer Success (1) are below 3; together they are still two people, so the
    // next smallest, Product (3), is hidden with them: the report's totals minus Engineering give
    // five people's answers, not two.
    expect(await attrs(html, "th[data-department]", "data-department")).toEqual(["Engineering"]);
    expect(await attrs(html, "[data-hidden-departments]", "data-hidden-departments")).toEqual(["3"]);
    expect(textOf(html)).not.toContain("People 1 response");
    const low = await page(insights("ins-anon-low"), alice);
    expect(textOf(low.html)).toContain("Results are withheld");
    expect(await attrs(low.html, "th[data-department]", "data-department")).toEqual([]);
  });

  it("colours low blue → high red on the Default scale, and the opposite on Reverse", async () => {
    const before = await row((await page(insights("ins-named"), alice)).html, "q-agree");
    // Customer Success averages 1 of 0–4 (low), People 4 (high).
    expect(before["People"][1]).toMatch(/^hsl\(0 /);
    expect(before["Customer Success"][1]).toMatch(/^hsl\(165 /);
    await env.DB.prepare("UPDATE companies SET analytics_color_scale = 'reverse' WHERE id = 'c-acme'").run();
    try {
      const after = await row((await page(insights("ins-named"), alice)).html, "q-agree");
      expect(after["People"][1]).toMatch(/^hsl\(220 /);
      expect(after["People"][1]).not.toBe(before["People"][1]);
      expect(after["Customer Success"][1]).not.toBe(before["Customer Success"][1]);
      expect(after["Engineering"][0]).toBe(before["Engineering"][0]);
    } finally {
      await env.DB.prepare("UPDATE companies SET analytics_color_scale = 'default' WHERE id = 'c-acme'").run();
    }
  });
});

describe("who may see insights", () => {
  it("is a 404 for another company's run or workspace, and home for people without ViewSurveys", async () => {
    const gina = await sessionFor("gina@globex.test");
    expect((await page(insights("ins-named"), gina)).status).toBe(404);
    expect((await page(`${INSIGHTS}?workspaceOrChannelId=w-acme-hq`, gina)).status).toBe(404);
    const sam = await sessionFor("sam@acme.test");
    expect(await page(insights("ins-named"), sam)).toMatchObject({ status: 302, location: "/" });
  });

  it("shows Globex's own anonymous run to its group admin by group", async () => {
    const gary = await sessionFor("gary@globex.test");
    const { status, html } = await page(insights("sr-globex-engagement-1", "g-globex-engineering"), gary);
    expect(status).toBe(200);
    expect(await texts(html, "th[data-department]")).toHaveLength(1);
    expect(await attrs(html, "th[data-department]", "data-department")).toEqual(["Engineering"]);
  });
});
