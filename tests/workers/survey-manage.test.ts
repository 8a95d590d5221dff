import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { appFetch, postForm, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

// Manage surveys (001 §2 "Manage surveys", §8): the list with its filters and
// columns, the details with audience and result viewers, Close Survey and Send Reminders.
// Runs are inserted with SQL (launching is built elsewhere).

const LIST = "/surveys/manage-surveys";
const detail = (id: string) => `${LIST}/${id}`;
const BLOCKS = JSON.stringify([{ id: "t1", type: "text-input", label: "Anything?", placeholder: "", required: false }]);

let n = 0;
async function makeRun(
  opts: {
    company?: string;
    title?: string;
    state?: "open" | "closed";
    anonymous?: boolean;
    launchedBy?: string;
    workspaceId?: string | null;
    groupId?: string | null;
    recipients?: Array<[userId: string, responded: boolean]>;
    inspectorType?: "audience" | "users";
    inspectorIds?: string[];
    launchedAt?: number;
  } = {}
) {
  const id = `run-manage-${++n}-${crypto.randomUUID().slice(0, 8)}`;
  const company = opts.company ?? "c-acme";
  const recipients = opts.recipients ?? [];
  const submitted = recipients.filter(([, r]) => r).length;
  await env.DB.prepare(
    `INSERT INTO survey_runs (id, company_id, survey_id, title, template_name, workspace_id, group_id, blocks, inspector_type, inspector_ids,
       anonymous, min_submission_count, live_results, state, sequence, close_rule, closes_at, closed_at, audience_count, submitted_count,
       launched_by, launched_at)
     VALUES (?, ?, ?, ?, 'Pulse Check', ?, ?, ?, ?, ?, ?, 3, 0, ?, 1, 'manual', ?, ?, ?, ?, ?, ?)`
  )
    .bind(
      id,
      company,
      `s-${id}`,
      opts.title ?? `Manage test ${n}`,
      opts.workspaceId === undefined ? (company === "c-acme" ? "w-acme-hq" : null) : opts.workspaceId,
      opts.groupId ?? null,
      BLOCKS,
      opts.inspectorType ?? "audience",
      JSON.stringify(opts.inspectorIds ?? []),
      opts.anonymous ? 1 : 0,
      opts.state ?? "open",
      Date.UTC(2031, 5, 1, 12, 0),
      opts.state === "closed" ? Date.UTC(2030, 0, 2, 8, 0) : null,
      recipients.length,
      submitted,
      opts.launchedBy ?? "u-acme-alice",
      opts.launchedAt ?? Date.now() + n
    )
    .run();
  for (const [userId, responded] of recipients)
    await env.DB.prepare("INSERT INTO survey_recipients (company_id, run_id, user_id, responded) VALUES (?, ?, ?, ?)")
      .bind(company, id, userId, responded ? 1 : 0)
      .run();
  return id;
}

function toastOf(response: Response): { type: string; message: string; errorInfo?: string[] } | null {
  const match = (response.headers.get("Set-Cookie") ?? "").match(/__toast=([^;]+)/);
  if (!match) return null;
  const binary = atob(decodeURIComponent(match[1]));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

const q = async <T = Record<string, unknown>>(sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
const runIdsOn = async (html: string) => attrs(html, "tr[data-run-id]", "data-run-id");
const get = async (path: string, cookie: string) => {
  const response = await appFetch(path, { cookie });
  expect(response.status).toBe(200);
  return response.text();
};

let alice: string;
let adam: string;
let sam: string;
let gina: string;
let gary: string;
beforeAll(async () => {
  [alice, adam, sam, gina, gary] = await Promise.all(
    ["alice@acme.test", "adam@acme.test", "sam@acme.test", "gina@globex.test", "gary@globex.test"].map((e) => sessionFor(e))
  );
});

describe("manage surveys list", () => {
  let openRun: string;
  let closedRun: string;
  let adamRun: string;
  beforeAll(async () => {
    openRun = await makeRun({
      title: "Open pulse",
      recipients: [
        ["u-acme-sam", true],
        ["u-acme-eve", false],
        ["u-acme-ed", false],
      ],
    });
    closedRun = await makeRun({ title: "Closed pulse", state: "closed", recipients: [["u-acme-sam", true]] });
    adamRun = await makeRun({ title: "Adam's pulse", launchedBy: "u-acme-adam", recipients: [["u-acme-sam", false]] });
  });

  it("shows open runs by default with the specified columns, progress in % and a link to the details", async () => {
    const html = await get(LIST, alice);
    expect(await texts(html, 'table[aria-label="Surveys"] th')).toEqual([
      "Title",
      "Template",
      "Launched By",
      "Workspace",
      "Launched At",
      "Closes At",
      "Progress (%)",
    ]);
    const ids = await runIdsOn(html);
    expect(ids).toContain(openRun);
    expect(ids).toContain(adamRun);
    expect(ids).not.toContain(closedRun);
    const row = (await texts(html, `tr[data-run-id="${openRun}"] td`)).map((t) => t.trim());
    expect(row[0]).toContain("Open pulse");
    expect(row.slice(1)).toEqual([
      "Pulse Check",
      expect.stringMatching(/^Alice /),
      "Acme HQ",
      expect.stringMatching(/UTC$/),
      "1 Jun 2031, 12:00 UTC",
      "33%",
    ]);
    expect(await attrs(html, `tr[data-run-id="${openRun}"] a`, "href")).toEqual([detail(openRun)]);
  });

  it("filters by state with a plain GET form; Closed At for closed runs", async () => {
    const html = await get(`${LIST}?state=closed`, alice);
    const ids = await runIdsOn(html);
    expect(ids).toContain(closedRun);
    expect(ids).not.toContain(openRun);
    expect(await texts(html, 'table[aria-label="Surveys"] th')).toContain("Closed At");
    expect((await texts(html, `tr[data-run-id="${closedRun}"] td`))[5]).toBe("2 Jan 2030, 08:00 UTC");
    expect((await texts(html, `tr[data-run-id="${closedRun}"] td`))[6]).toBe("100%");
    expect(await attrs(html, 'form[method="get"] select[name="state"] option', "value")).toEqual(["open", "closed", "all"]);
    const all = await runIdsOn(await get(`${LIST}?state=all`, alice));
    expect(all).toEqual(expect.arrayContaining([openRun, closedRun, adamRun]));
  });

  it("offers the launched-by filter only with ViewLaunchedByOthersSurveysFilter (super admin)", async () => {
    const html = await get(`${LIST}?launchedBy=u-acme-adam`, alice);
    expect(await attrs(html, 'select[name="launchedBy"] option', "value")).toEqual(
      expect.arrayContaining(["", "u-acme-adam", "u-acme-alice"])
    );
    const ids = await runIdsOn(html);
    expect(ids).toContain(adamRun);
    expect(ids).not.toContain(openRun);
    // A team admin has no launched-by filter: the parameter is ignored.
    const forAdam = await get(`${LIST}?launchedBy=u-acme-adam`, adam);
    expect(await attrs(forAdam, 'select[name="launchedBy"]', "name")).toEqual([]);
    expect(await runIdsOn(forAdam)).toEqual(expect.arrayContaining([adamRun, openRun]));
  });

  it("shows exactly 'No Survey Data available.' when nothing matches", async () => {
    const text = textOf(await get(`${LIST}?launchedBy=u-acme-nobody`, alice));
    expect(text).toContain("No Survey Data available.");
  });

  it("is for holders of ViewSurveys only, and scoped by company", async () => {
    const denied = await appFetch(LIST, { cookie: sam });
    expect(denied.status).toBe(302);
    expect(denied.headers.get("Location")).toBe("/");
    expect(await runIdsOn(await get(`${LIST}?state=all`, gina))).not.toContain(openRun);
  });

  it("a Teams group admin sees the runs of their groups only; another group's details redirect to the list", async () => {
    const mine = await makeRun({ company: "c-globex", groupId: "g-globex-engineering", launchedBy: "u-globex-gina" });
    const theirs = await makeRun({ company: "c-globex", groupId: "g-globex-sales", launchedBy: "u-globex-gina" });
    const html = await get(LIST, gary);
    expect(await texts(html, 'table[aria-label="Surveys"] th')).toContain("Group");
    const ids = await runIdsOn(html);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect((await texts(html, `tr[data-run-id="${mine}"] td`))[3]).toBe("Engineering");
    expect((await appFetch(detail(mine), { cookie: gary })).status).toBe(200);
    const redirected = await appFetch(detail(theirs), { cookie: gary });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("Location")).toBe(LIST);
    expect(toastOf(redirected)).toMatchObject({ type: "error" });
    // Closing it is refused the same way, and changes nothing.
    const close = await postForm(detail(theirs), { intent: "close", confirmed: "true" }, gary);
    expect(close.headers.get("Location")).toBe(LIST);
    expect((await q<{ state: string }>("SELECT state FROM survey_runs WHERE id = ?", theirs))[0].state).toBe("open");
    // The super admin sees both.
    expect(await runIdsOn(await get(LIST, gina))).toEqual(expect.arrayContaining([mine, theirs]));
  });
});

describe("survey details", () => {
  it("shows title, state, progress, dates, result viewers and the audience with responded yes/no", async () => {
    const run = await makeRun({
      title: "Details pulse",
      recipients: [
        ["u-acme-sam", true],
        ["u-acme-eve", false],
      ],
      inspectorType: "users",
      inspectorIds: ["u-acme-mona", "u-acme-adam"],
    });
    const html = await get(detail(run), alice);
    const text = textOf(html);
    expect(await texts(html, "h1")).toEqual(["Details pulse"]);
    expect(text).toContain("1 of 2 responded (50%)");
    expect(text).toContain("1 Jun 2031, 12:00 UTC");
    expect(await attrs(html, "[data-progress]", "data-progress")).toEqual(["50"]);
    const viewers = await texts(html, "[data-inspectors] li");
    expect(viewers).toHaveLength(2);
    expect(viewers.some((v) => v.includes("mona@acme.test"))).toBe(true);
    expect(await attrs(html, 'tr[data-recipient="sam@acme.test"] [data-responded]', "data-responded")).toEqual(["yes"]);
    expect(await attrs(html, 'tr[data-recipient="eve@acme.test"] [data-responded]', "data-responded")).toEqual(["no"]);
    expect(await texts(html, "button")).toEqual(expect.arrayContaining(["Send Reminders", "Close Survey"]));
  });

  it("on an anonymous run shows counts only, not who responded", async () => {
    const run = await makeRun({
      anonymous: true,
      recipients: [
        ["u-acme-sam", true],
        ["u-acme-eve", false],
      ],
    });
    const html = await get(detail(run), alice);
    expect(textOf(html)).toContain("who has responded is not shown, only that 1 of 2 have");
    expect(await attrs(html, "[data-responded]", "data-responded")).toEqual([]);
    expect(await texts(html, 'table[aria-label="Audience"] th')).toEqual(["Name", "E-mail", "Status"]);
    expect(textOf(html)).toContain("The survey's audience (2 people).");
  });

  it("with no audience shows exactly 'No Survey details available.'", async () => {
    const run = await makeRun();
    expect(textOf(await get(detail(run), alice))).toContain("No Survey details available.");
  });

  it("another company's run and an unknown id are 404s", async () => {
    const globexRun = await makeRun({ company: "c-globex", groupId: "g-globex-all", launchedBy: "u-globex-gina" });
    expect((await appFetch(detail(globexRun), { cookie: alice })).status).toBe(404);
    expect((await postForm(detail(globexRun), { intent: "close", confirmed: "true" }, alice)).status).toBe(404);
    expect((await appFetch(detail("no-such-run"), { cookie: alice })).status).toBe(404);
    expect((await q<{ state: string }>("SELECT state FROM survey_runs WHERE id = ?", globexRun))[0].state).toBe("open");
  });
});

describe("Close Survey", () => {
  it("asks first, closes once with an audit event, and refuses a second close changing nothing", async () => {
    const run = await makeRun({ recipients: [["u-acme-sam", false]] });
    const asked = await postForm(detail(run), { intent: "close" }, alice);
    expect(asked.status).toBe(200);
    const askedHtml = await asked.text();
    expect(await texts(askedHtml, '[role="alertdialog"] h2')).toEqual([expect.stringContaining("Close Survey")]);
    expect(await attrs(askedHtml, '[role="alertdialog"] input[name="confirmed"]', "value")).toEqual(["true"]);
    expect((await q<{ state: string }>("SELECT state FROM survey_runs WHERE id = ?", run))[0].state).toBe("open");

    const closed = await postForm(detail(run), { intent: "close", confirmed: "true" }, alice);
    expect(closed.status).toBe(302);
    expect(closed.headers.get("Location")).toBe(detail(run));
    expect(toastOf(closed)).toMatchObject({ type: "success", message: "Survey closed successfully" });
    const [row] = await q<{ state: string; closed_at: number }>("SELECT state, closed_at FROM survey_runs WHERE id = ?", run);
    expect(row.state).toBe("closed");
    expect(row.closed_at).toEqual(expect.any(Number));

    const again = await postForm(detail(run), { intent: "close", confirmed: "true" }, alice);
    expect(toastOf(again)).toMatchObject({ type: "error", message: "This survey is already closed." });
    const [after] = await q<{ closed_at: number }>("SELECT closed_at FROM survey_runs WHERE id = ?", run);
    expect(after.closed_at).toBe(row.closed_at);
    expect(await q("SELECT action, actor_id FROM audit_events WHERE entity_id = ?", run)).toEqual([
      { action: "survey.closed", actor_id: "u-acme-alice" },
    ]);
    // The closed run offers neither Close nor reminders, and the respondent page refuses answers.
    const html = await get(detail(run), alice);
    expect(await texts(html, "button")).not.toContain("Close Survey");
    expect(textOf(html)).toContain("Closed At");
  });
});

describe("Send Reminders", () => {
  beforeAll(async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT OR IGNORE INTO users (id, company_id, name, email, department_id, is_deleted, created_at) VALUES ('u-acme-gone', 'c-acme', 'Gone Person', 'gone@acme.test', 'd-acme-sales', 1, 0)"
      ),
      env.DB.prepare(
        "INSERT OR IGNORE INTO users (id, company_id, name, email, department_id, is_excluded, created_at) VALUES ('u-acme-away', 'c-acme', 'Away Person', 'away@acme.test', 'd-acme-sales', 1, 0)"
      ),
    ]);
  });
  // Acme's demo settings send survey reminders by Slack and e-mail: who is reminded is read on Slack.
  const outbox = (runId: string) =>
    q<{ recipient_user_id: string; kind: string; link: string; subject: string }>(
      "SELECT recipient_user_id, kind, link, subject FROM notification_outbox WHERE link = ? AND channel = 'slack' ORDER BY recipient_user_id",
      `/surveys/respond/${runId}`
    );

  it("reminds who has not responded; people who cannot be reminded come back in the error toast's errorInfo", async () => {
    const run = await makeRun({
      title: "Remind pulse",
      recipients: [
        ["u-acme-sam", false],
        ["u-acme-eve", true],
        ["u-acme-ed", false],
        ["u-acme-gone", false],
        ["u-acme-away", false],
      ],
    });
    const requestId = (await attrs(await get(detail(run), alice), 'form input[name="requestId"]', "value"))[0];
    expect(requestId).toBeTruthy();
    const response = await postForm(detail(run), { intent: "remind", requestId }, alice);
    expect(response.status).toBe(302);
    const toast = toastOf(response);
    expect(toast).toMatchObject({ type: "error", message: "Reminders sent to 2 people. 2 people could not be reminded:" });
    expect(toast?.errorInfo).toEqual([
      "Away Person (away@acme.test): inactive (excluded from the app), cannot be reminded.",
      "Gone Person (gone@acme.test): deactivated, cannot be reminded.",
    ]);
    expect(await outbox(run)).toEqual([
      { recipient_user_id: "u-acme-ed", kind: "survey-reminder", link: `/surveys/respond/${run}`, subject: "Reminder: Remind pulse" },
      { recipient_user_id: "u-acme-sam", kind: "survey-reminder", link: `/surveys/respond/${run}`, subject: "Reminder: Remind pulse" },
    ]);
    // The same form sent again reminds nobody twice.
    await postForm(detail(run), { intent: "remind", requestId }, alice);
    expect(await outbox(run)).toHaveLength(2);
  });

  it("a success toast with the count when everyone can be reminded; closed runs refuse", async () => {
    const run = await makeRun({
      recipients: [
        ["u-acme-sam", false],
        ["u-acme-eve", true],
      ],
    });
    const response = await postForm(detail(run), { intent: "remind", requestId: "r-1" }, alice);
    expect(toastOf(response)).toEqual(expect.objectContaining({ type: "success", message: "Reminders sent to 1 person." }));
    expect(toastOf(response)?.errorInfo).toBeUndefined();

    const closed = await makeRun({ state: "closed", recipients: [["u-acme-sam", false]] });
    const refused = await postForm(detail(closed), { intent: "remind", requestId: "r-2" }, alice);
    expect(toastOf(refused)).toMatchObject({ type: "error" });
    expect(await outbox(closed)).toEqual([]);
  });

  it("on an anonymous run lists every unreachable recipient, responded or not, so the list does not tell who responded", async () => {
    const run = await makeRun({
      anonymous: true,
      recipients: [
        ["u-acme-sam", false],
        ["u-acme-gone", true],
      ],
    });
    const response = await postForm(detail(run), { intent: "remind", requestId: "r-anon" }, alice);
    expect(toastOf(response)?.errorInfo).toEqual(["Gone Person (gone@acme.test): deactivated, cannot be reminded."]);
    expect((await outbox(run)).map((r) => r.recipient_user_id)).toEqual(["u-acme-sam"]);
  });

  it("a bad intent is a 400 and writes nothing", async () => {
    const run = await makeRun({ recipients: [["u-acme-sam", false]] });
    expect((await postForm(detail(run), { intent: "explode" }, alice)).status).toBe(400);
    expect((await postForm(detail(run), { intent: "remind" }, alice)).status).toBe(400);
    expect(await outbox(run)).toEqual([]);
  });
});
