import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";
import { attrs, textOf } from "./shell-html";

// Taking a survey: the respondent page, drafts, one response per person, anonymity,
// concurrent submissions and the close once everyone has submitted. Runs are inserted with SQL
// (launching is built elsewhere).

const ALREADY = "You have already responded to this survey. Only one response per person is accepted.";
const CLOSED = "This survey has closed: it can no longer be answered.";
const THANKS = "Thank you! Your response has been submitted.";
const REQUIRED = "This is a required field.";

const SAM = "u-acme-sam";
const EVE = "u-acme-eve";
const ED = "u-acme-ed";

const nps = Array.from({ length: 11 }, (_, i) => ({ text: String(i), value: i }));
const agree = [
  { text: "Disagree", value: 0 },
  { text: "Neutral", value: 1 },
  { text: "Agree", value: 2 },
];
const choiceBlock = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  type: "choice",
  label: `Question ${id}`,
  selectedOption: "agree-disagree-3",
  choices: agree,
  required: false,
  dropdown: false,
  multipleAnswers: false,
  commentBox: false,
  commentBoxGuide: "",
  track: false,
  ...over,
});
const BLOCKS = [
  { id: "intro", type: "static-text", value: "Thanks for taking part." },
  { id: "t1", type: "text-input", label: "What should we keep doing?", placeholder: "", required: true },
  choiceBlock("c1", { required: true, commentBox: true, commentBoxGuide: "Tell us why" }),
  choiceBlock("enps", { label: "How likely are you to recommend us?", selectedOption: "nps", choices: nps, notApplicable: true }),
  {
    id: "g1",
    type: "group",
    label: "Your team",
    description: "About the people you work with",
    questions: [
      choiceBlock("multi", { multipleAnswers: true, commentBox: true, commentBoxGuide: "Anything else?" }),
      choiceBlock("drop", {
        dropdown: true,
        selectedOption: "yes-no",
        choices: [
          { text: "Yes", value: 1 },
          { text: "No", value: 0 },
        ],
      }),
      { id: "t2", type: "text-input", label: "Team wish", placeholder: "A wish", required: false },
    ],
  },
];

let n = 0;
async function makeRun(
  opts: {
    recipients?: string[];
    anonymous?: boolean;
    state?: "open" | "closed";
    closeRule?: string;
    company?: string;
    blocks?: unknown[];
  } = {}
) {
  const id = `run-respond-${++n}-${crypto.randomUUID().slice(0, 8)}`;
  const recipients = opts.recipients ?? [SAM, EVE, ED];
  const company = opts.company ?? "c-acme";
  await env.DB.prepare(
    `INSERT INTO survey_runs (id, company_id, survey_id, title, template_name, workspace_id, blocks, inspector_type, inspector_ids,
       anonymous, min_submission_count, live_results, state, sequence, close_rule, closed_at, audience_count, submitted_count, launched_by, launched_at)
     VALUES (?, ?, ?, ?, 'Engagement', 'w-acme-hq', ?, 'audience', '[]', ?, 0, 1, ?, 1, ?, ?, ?, 0, 'u-acme-alice', ?)`
  )
    .bind(
      id,
      company,
      `s-${id}`,
      `Pulse ${n}`,
      JSON.stringify(opts.blocks ?? BLOCKS),
      opts.anonymous ? 1 : 0,
      opts.state ?? "open",
      opts.closeRule ?? "manual",
      opts.state === "closed" ? Date.now() : null,
      recipients.length,
      Date.now()
    )
    .run();
  for (const userId of recipients)
    await env.DB.prepare("INSERT INTO survey_recipients (company_id, run_id, user_id) VALUES (?, ?, ?)").bind(company, id, userId).run();
  return id;
}

const path = (runId: string) => `/surveys/respond/${runId}`;

function body(fields: Array<[string, string]>) {
  const b = new URLSearchParams();
  for (const [k, v] of fields) b.append(k, v);
  return b;
}
const post = (runId: string, fields: Array<[string, string]>, cookie: string) =>
  appFetch(path(runId), { method: "POST", body: body(fields), cookie });

/** A complete answer to BLOCKS. */
const FULL: Array<[string, string]> = [
  ["a.t1.value", "The Friday demos"],
  ["a.c1.value", "2"],
  ["a.c1.comment", "Good leads"],
  ["a.enps.value", "9"],
  ["a.multi.value", "0"],
  ["a.multi.value", "2"],
  ["a.multi.comment", "Mixed"],
  ["a.drop.value", "0"],
  ["a.t2.value", "More pairing"],
];
const submit = (fields = FULL): Array<[string, string]> => [...fields, ["intent", "submit"]];

const q = async <T = Record<string, unknown>>(sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
const runRow = (id: string) => env.DB.prepare("SELECT * FROM survey_runs WHERE id = ?").bind(id).first<Record<string, unknown>>();
const counts = async (runId: string) => ({
  responses: (await q<{ n: number }>("SELECT count(*) AS n FROM survey_responses WHERE run_id = ?", runId))[0].n,
  answers: (await q<{ n: number }>("SELECT count(*) AS n FROM survey_answers WHERE run_id = ?", runId))[0].n,
  responded: (await q<{ n: number }>("SELECT count(*) AS n FROM survey_recipients WHERE run_id = ? AND responded = 1", runId))[0].n,
  submitted: Number((await runRow(runId))?.submitted_count),
});

let sam: string;
let eve: string;
let ed: string;
beforeAll(async () => {
  sam = await sessionFor("sam@acme.test");
  eve = await sessionFor("eve@acme.test");
  ed = await sessionFor("ed@acme.test");
});

describe("respondent page", () => {
  it("renders every block type as a plain form with Save draft and Submit", async () => {
    const run = await makeRun();
    const response = await appFetch(path(run), { cookie: sam });
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    expect(text).toContain("Thanks for taking part.");
    expect(text).toContain("Your team");
    expect(text).toContain("About the people you work with");
    expect(text).toContain("Tell us why");
    expect(text).toContain("Not at all likely");
    expect(text).toContain("Not Applicable");
    expect(await attrs(html, 'textarea[name="a.t1.value"]', "placeholder")).toEqual(["Type your answer here"]);
    expect(await attrs(html, 'textarea[name="a.t2.value"]', "placeholder")).toEqual(["A wish"]);
    expect(await attrs(html, 'input[type="radio"][name="a.enps.value"]', "value")).toEqual([...nps.map((c) => String(c.value)), "na"]);
    expect(await attrs(html, 'input[type="checkbox"][name="a.multi.value"]', "value")).toEqual(["0", "1", "2"]);
    expect(await attrs(html, 'select[name="a.drop.value"] option', "value")).toEqual(["", "1", "0"]);
    expect(await attrs(html, 'form[method="post"] button[name="intent"]', "value")).toEqual(["draft", "submit"]);
  });

  it("a recipient's answers to every block type land in survey_responses and survey_answers in the contract format", async () => {
    const run = await makeRun();
    const before = Date.now();
    const response = await post(run, submit(), sam);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(path(run));
    const [resp] = await q<{ id: string; respondent_id: string; department_id: string; answers: string; submitted_at: number }>(
      "SELECT * FROM survey_responses WHERE run_id = ?",
      run
    );
    expect(resp.respondent_id).toBe(SAM);
    expect(resp.department_id).toBe("d-acme-customer-success");
    expect(resp.submitted_at).toBeGreaterThanOrEqual(before);
    expect(JSON.parse(resp.answers)).toEqual({
      t1: { value: "The Friday demos" },
      c1: { value: 2, comment: "Good leads" },
      enps: { value: 9 },
      multi: { value: [0, 2], comment: "Mixed" },
      drop: { value: 0 },
      t2: { value: "More pairing" },
    });
    const rows = await q(
      "SELECT block_id, department_id, value_num, value_text, not_applicable, comment, response_id FROM survey_answers WHERE run_id = ? ORDER BY rowid",
      run
    );
    expect(rows).toEqual(
      [
        ["t1", null, "The Friday demos", 0, null],
        ["c1", 2, "Agree", 0, "Good leads"],
        ["enps", 9, "9", 0, null],
        ["multi", 0, "Disagree", 0, "Mixed"],
        ["multi", 2, "Agree", 0, null],
        ["drop", 0, "No", 0, null],
        ["t2", null, "More pairing", 0, null],
      ].map(([block_id, value_num, value_text, not_applicable, comment]) => ({
        block_id,
        department_id: "d-acme-customer-success",
        value_num,
        value_text,
        not_applicable,
        comment,
        response_id: resp.id,
      }))
    );
    expect(await counts(run)).toEqual({ responses: 1, answers: 7, responded: 1, submitted: 1 });
    // The thank-you state afterwards.
    const text = textOf(await (await appFetch(path(run), { cookie: sam })).text());
    expect(text).toContain(THANKS);
    expect(text).not.toContain("Save draft");
  });

  it("Not Applicable is stored as one row with not_applicable and no value", async () => {
    const run = await makeRun();
    const fields = FULL.filter(([k]) => k !== "a.enps.value").concat([["a.enps.value", "na"]]);
    expect((await post(run, submit(fields), sam)).status).toBe(302);
    expect(await q("SELECT value_num, value_text, not_applicable FROM survey_answers WHERE run_id = ? AND block_id = 'enps'", run)).toEqual(
      [{ value_num: null, value_text: null, not_applicable: 1 }]
    );
  });

  it("required answers missing: refused with the field messages and nothing written", async () => {
    const run = await makeRun();
    const response = await post(run, submit([["a.t2.value", "only optional"]]), sam);
    expect(response.status).toBe(400);
    const html = await response.text();
    const text = textOf(html);
    expect(text).toContain("Please answer the required questions.");
    expect(text.split(REQUIRED).length - 1).toBe(2);
    expect(await attrs(html, '[aria-invalid="true"]', "aria-describedby")).toEqual(["survey-a-t1-value-error", "survey-a-c1-value-error"]);
    // What was typed is kept on the page.
    expect(html).toContain("only optional");
    expect(await counts(run)).toEqual({ responses: 0, answers: 0, responded: 0, submitted: 0 });
  });

  it("a draft is saved (required answers may be missing), restored on return, and removed on submit", async () => {
    const run = await makeRun();
    const saved = await post(
      run,
      [
        ["a.t1.value", "Half done"],
        ["a.enps.value", "7"],
        ["intent", "draft"],
      ],
      eve
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(path(run));
    const drafts = await q<{ key: string; answers: string }>("SELECT key, answers FROM survey_drafts WHERE run_id = ?", run);
    expect(drafts).toHaveLength(1);
    expect(drafts[0].key).toBe(EVE);
    expect(JSON.parse(drafts[0].answers)).toEqual({ t1: { value: "Half done" }, enps: { value: 7 } });
    expect(await counts(run)).toEqual({ responses: 0, answers: 0, responded: 0, submitted: 0 });

    const html = await (await appFetch(path(run), { cookie: eve })).text();
    expect(textOf(html)).toContain("Your draft has been restored.");
    expect(html).toMatch(/<textarea[^>]*name="a.t1.value"[^>]*>Half done<\/textarea>/);
    expect(await attrs(html, 'input[name="a.enps.value"][checked]', "value")).toEqual(["7"]);
    // Someone else's page does not show it.
    expect(await (await appFetch(path(run), { cookie: ed })).text()).not.toContain("Half done");

    // Saving again replaces it.
    await post(
      run,
      [
        ["a.t1.value", "Nearly done"],
        ["intent", "draft"],
      ],
      eve
    );
    expect(
      (await q<{ answers: string }>("SELECT answers FROM survey_drafts WHERE run_id = ?", run)).map((d) => JSON.parse(d.answers))
    ).toEqual([{ t1: { value: "Nearly done" } }]);
    expect((await post(run, submit(), eve)).status).toBe(302);
    expect(await q("SELECT key FROM survey_drafts WHERE run_id = ?", run)).toEqual([]);
  });

  it("a second submission is refused with a clear message and writes nothing", async () => {
    const run = await makeRun();
    expect((await post(run, submit(), sam)).status).toBe(302);
    const again = await post(run, submit(), sam);
    expect(again.status).toBe(409);
    expect(textOf(await again.text())).toContain(ALREADY);
    expect(await counts(run)).toEqual({ responses: 1, answers: 7, responded: 1, submitted: 1 });
    // A draft after responding is refused too.
    const draft = await post(
      run,
      [
        ["a.t1.value", "late"],
        ["intent", "draft"],
      ],
      sam
    );
    expect(draft.status).toBe(409);
    expect(await q("SELECT key FROM survey_drafts WHERE run_id = ?", run)).toEqual([]);
  });

  it("a closed run shows its closed state and refuses answers and drafts, writing nothing", async () => {
    const run = await makeRun({ state: "closed" });
    const page = textOf(await (await appFetch(path(run), { cookie: sam })).text());
    expect(page).toContain(CLOSED);
    expect(page).not.toContain("Submit");
    const refused = await post(run, submit(), sam);
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toContain(CLOSED);
    expect(
      (
        await post(
          run,
          [
            ["a.t1.value", "x"],
            ["intent", "draft"],
          ],
          sam
        )
      ).status
    ).toBe(409);
    expect(await counts(run)).toEqual({ responses: 0, answers: 0, responded: 0, submitted: 0 });
    expect(await q("SELECT key FROM survey_drafts WHERE run_id = ?", run)).toEqual([]);
  });

  it("a run closed between loading and submitting is refused by the submission itself", async () => {
    const run = await makeRun();
    await env.DB.prepare("UPDATE survey_runs SET state = 'closed' WHERE id = ?").bind(run).run();
    expect((await post(run, submit(), sam)).status).toBe(409);
    expect(await counts(run)).toEqual({ responses: 0, answers: 0, responded: 0, submitted: 0 });
  });

  it("someone who is not a recipient, another company's person or an unknown run gets a 404; signed out goes to sign-in", async () => {
    const run = await makeRun({ recipients: [SAM] });
    expect((await appFetch(path(run), { cookie: eve })).status).toBe(404);
    expect((await post(run, submit(), eve)).status).toBe(404);
    const gina = await sessionFor("gina@globex.test");
    expect((await appFetch(path(run), { cookie: gina })).status).toBe(404);
    expect((await post(run, submit(), gina)).status).toBe(404);
    expect((await appFetch(path("no-such-run"), { cookie: sam })).status).toBe(404);
    const signedOut = await appFetch(path(run));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/sign-in");
    expect(await counts(run)).toEqual({ responses: 0, answers: 0, responded: 0, submitted: 0 });
  });
});

describe("anonymous runs", () => {
  it("keep the draft under a random token in an HttpOnly cookie named for the run, never the user id", async () => {
    const run = await makeRun({ anonymous: true });
    const saved = await post(
      run,
      [
        ["a.t1.value", "Secret draft"],
        ["intent", "draft"],
      ],
      sam
    );
    expect(saved.status).toBe(302);
    const setCookie = saved.headers.getSetCookie().find((c) => c.startsWith(`__survey_draft_${run}=`))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    // On the whole site, so signing out (elsewhere) can clear it.
    expect(setCookie).toContain("Path=/;");
    const drafts = await q<{ key: string }>("SELECT key FROM survey_drafts WHERE run_id = ?", run);
    expect(drafts).toHaveLength(1);
    expect(drafts[0].key).not.toBe(SAM);
    expect(drafts[0].key).not.toContain(SAM);
    const draftCookie = setCookie.split(";")[0];
    // Restored with the cookie; not without it.
    expect(await (await appFetch(path(run), { cookie: `${sam}; ${draftCookie}` })).text()).toContain("Secret draft");
    expect(await (await appFetch(path(run), { cookie: sam })).text()).not.toContain("Secret draft");
    // Saving again with the cookie keeps one draft.
    await appFetch(path(run), {
      method: "POST",
      body: body([
        ["a.t1.value", "Secret draft 2"],
        ["intent", "draft"],
      ]),
      cookie: `${sam}; ${draftCookie}`,
    });
    expect(await q("SELECT key FROM survey_drafts WHERE run_id = ?", run)).toEqual([{ key: drafts[0].key }]);

    const done = await appFetch(path(run), { method: "POST", body: body(submit()), cookie: `${sam}; ${draftCookie}` });
    expect(done.status).toBe(302);
    expect(
      done.headers.getSetCookie().some((c) => c.startsWith(`__survey_draft_${run}=;`) && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c))
    ).toBe(true);
    expect(await q("SELECT key FROM survey_drafts WHERE run_id = ?", run)).toEqual([]);
  });

  it("keep a draft to the person who saved it: someone else signing in on the same browser neither sees nor continues it", async () => {
    const run = await makeRun({ anonymous: true });
    const saved = await post(
      run,
      [
        ["a.t1.value", "Sam's secret draft"],
        ["intent", "draft"],
      ],
      sam
    );
    const samsDraft = saved.headers.getSetCookie().find((c) => c.startsWith("__survey_draft"))!.split(";")[0];
    const [samsRow] = await q<{ key: string }>("SELECT key FROM survey_drafts WHERE run_id = ?", run);
    // Eve, also a recipient, signs in on Sam's browser: his draft cookie is still there.
    const page = await (await appFetch(path(run), { cookie: `${eve}; ${samsDraft}` })).text();
    expect(page).not.toContain("Sam&#x27;s secret draft");
    expect(page).not.toContain("secret draft");
    expect(textOf(page)).not.toContain("Your draft has been restored.");
    // Her own draft goes under a token of her own; Sam's is not touched by it.
    const hers = await appFetch(path(run), {
      method: "POST",
      body: body([
        ["a.t1.value", "Eve's draft"],
        ["intent", "draft"],
      ]),
      cookie: `${eve}; ${samsDraft}`,
    });
    expect(hers.status).toBe(302);
    const evesDraft = hers.headers.getSetCookie().find((c) => c.startsWith("__survey_draft"))!.split(";")[0];
    expect(evesDraft).not.toBe(samsDraft);
    const rows = await q<{ key: string; answers: string }>("SELECT key, answers FROM survey_drafts WHERE run_id = ?", run);
    expect(rows.map((r) => JSON.parse(r.answers).t1.value)).toEqual(["Eve's draft"]);
    expect(rows[0].key).not.toBe(samsRow.key);
    expect(rows[0].key).not.toContain(EVE);
    // Sam's draft went with his cookie, which her browser no longer holds; her draft is hers only.
    expect(await (await appFetch(path(run), { cookie: `${sam}; ${evesDraft}` })).text()).not.toContain("Eve&#x27;s draft");
    expect(await (await appFetch(path(run), { cookie: `${eve}; ${evesDraft}` })).text()).toContain("Eve&#x27;s draft");
    // A cookie whose signature does not match is nobody's. (Not the last character: in base64 its
    // low bits may be padding, so changing it can leave the signature's bytes as they were.)
    const forged = evesDraft.replace(/.(?=.{4}$)/, (c) => (c === "A" ? "B" : "A"));
    expect(await (await appFetch(path(run), { cookie: `${eve}; ${forged}` })).text()).not.toContain("Eve&#x27;s draft");
  });

  it("are cleared at sign-out: the draft cookie and the draft it kept", async () => {
    const run = await makeRun({ anonymous: true });
    const other = await makeRun({ anonymous: true });
    const cookies: string[] = [];
    for (const id of [run, other]) {
      const saved = await post(
        id,
        [
          ["a.t1.value", "Half done"],
          ["intent", "draft"],
        ],
        sam
      );
      cookies.push(saved.headers.getSetCookie().find((c) => c.startsWith("__survey_draft"))!.split(";")[0]);
    }
    expect(await q("SELECT key FROM survey_drafts WHERE run_id IN (?, ?)", run, other)).toHaveLength(2);
    const out = await appFetch("/sign-out", { method: "POST", cookie: [sam, ...cookies].join("; ") });
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/sign-in");
    const cleared = out.headers.getSetCookie();
    expect(cleared[0]).toMatch(/^__session=/);
    for (const id of [run, other]) {
      expect(cleared.some((c) => c.startsWith(`__survey_draft_${id}=;`) && c.includes("Path=/;") && /Max-Age=0/i.test(c))).toBe(true);
    }
    expect(await q("SELECT key FROM survey_drafts WHERE run_id IN (?, ?)", run, other)).toEqual([]);
    // Signing in again on that browser (the cookies still sent by an old tab) restores nothing.
    const again = await sessionFor("sam@acme.test");
    expect(await (await appFetch(path(run), { cookie: [again, ...cookies].join("; ") })).text()).not.toContain("Half done");
    sam = again;
  });

  it("store no respondent id and only the day of the response; the recipient row only says responded", async () => {
    const run = await makeRun({ anonymous: true });
    expect((await post(run, submit(), sam)).status).toBe(302);
    const [resp] = await q<{ respondent_id: string | null; submitted_at: number; department_id: string }>(
      "SELECT respondent_id, submitted_at, department_id FROM survey_responses WHERE run_id = ?",
      run
    );
    expect(resp.respondent_id).toBeNull();
    expect(resp.submitted_at % 86_400_000).toBe(0);
    expect(Date.now() - resp.submitted_at).toBeLessThan(86_400_000);
    expect(resp.department_id).toBe("d-acme-customer-success");
    expect(await q("SELECT user_id, responded FROM survey_recipients WHERE run_id = ? AND responded = 1", run)).toEqual([
      { user_id: SAM, responded: 1 },
    ]);
    // Nothing else names the respondent next to the run.
    expect(await q("SELECT id FROM audit_events WHERE entity_id = ? AND actor_id = ?", run, SAM)).toEqual([]);
    expect(await q("SELECT key FROM survey_drafts WHERE key = ?", SAM)).toEqual([]);
    const again = await post(run, submit(), sam);
    expect(again.status).toBe(409);
    expect(await counts(run)).toEqual({ responses: 1, answers: 7, responded: 1, submitted: 1 });
  });
});

describe("concurrency and closing", () => {
  const PEOPLE = Array.from({ length: 50 }, (_, i) => `load${String(i).padStart(2, "0")}`);
  const cookies: string[] = [];
  beforeAll(async () => {
    for (const local of PEOPLE)
      await env.DB.prepare(
        "INSERT OR IGNORE INTO users (id, company_id, name, email, department_id, created_at) VALUES (?, 'c-acme', ?, ?, 'd-acme-sales', 0)"
      )
        .bind(`u-acme-${local}`, `Load ${local}`, `${local}@acme.test`)
        .run();
    for (const local of PEOPLE) cookies.push(await sessionFor(`${local}@acme.test`));
  });

  it("50 different recipients submitting at once all land exactly once", async () => {
    const run = await makeRun({ recipients: PEOPLE.map((l) => `u-acme-${l}`) });
    const responses = await Promise.all(cookies.map((cookie) => post(run, submit(), cookie)));
    expect(responses.map((r) => r.status)).toEqual(PEOPLE.map(() => 302));
    expect(await counts(run)).toEqual({ responses: 50, answers: 350, responded: 50, submitted: 50 });
    expect((await q("SELECT DISTINCT respondent_id FROM survey_responses WHERE run_id = ?", run)).length).toBe(50);
  });

  for (const anonymous of [false, true]) {
    it(`the same person submitting 50 times at once lands once (${anonymous ? "anonymous" : "named"} run)`, async () => {
      const run = await makeRun({ anonymous, recipients: [SAM, EVE] });
      const responses = await Promise.all(Array.from({ length: 50 }, () => post(run, submit(), sam)));
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 302)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      expect(await counts(run)).toEqual({ responses: 1, answers: 7, responded: 1, submitted: 1 });
    });
  }

  it("closeAfterAllSubmits closes the run at the last submission, in the same batch, with an audit event", async () => {
    const run = await makeRun({ closeRule: "closeAfterAllSubmits", recipients: [SAM, EVE, ED] });
    await post(run, submit(), sam);
    await post(run, submit(), eve);
    expect((await runRow(run))?.state).toBe("open");
    expect((await post(run, submit(), ed)).status).toBe(302);
    const row = await runRow(run);
    expect(row?.state).toBe("closed");
    expect(row?.closed_at).toEqual(expect.any(Number));
    expect(row?.submitted_count).toBe(3);
    expect(await q("SELECT action, actor_id FROM audit_events WHERE entity_id = ?", run)).toEqual([
      { action: "survey.closed", actor_id: null },
    ]);
  });

  it("a manual run stays open when everyone has submitted", async () => {
    const run = await makeRun({ recipients: [SAM] });
    await post(run, submit(), sam);
    expect((await runRow(run))?.state).toBe("open");
  });
});
