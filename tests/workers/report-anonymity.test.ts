import * as XLSX from "@e965/xlsx";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { personOfUser } from "~/modules/auth/session.server";
import type { ReportRow } from "~/modules/reports/generated.server";
import { answerRowPages, EMPTY_FILTERS } from "~/modules/reviews/reports/report-table.server";
import { revieweeReportHtml, revieweeXlsxBuilder } from "~/modules/reviews/reports/reviewee-report-files.server";
import { anyone, loadRevieweeReport } from "~/modules/reviews/reports/reviewee-report.server";
import type { AnswerCells } from "~/modules/reviews/reports/report-table.schema";
import { appFetch, sessionFor } from "./helpers";
import { attrs, textOf } from "./shell-html";
import { scoreScale } from "./review-blocks";

// Anonymous reviews, seen by people who may not name their reviewers: a reviewee's anonymous
// answers show only once at least the company's anonymity floor (3) of their reviewers completed,
// in an order that does not follow submission (page, shared report, PDF and XLSX files, answer
// rows of the bulk file and the stream), and My Reviews tells no anonymous completion time. Those
// who may name the reviewers (Teams-type, admins) still see names and every answer.

const PAGE = "/reviews/reports/reviewee";
const WITHHELD = "Answers are hidden to keep reviewers anonymous: they show once at least 3 reviewers have completed this review.";
const db = createDb(env.DB);
const tag = crypto.randomUUID().slice(0, 8);
const acme = (local: string) => `u-acme-${local}`;
const globex = (local: string) => `u-globex-${local}`;
// When the anonymous reviewers submitted: a day no other fixture uses, so any trace of it shows.
const SUBMITTED = Date.UTC(2031, 4, 17, 9, 30);
const SUBMITTED_DAY = "17 May 2031";

const REVIEWERS = ["Quincy", "Rowena", "Silas", "Thea"].map((first, i) => ({
  id: `u-an-${tag}-${i}`,
  first,
  name: `${first} Secretwriter`,
}));
const TEAMS_REVIEWER = { id: `u-an-${tag}-teams`, name: "Ulrike Teamswriter" };

const BLOCKS = [
  { id: "b-overall", type: "multi-select", typeTitle: "Multiple Choice", multiSelectValue: scoreScale("Overall delivery") },
  { id: "b-well", type: "long-text", typeTitle: "Long Text", textValue: { label: "What went well?", placeholder: "", required: false } },
];
/** Each reviewer's answers are their own: a score and a voice that says whose it is. */
const answersOf = (voice: string, score: number) => ({ "b-overall": { value: score }, "b-well": { value: `<p>Voice of ${voice}</p>` } });

interface PairSeed {
  id: string;
  reviewee: string;
  reviewer: string;
  state?: string;
  answers?: unknown;
  completedAt?: number | null;
}

async function insertPairs(company: string, campaignId: string, pairs: PairSeed[]) {
  await env.DB.batch(
    pairs.map((p) =>
      env.DB.prepare(
        `INSERT INTO review_pairs (id, company_id, campaign_id, reviewee_id, reviewer_id, state, answers, completed_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
      ).bind(
        p.id,
        company,
        campaignId,
        p.reviewee,
        p.reviewer,
        p.state ?? "completed",
        p.answers === undefined ? null : JSON.stringify(p.answers),
        p.completedAt ?? null,
        p.completedAt ?? SUBMITTED
      )
    )
  );
}

async function seedCampaign(input: { company?: "c-acme" | "c-globex"; title: string; shareConfig?: unknown }) {
  const company = input.company ?? "c-acme";
  const id = `rc-an-${crypto.randomUUID()}`;
  await env.DB.prepare(
    `INSERT INTO review_campaigns (id, company_id, title, state, workspace_id, group_id, anonymous, share_config, template_title,
      template_blocks, created_by, launched_at, start_at, updated_at) VALUES (?, ?, ?, 'live', ?, ?, 1, ?, 'Check-in', ?, ?, ?, ?, ?)`
  )
    .bind(
      id,
      company,
      input.title,
      company === "c-acme" ? "w-acme-hq" : null,
      company === "c-globex" ? "g-globex-all" : null,
      input.shareConfig === undefined ? null : JSON.stringify(input.shareConfig),
      JSON.stringify(BLOCKS),
      company === "c-acme" ? acme("alice") : globex("gina"),
      Date.UTC(2026, 0, 5),
      Date.UTC(2026, 0, 5),
      Date.UTC(2026, 0, 5)
    )
    .run();
  return id;
}

/** Reviewers 0..n-1 of Eve, completed in the given order (the first submitted first). */
const completedInOrder = (campaignId: string, order: number[]): PairSeed[] =>
  order.map((k, i) => ({
    id: `${campaignId}-p${k}`,
    reviewee: acme("eve"),
    reviewer: REVIEWERS[k].id,
    answers: answersOf(REVIEWERS[k].first, k + 1),
    completedAt: SUBMITTED + i * 60_000,
  }));

const cookies: Record<string, string> = {};
let twoDone: string;
let threeDone: string;
let teamsTwoDone: string;
let sharedOnSubmit: string;
let sharedOnSubmitTwo: string;

beforeAll(async () => {
  await env.DB.batch([
    ...REVIEWERS.map((r, i) =>
      env.DB.prepare("INSERT INTO users (id, company_id, name, email, source) VALUES (?, 'c-acme', ?, ?, 'manual')").bind(
        r.id,
        r.name,
        `an-${tag}-${i}@acme.test`
      )
    ),
    env.DB.prepare("INSERT INTO users (id, company_id, name, email, source) VALUES (?, 'c-globex', ?, ?, 'manual')").bind(
      TEAMS_REVIEWER.id,
      TEAMS_REVIEWER.name,
      `an-${tag}-teams@globex.test`
    ),
  ]);
  // Two of three reviewers done: below the floor.
  twoDone = await seedCampaign({ title: `Two Done ${tag}` });
  await insertPairs("c-acme", twoDone, [
    ...completedInOrder(twoDone, [0, 1]),
    { id: `${twoDone}-p2`, reviewee: acme("eve"), reviewer: REVIEWERS[2].id, state: "pending" },
  ]);
  // Three done, submitted 0, 1, 2.
  threeDone = await seedCampaign({ title: `Three Done ${tag}` });
  await insertPairs("c-acme", threeDone, completedInOrder(threeDone, [0, 1, 2]));
  // Teams-type, two done: admins and the reviewee's manager still see names and answers.
  teamsTwoDone = await seedCampaign({ company: "c-globex", title: `Teams Two Done ${tag}` });
  await insertPairs("c-globex", teamsTwoDone, [
    { id: `${teamsTwoDone}-p0`, reviewee: globex("tina"), reviewer: TEAMS_REVIEWER.id, answers: answersOf("Ulrike", 4) },
    { id: `${teamsTwoDone}-p1`, reviewee: globex("tina"), reviewer: globex("tom"), answers: answersOf("Tom on Teams", 2) },
  ]);
  // Shared with reviewees on submit (My Reviews): three done, and another with two done.
  const onSubmit = { type: "automated", shareWith: ["reviewees"], after: "submit" };
  sharedOnSubmit = await seedCampaign({ title: `Shared Three ${tag}`, shareConfig: onSubmit });
  await insertPairs("c-acme", sharedOnSubmit, completedInOrder(sharedOnSubmit, [2, 0, 1]));
  sharedOnSubmitTwo = await seedCampaign({ title: `Shared Two ${tag}`, shareConfig: onSubmit });
  await insertPairs("c-acme", sharedOnSubmitTwo, completedInOrder(sharedOnSubmitTwo, [3, 1]));

  for (const email of ["alice@acme.test", "mona@acme.test", "eve@acme.test", "sam@acme.test", "gina@globex.test", "mike@globex.test"]) {
    cookies[email] = await sessionFor(email);
  }
  cookies.reviewer0 = await sessionFor(`an-${tag}-0@acme.test`);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const reportQuery = (revieweeId: string, ...reviewIds: string[]) =>
  `revieweeId=${encodeURIComponent(revieweeId)}&reviewIds=${reviewIds.map(encodeURIComponent).join(",")}`;

async function get(who: string, path: string) {
  const response = await appFetch(path, { cookie: cookies[who] });
  return { status: response.status, html: await response.text() };
}

/** The loader data the browser would fetch on a client-side navigation to `path` (Remix single fetch). */
async function loaderData(who: string, path: string) {
  const url = new URL(path, "http://x");
  const response = await appFetch(`${url.pathname}.data${url.search}`, { cookie: cookies[who] });
  expect(response.status).toBe(200);
  return response.text();
}

/** Whose answers `text` quotes, in the order it quotes them. */
const voices = (text: string) =>
  [...text.matchAll(/Voice of (Quincy|Rowena|Silas|Thea)/g)].map((m) => m[1]).filter((v, i, all) => all.indexOf(v) === i);

/** The reviewers `text` names or quotes. */
const secretsIn = (text: string) => REVIEWERS.filter((r) => text.includes(`Voice of ${r.first}`) || text.includes(r.name));

describe("an anonymous review below the floor (2 of 3 completed)", () => {
  it("shows a Slack-type manager no individual answers on the page or in its loader data, and says why", async () => {
    const path = `${PAGE}?${reportQuery(acme("eve"), twoDone)}`;
    const { status, html } = await get("mona@acme.test", path);
    expect(status).toBe(200);
    expect(secretsIn(html)).toEqual([]);
    expect(await attrs(html, "th[data-reviewer]", "data-reviewer")).toEqual([]);
    expect(await attrs(html, "[data-withheld-review]", "data-withheld-review")).toEqual([twoDone]);
    expect(textOf(html)).toContain(WITHHELD);
    // No average, comment or score made of their answers either.
    expect(textOf(html)).not.toContain("Overall delivery");
    expect(textOf(html)).not.toContain("Analytics not available!");
    const data = await loaderData("mona@acme.test", path);
    expect(secretsIn(data)).toEqual([]);
    expect(data).not.toContain("Overall delivery");
    expect(data).not.toContain(String(SUBMITTED));
  });

  it("keeps them out of the XLSX and the PDF's document", async () => {
    const sent: Array<Record<string, unknown>> = [];
    vi.spyOn(env.JOBS, "send").mockImplementation(async (body: unknown) => {
      sent.push(body as Record<string, unknown>);
      return undefined as never;
    });
    const response = await appFetch(`${PAGE}?${reportQuery(acme("eve"), twoDone)}`, {
      method: "POST",
      cookie: cookies["mona@acme.test"],
      body: new URLSearchParams({ intent: "download", format: "xlsx", revieweeId: acme("eve"), reviewIds: twoDone }),
    });
    expect(response.status).toBe(302);
    const reportId = String(sent[0].reportId);
    const row = (await db.query.generatedReports.findFirst({ where: (t, { eq }) => eq(t.id, reportId) })) as ReportRow;
    const built = await revieweeXlsxBuilder.build(env as Env, db, row);
    const book = XLSX.read(built.body, { type: "array" });
    const all = JSON.stringify(book.SheetNames.map((n) => XLSX.utils.sheet_to_json(book.Sheets[n], { header: 1 })));
    expect(secretsIn(all)).toEqual([]);
    expect(all).toContain(WITHHELD);
    expect(all).not.toContain("Reviewer 1");

    // The PDF is this document, rendered by the browser.
    const loaded = await loadRevieweeReport(db, {
      companyId: "c-acme",
      revieweeId: acme("eve"),
      campaignIds: [twoDone],
      rule: anyone,
      nameAnonymous: false,
      orderSecret: env.SESSION_SECRET,
    });
    const html = revieweeReportHtml(loaded!.report!, Date.now());
    expect(secretsIn(html)).toEqual([]);
    expect(html).toContain(WITHHELD);
  });

  it("keeps them out of a shared report", async () => {
    const shared = await appFetch(PAGE, {
      method: "POST",
      cookie: cookies["alice@acme.test"],
      body: new URLSearchParams([
        ["intent", "share"],
        ["report", `${twoDone}|${acme("eve")}`],
        ["userIds", acme("sam")],
      ]),
    });
    expect(shared.status).toBe(302);
    const share = await env.DB.prepare("SELECT id FROM report_shares WHERE campaign_id = ? AND user_id = ?")
      .bind(twoDone, acme("sam"))
      .first<{ id: string }>();
    const path = `/reviews/my-reviews/shared-reports/${share!.id}`;
    const { status, html } = await get("sam@acme.test", path);
    expect(status).toBe(200);
    expect(secretsIn(html)).toEqual([]);
    expect(textOf(html)).toContain(WITHHELD);
    expect(secretsIn(await loaderData("sam@acme.test", path))).toEqual([]);
  });

  it("gives no answer rows (bulk file, stream) to someone who may not name them, even read a pair at a time", async () => {
    const mona = await personOfUser(db, "c-acme", acme("mona"));
    const rows: AnswerCells[] = [];
    for await (const page of answerRowPages(
      db,
      {
        viewer: mona!,
        filters: EMPTY_FILTERS,
        reports: [
          { campaignId: twoDone, revieweeId: acme("eve") },
          { campaignId: threeDone, revieweeId: acme("eve") },
        ],
        anyStatus: true,
        nameAnonymous: false,
        orderSecret: env.SESSION_SECRET,
      },
      { pairsPerPage: 1 }
    )) {
      rows.push(...page);
    }
    expect(rows.filter((r) => r[0] === `Two Done ${tag}`)).toEqual([]);
    const three = rows.filter((r) => r[0] === `Three Done ${tag}`);
    expect(new Set(three.map((r) => r[2]))).toEqual(new Set(["Anonymous"]));
    expect(voices(three.map((r) => r.join(" ")).join("\n"))).toHaveLength(3);
  });

  it("still shows a Slack-type admin every name and answer (they may name them anyway)", async () => {
    const { html } = await get("alice@acme.test", `${PAGE}?${reportQuery(acme("eve"), twoDone)}`);
    expect(secretsIn(html).map((r) => r.name)).toEqual([REVIEWERS[0].name, REVIEWERS[1].name]);
    expect(await attrs(html, "[data-withheld-review]", "data-withheld-review")).toEqual([]);
  });

  it("still shows a Teams-type admin and the reviewee's manager every name and answer", async () => {
    for (const email of ["gina@globex.test", "mike@globex.test"]) {
      const { status, html } = await get(email, `${PAGE}?${reportQuery(globex("tina"), teamsTwoDone)}`);
      expect(status, email).toBe(200);
      const text = textOf(html);
      expect(text, email).toContain(TEAMS_REVIEWER.name);
      expect(text, email).toContain("Voice of Ulrike");
      expect(text, email).toContain("Voice of Tom on Teams");
      expect(await attrs(html, "[data-withheld-review]", "data-withheld-review")).toEqual([]);
    }
  });
});

describe("an anonymous review at the floor (3 completed)", () => {
  /** The order the manager's page shows the three reviewers' answers in (comments and columns agree). */
  async function shownOrder() {
    const { html } = await get("mona@acme.test", `${PAGE}?${reportQuery(acme("eve"), threeDone)}`);
    expect(await attrs(html, "th[data-reviewer]", "data-reviewer")).toEqual(["Reviewer 1", "Reviewer 2", "Reviewer 3"]);
    expect(await attrs(html, "[data-withheld-review]", "data-withheld-review")).toEqual([]);
    const text = textOf(html);
    for (const r of REVIEWERS.slice(0, 3)) expect(text).not.toContain(r.name);
    return voices(text);
  }

  it("shows their answers in an order that does not follow submission", async () => {
    const submittedForward = await shownOrder();
    expect(submittedForward).toHaveLength(3);

    // The same reviewers submitting the other way round (and written to the table the other way round).
    await env.DB.prepare("DELETE FROM review_pairs WHERE campaign_id = ?").bind(threeDone).run();
    await insertPairs("c-acme", threeDone, completedInOrder(threeDone, [2, 1, 0]));
    const submittedBackward = await shownOrder();

    expect(submittedBackward).toEqual(submittedForward);
  });

  it("gives the files the same order as the page and no completion time", async () => {
    const loaded = await loadRevieweeReport(db, {
      companyId: "c-acme",
      revieweeId: acme("eve"),
      campaignIds: [threeDone],
      rule: anyone,
      nameAnonymous: false,
      orderSecret: env.SESSION_SECRET,
    });
    const html = revieweeReportHtml(loaded!.report!, Date.UTC(2026, 5, 1));
    expect(voices(html)).toEqual(await shownOrder());
    expect(html).not.toContain(SUBMITTED_DAY);
  });
});

describe("My Reviews: anonymous results", () => {
  const MY = "/reviews/my-reviews";
  const pairIdsIn = async (html: string) => attrs(html, "tr[data-review-id]", "data-review-id");

  it("lists the reviewee's anonymous results without a completion time, in the page and its loader data", async () => {
    const { html } = await get("eve@acme.test", `${MY}?tab=received`);
    const mine = (await pairIdsIn(html)).filter((id) => id.startsWith(sharedOnSubmit));
    expect(mine.sort()).toEqual([0, 1, 2].map((k) => `${sharedOnSubmit}-p${k}`));
    expect(html).not.toContain(SUBMITTED_DAY);
    const data = await loaderData("eve@acme.test", `${MY}?tab=received`);
    for (let i = 0; i < 4; i++) expect(data).not.toContain(String(SUBMITTED + i * 60_000));
    expect(secretsIn(data).length).toBe(0);

    // One result opened: still no time.
    const path = `${MY}?tab=received&review=${encodeURIComponent(mine[0])}`;
    const opened = await get("eve@acme.test", path);
    expect(opened.status).toBe(200);
    expect(opened.html).not.toContain(SUBMITTED_DAY);
    const openedData = await loaderData("eve@acme.test", path);
    for (let i = 0; i < 4; i++) expect(openedData).not.toContain(String(SUBMITTED + i * 60_000));
  });

  it("lists them in an order that does not follow submission", async () => {
    const order = async () =>
      (await pairIdsIn((await get("eve@acme.test", `${MY}?tab=received`)).html)).filter((id) => id.startsWith(sharedOnSubmit));
    const before = await order();
    await env.DB.prepare("DELETE FROM review_pairs WHERE campaign_id = ?").bind(sharedOnSubmit).run();
    await insertPairs("c-acme", sharedOnSubmit, completedInOrder(sharedOnSubmit, [1, 0, 2]));
    expect(await order()).toEqual(before);
  });

  it("does not list an anonymous review's results to the reviewee below the floor", async () => {
    const { html } = await get("eve@acme.test", `${MY}?tab=received`);
    expect((await pairIdsIn(html)).filter((id) => id.startsWith(sharedOnSubmitTwo))).toEqual([]);
    expect((await get("eve@acme.test", `${MY}?tab=received&review=${encodeURIComponent(`${sharedOnSubmitTwo}-p1`)}`)).status).toBe(404);
  });

  it("shows the reviewer their own anonymous review, without its time", async () => {
    const { html } = await get("reviewer0", `${MY}?tab=given`);
    const mine = (await pairIdsIn(html)).filter((id) => id.startsWith(sharedOnSubmit) || id.startsWith(twoDone));
    expect(mine.sort()).toEqual([`${sharedOnSubmit}-p0`, `${twoDone}-p0`].sort());
    expect(html).not.toContain(SUBMITTED_DAY);
    expect(await loaderData("reviewer0", `${MY}?tab=given`)).not.toContain(String(SUBMITTED));
  });
});

describe("the launch form says who can still see names", () => {
  it("Slack-type: only admins; Teams-type: admins and the reviewee's managers", async () => {
    const slack = textOf((await get("alice@acme.test", "/reviews/manage-reviews/launch-review")).html);
    expect(slack).toContain("Only admins can see who reviewed whom in reports.");
    const teams = textOf((await get("gina@globex.test", "/reviews/manage-reviews/launch-review")).html);
    expect(teams).toContain("Admins and the reviewee's managers can still see who reviewed whom in reports.");
    expect(teams).toContain("only once at least 3 of a reviewee's reviewers have completed");
  });
});
