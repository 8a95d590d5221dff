import * as XLSX from "@e965/xlsx";
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";
import { attrs, textOf } from "./shell-html";

// The configuration page of a library loop: each setting saved on its own (and refused with
// nothing written), the company boundary, the permission, the upload of pairs and the launch check.

const QUESTION = [
  {
    id: "b1",
    type: "long-text",
    typeTitle: "Long Text",
    textValue: { label: "What should they keep doing?", placeholder: "Type your answer here", required: true },
  },
];
const ACME = "fl-cfg-acme";
const ACME_1ON1 = "fl-cfg-acme-1on1";
const GLOBEX = "fl-cfg-globex";
const path = (id: string, type = "feedback") => `/workflows/library/${type}/${id}/config`;
const DAY = 86_400_000;
const UNSUPPORTED = "Supported file formats are .xlsx and .csv";
let alice: string;
let adam: string;
let eve: string;
let gina: string;
let gary: string;

async function insertLoop(id: string, companyId: string, templateType: "feedback" | "one-on-one", workflowType: string | null) {
  await env.DB.prepare(
    `INSERT OR REPLACE INTO feedback_library_loops (id, company_id, template_type, template_id, template_name, title, workflow_type, blocks, deadline_at, frequency, updated_at)
     VALUES (?, ?, ?, 'tpl', 'Strengths', 'Quarterly strengths', ?, ?, ?, 'does-not-repeat', 0)`
  )
    .bind(id, companyId, templateType, workflowType, JSON.stringify(QUESTION), Date.now() + 14 * DAY)
    .run();
}

type Row = Record<string, unknown>;
const row = (id: string) => env.DB.prepare("SELECT * FROM feedback_library_loops WHERE id = ?").bind(id).first<Row>();

async function post(id: string, fields: Record<string, string | string[]>, cookie = alice, type = "feedback") {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return appFetch(path(id, type), { method: "POST", body, cookie });
}

function upload(id: string, file: File, cookie = alice) {
  const body = new FormData();
  body.set("intent", "upload");
  body.set("file", file);
  return appFetch(path(id), { method: "POST", body, cookie });
}

/** Posts, expects a refusal with `message` in the page, and that the row did not change. */
async function expectRefused(id: string, fields: Record<string, string | string[]>, message: string, cookie = alice, type = "feedback") {
  const before = await row(id);
  const res = await post(id, fields, cookie, type);
  expect(res.status).toBe(400);
  expect(textOf(await res.text())).toContain(message);
  expect(await row(id)).toEqual(before);
}

/** "2026-03-02T09:30" in UTC (no JavaScript: the offset is 0). */
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);

beforeAll(async () => {
  alice = await sessionFor("alice@acme.test");
  adam = await sessionFor("adam@acme.test");
  eve = await sessionFor("eve@acme.test");
  gina = await sessionFor("gina@globex.test");
  gary = await sessionFor("gary@globex.test");
});

beforeEach(async () => {
  await insertLoop(ACME, "c-acme", "feedback", null);
  await insertLoop(ACME_1ON1, "c-acme", "one-on-one", "direct-feedback");
  await insertLoop(GLOBEX, "c-globex", "feedback", "direct-feedback");
});

describe("feedback loop configuration: the page", () => {
  it("shows the title, the sections in order and the preview", async () => {
    const res = await appFetch(path(ACME), { cookie: alice });
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = textOf(html);
    expect(text).toContain("Configure your feedback loop here");
    const order = ["Feedback Type", "Audience", "Feedback-For", "Anonymity", "Deadline", "Notifications", "Scheduler", "Notification Message", "Send Notifications As"];
    const at = order.map((h) => text.indexOf(h));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).toContain("Feedback is for");
    expect(text).toContain("What should they keep doing?");
    expect(text).toContain("Send Feedback");
    expect(text).toContain("Select the audience to configure Feedback-For!");
  });

  it("Teams-type has no Feedback Type; one-on-one has no anonymity", async () => {
    const teams = textOf(await (await appFetch(path(GLOBEX), { cookie: gina })).text());
    expect(teams).not.toContain("Feedback Type");
    expect(teams).toContain("Anonymity");
    const oneOnOne = textOf(await (await appFetch(path(ACME_1ON1, "one-on-one"), { cookie: alice })).text());
    expect(oneOnOne).not.toContain("Anonymity");
  });

  it("another company's loop, or the wrong template type, is a 404; an unknown type is 'Workflow not found'", async () => {
    expect((await appFetch(path(GLOBEX), { cookie: alice })).status).toBe(404);
    expect((await appFetch(path(ACME), { cookie: gina })).status).toBe(404);
    expect((await appFetch(path(ACME, "one-on-one"), { cookie: alice })).status).toBe(404);
    const unknown = await appFetch(path(ACME, "survey"), { cookie: alice });
    expect(unknown.status).toBe(404);
    expect(textOf(await unknown.text())).toContain("Workflow not found");
    // Posting to another company's loop writes nothing.
    const before = await row(GLOBEX);
    expect((await post(GLOBEX, { intent: "delivery", delivery: "dm-only" }, alice)).status).toBe(404);
    expect(await row(GLOBEX)).toEqual(before);
  });

  it("needs ViewFeedbackLoops: admins on Slack-type, super admins on Teams-type", async () => {
    expect((await appFetch(path(ACME), { cookie: adam })).status).toBe(200);
    for (const [cookie, id] of [
      [eve, ACME],
      [gary, GLOBEX],
    ] as const) {
      const page = await appFetch(path(id), { cookie });
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe("/");
      const before = await row(id);
      const write = await post(id, { intent: "delivery", delivery: "dm-only" }, cookie);
      expect(write.status).toBe(302);
      expect(write.headers.get("Location")).toBe("/");
      expect(await row(id)).toEqual(before);
    }
  });
});

describe("feedback loop configuration: each setting saves on its own", () => {
  it("feedback type", async () => {
    const res = await post(ACME, { intent: "feedbackType", workflowType: "direct-manager-feedback" });
    expect(res.status).toBe(302);
    expect(await row(ACME)).toMatchObject({ workflow_type: "direct-manager-feedback", version: 1 });
    await expectRefused(ACME, { intent: "feedbackType", workflowType: "everyone" }, "Please select the feedback type.");
    await expectRefused(GLOBEX, { intent: "feedbackType", workflowType: "company-feedback" }, "The feedback type is chosen for you", gina);
  });

  it("audience: users, channels, workspace (Slack-type) and groups (Teams-type), each of the company", async () => {
    expect((await post(ACME, { intent: "audience", audienceType: "users", users: ["u-acme-eve", "u-acme-ed"] })).status).toBe(302);
    expect(await row(ACME)).toMatchObject({ audience_type: "users", audience_ids: JSON.stringify(["u-acme-eve", "u-acme-ed"]) });
    expect((await post(ACME, { intent: "audience", audienceType: "channels", channels: ["ch-acme-product"] })).status).toBe(302);
    expect(await row(ACME)).toMatchObject({ audience_type: "channels", audience_ids: JSON.stringify(["ch-acme-product"]) });
    expect((await post(ACME, { intent: "audience", audienceType: "workspace", workspaceId: "w-acme-hq" })).status).toBe(302);
    expect(await row(ACME)).toMatchObject({ audience_type: "workspace", audience_ids: "[]", workspace_id: "w-acme-hq" });

    await expectRefused(ACME, { intent: "audience", audienceType: "users" }, "Select at least one user.");
    await expectRefused(ACME, { intent: "audience", audienceType: "channels" }, "Select at least one channel.");
    await expectRefused(ACME, { intent: "audience", audienceType: "users", users: ["u-acme-eve", "u-globex-tina"] }, "Choose people, channels or groups of your company.");
    await expectRefused(ACME, { intent: "audience", audienceType: "groups", groups: ["g-globex-sales"] }, "Choose people, channels or groups of your company.");
    await expectRefused(ACME, { intent: "audience", audienceType: "workspace", workspaceId: "w-nowhere" }, "Choose a workspace of your company.");
    await expectRefused(ACME, { intent: "audience" }, "Please select the audience.");

    expect((await post(GLOBEX, { intent: "audience", audienceType: "groups", groups: ["g-globex-engineering"] }, gina)).status).toBe(302);
    expect(await row(GLOBEX)).toMatchObject({ audience_type: "groups", audience_ids: JSON.stringify(["g-globex-engineering"]) });
    await expectRefused(GLOBEX, { intent: "audience", audienceType: "channels", channels: ["ch-acme-general"] }, "Choose people, channels or groups of your company.", gina);

    expect((await post(GLOBEX, { intent: "clearAudience" }, gina)).status).toBe(302);
    expect(await row(GLOBEX)).toMatchObject({ audience_type: null, audience_ids: "[]" });
  });

  it("feedback-for: needs an audience, 360 at least two members, pairs of active people; none for company loops", async () => {
    await expectRefused(ACME, { intent: "feedbackFor", feedbackFor: "manager-downward" }, "Select the audience to configure Feedback-For!");
    await post(ACME, { intent: "audience", audienceType: "users", users: ["u-acme-eve"] });
    await expectRefused(ACME, { intent: "feedbackFor", feedbackFor: "360" }, "Select at least two members from audience!");
    expect((await post(ACME, { intent: "feedbackFor", feedbackFor: "manager-downward" })).status).toBe(302);
    expect(await row(ACME)).toMatchObject({ feedback_for: "manager-downward" });
    // One pair (mona gives to eve) shows as the count.
    expect(await attrs(await (await appFetch(path(ACME), { cookie: alice })).text(), "[data-pair-count]", "data-pair-count")).toEqual(["1"]);

    // Alice has no manager: manager-downward over her alone gives no pairs.
    await post(ACME, { intent: "audience", audienceType: "users", users: ["u-acme-alice"] });
    expect((await post(ACME, { intent: "feedbackFor", feedbackFor: "manager-downward" })).status).toBe(302);
    expect(textOf(await (await appFetch(path(ACME), { cookie: alice })).text())).toContain("No sender-receiver pairs available!");

    const pairs = ["u-acme-eve>u-acme-ed", "u-acme-eve>u-acme-ed", "u-acme-ed>u-acme-ed"];
    expect((await post(ACME, { intent: "feedbackFor", feedbackFor: "manually-define", pairs, newSender: "u-acme-mona", newReceiver: "u-acme-eve" })).status).toBe(302);
    expect(JSON.parse(String((await row(ACME))?.pairs))).toEqual([
      { senderId: "u-acme-eve", receiverId: "u-acme-ed" },
      { senderId: "u-acme-mona", receiverId: "u-acme-eve" },
    ]);
    await expectRefused(
      ACME,
      { intent: "feedbackFor", feedbackFor: "manually-define", newSender: "u-acme-eve", newReceiver: "u-globex-tina" },
      "Choose active people of your company for each pair."
    );
    await expectRefused(ACME, { intent: "feedbackFor", feedbackFor: "manually-define", newSender: "u-acme-eve" }, "Choose both a sender and a receiver.");
    await expectRefused(ACME, { intent: "feedbackFor", feedbackFor: "sideways" }, "Please select who the feedback is for.");

    await post(ACME, { intent: "feedbackType", workflowType: "company-feedback" });
    await expectRefused(ACME, { intent: "feedbackFor", feedbackFor: "manager-upward" }, "Company feedback loops have no Feedback-For.");
  });

  it("anonymity only on the feedback template type", async () => {
    expect((await post(ACME, { intent: "anonymity", anonymity: "anonymous" })).status).toBe(302);
    expect(await row(ACME)).toMatchObject({ anonymous: 1 });
    await expectRefused(ACME_1ON1, { intent: "anonymity", anonymity: "anonymous" }, "Anonymity applies only to feedback loops.", alice, "one-on-one");
  });

  it("deadline: in the future, after the start, clearable", async () => {
    const at = Date.now() + 20 * DAY;
    expect((await post(ACME, { intent: "deadline", deadline: local(at), tzOffsetMinutes: "0" })).status).toBe(302);
    expect(Number((await row(ACME))?.deadline_at)).toBe(Math.floor(at / 60_000) * 60_000);
    await expectRefused(ACME, { intent: "deadline", deadline: local(Date.now() - DAY) }, "The deadline must be in the future.");
    await expectRefused(ACME, { intent: "deadline", deadline: "tomorrow" }, "Enter a date and time.");
    expect((await post(ACME, { intent: "clearDeadline" })).status).toBe(302);
    expect(await row(ACME)).toMatchObject({ deadline_at: null });
    // A schedule, then a deadline before it.
    await post(ACME, { intent: "schedule", startDate: local(Date.now() + 5 * DAY), frequency: "does-not-repeat" });
    await expectRefused(ACME, { intent: "deadline", deadline: local(Date.now() + 4 * DAY) }, "The deadline must be after the scheduled start.");
  });

  it("schedule: at least 48 hours ahead, a fitting repeat, one-on-one never repeats, Clear Schedule", async () => {
    await expectRefused(ACME, { intent: "schedule", startDate: local(Date.now() + 47 * 3600_000), frequency: "does-not-repeat" }, "The date must be at least 48 hours from now");
    const start = Date.now() + 3 * DAY;
    await expectRefused(ACME, { intent: "schedule", startDate: local(start), frequency: "every-fortnight" }, "This frequency does not fit the start date");
    expect((await post(ACME, { intent: "schedule", startDate: local(start), frequency: "weekly" })).status).toBe(302);
    expect(await row(ACME)).toMatchObject({ frequency: "weekly", start_at: Math.floor(start / 60_000) * 60_000 });
    expect((await post(ACME_1ON1, { intent: "schedule", startDate: local(start), frequency: "weekly" }, alice, "one-on-one")).status).toBe(302);
    expect(await row(ACME_1ON1)).toMatchObject({ frequency: "does-not-repeat" });
    expect((await post(ACME, { intent: "clearSchedule" })).status).toBe(302);
    expect(await row(ACME)).toMatchObject({ start_at: null, frequency: "does-not-repeat" });
  });

  it("notification message (trimmed) and notification preference", async () => {
    expect((await post(ACME, { intent: "message", notificationMessage: "  Tell them what went well.  " })).status).toBe(302);
    expect(await row(ACME)).toMatchObject({ notification_message: "Tell them what went well." });
    await expectRefused(ACME, { intent: "message", notificationMessage: "x".repeat(2001) }, "Use at most 2000 characters.");
    expect((await post(ACME, { intent: "delivery", delivery: "channels-only" })).status).toBe(302);
    expect(await row(ACME)).toMatchObject({ delivery: "channels-only" });
    await expectRefused(ACME, { intent: "delivery", delivery: "email" }, "Please choose how to send notifications.");
    const versions = Number((await row(ACME))?.version);
    expect(versions).toBe(2);
  });
});

describe("feedback loop configuration: upload of sender-receiver pairs", () => {
  it("refuses a wrong type, a file too large and a zip bomb, writing nothing", async () => {
    const before = await row(ACME);
    const txt = await upload(ACME, new File(["eve@acme.test,ed@acme.test"], "pairs.txt", { type: "text/plain" }));
    expect(txt.status).toBe(400);
    expect(textOf(await txt.text())).toContain(UNSUPPORTED);
    const big = await upload(ACME, new File(["a".repeat(3 * 1024 * 1024)], "pairs.csv", { type: "text/csv" }));
    expect(big.status).toBe(400);
    expect(textOf(await big.text())).toContain("The file is too large");
    const bomb = await upload(ACME, new File([zipBomb()], "pairs.xlsx"));
    expect(bomb.status).toBe(400);
    expect(textOf(await bomb.text())).toContain("The file is too large");
    const disguised = await upload(ACME, new File([book([["eve@acme.test", "ed@acme.test"]])], "pairs.csv"));
    expect(disguised.status).toBe(400);
    expect(textOf(await disguised.text())).toContain(UNSUPPORTED);
    expect(await row(ACME)).toEqual(before);
  });

  it("saves the verified pairs once each and lists the unverified ones as not added", async () => {
    const csv = [
      "sender,receiver",
      "eve@acme.test,ed@acme.test",
      "EVE@acme.test, ed@acme.test",
      "mona@acme.test,eve@acme.test",
      "tina@globex.test,eve@acme.test",
      "eve@acme.test,nobody@acme.test",
    ].join("\n");
    const res = await upload(ACME, new File([csv], "pairs.csv", { type: "text/csv" }));
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = textOf(html);
    expect(text).toContain("2 sender-receiver pairs added");
    expect(text).toContain("Feedback Senders");
    expect(text).toContain("Feedback Receivers");
    expect(text).toContain("tina@globex.test not added");
    expect(text).toContain("nobody@acme.test not added");
    const saved = await row(ACME);
    expect(saved).toMatchObject({ audience_type: "upload", feedback_for: "manually-define" });
    expect(JSON.parse(String(saved?.pairs))).toEqual([
      { senderId: "u-acme-eve", receiverId: "u-acme-ed" },
      { senderId: "u-acme-mona", receiverId: "u-acme-eve" },
    ]);
  });

  it("xlsx works the same; a file with no verified pair writes nothing", async () => {
    const ok = await upload(ACME, new File([book([["eve@acme.test", "ed@acme.test"]])], "pairs.xlsx"));
    expect(ok.status).toBe(200);
    expect(JSON.parse(String((await row(ACME))?.pairs))).toEqual([{ senderId: "u-acme-eve", receiverId: "u-acme-ed" }]);
    const before = await row(GLOBEX);
    const none = await upload(GLOBEX, new File(["eve@acme.test,ed@acme.test"], "pairs.csv"), gina);
    expect(none.status).toBe(400);
    expect(textOf(await none.text())).toContain("None of the pairs in the file could be added.");
    expect(await row(GLOBEX)).toEqual(before);
  });
});

describe("feedback loop configuration: the launch check", () => {
  it("shows the first unmet requirement, then the confirmation once none is left (without JavaScript)", async () => {
    const check = async () => textOf(await (await appFetch(`${path(ACME)}?launch=confirm`, { cookie: alice })).text());
    expect(await check()).toContain("Please select the feedback type.");
    await post(ACME, { intent: "feedbackType", workflowType: "direct-feedback" });
    expect(await check()).toContain("Please select the audience.");
    await post(ACME, { intent: "audience", audienceType: "channels", channels: ["ch-acme-product"] });
    expect(await check()).toContain("Please select who the feedback is for.");
    await post(ACME, { intent: "feedbackFor", feedbackFor: "manually-define" });
    expect(await check()).toContain("Please create at least one sender-receiver pair.");
    await post(ACME, { intent: "feedbackFor", feedbackFor: "360" });
    expect(await check()).toContain("Please choose how to send notifications.");
    // The launch itself refuses with the same message and writes no loop.
    const refused = await post(ACME, { intent: "launch" });
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain("Please choose how to send notifications.");
    await post(ACME, { intent: "delivery", delivery: "dm-only" });
    const ready = await check();
    expect(ready).toContain("Launch Feedback Loop");
    expect(ready).toContain("Are you sure to launch the feedback loop Quarterly strengths?");
  });
});

describe("feedback loop configuration: with and without JavaScript", () => {
  it("a script's save answers the loop as saved instead of a redirect", async () => {
    const body = new URLSearchParams({ intent: "delivery", delivery: "dm-only", js: "1" });
    const res = await appFetch(`${path(ACME)}.data`, { method: "POST", body, cookie: alice });
    expect(res.status).toBe(200);
    expect(res.headers.get("Location")).toBeNull();
    const payload = await res.text();
    expect(payload).toContain("dm-only");
    expect(payload).toContain("Quarterly strengths");
    expect(await row(ACME)).toMatchObject({ delivery: "dm-only", version: 1 });
  });

  it("without JavaScript a picker's Search answers the matching people of the company and writes nothing", async () => {
    const before = await row(ACME);
    const res = await post(ACME, { intent: "audience", audienceType: "users", users: ["u-acme-ed"], usersQuery: "e", pickerSearch: "usersQuery" });
    expect(res.status).toBe(200);
    const html = await res.text();
    const offered = await attrs(html, 'input[type="checkbox"][name="users"]', "value");
    expect(offered).toContain("u-acme-ed");
    expect(offered).toContain("u-acme-eve");
    expect(offered.every((id) => id.startsWith("u-acme-"))).toBe(true);
    expect(await row(ACME)).toEqual(before);
  });
});

describe("feedback loop configuration: people to pick", () => {
  it("offers the active people of the viewer's company only, to those with ViewFeedbackLoops", async () => {
    const res = await appFetch("/people/search?scope=loop-people&q=t", { cookie: gina });
    const { people } = (await res.json()) as { people: Array<{ id: string }> };
    expect(people.length).toBeGreaterThan(0);
    expect(people.every((p) => p.id.startsWith("u-globex-"))).toBe(true);
    const denied = await appFetch("/people/search?scope=loop-people&q=t", { cookie: eve });
    expect(denied.status).toBe(302);
  });
});

function book(rows: string[][]): Uint8Array<ArrayBuffer> {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Pairs");
  return new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}

/** A tiny xlsx (zip) whose entry declares 3 GB uncompressed. */
function zipBomb(): Uint8Array<ArrayBuffer> {
  const name = new TextEncoder().encode("xl/workbook.xml");
  const data = new TextEncoder().encode("<x/>");
  const declared = 3_000_000_000;
  const local = new Uint8Array(30 + name.length + data.length);
  const lv = new DataView(local.buffer);
  lv.setUint32(0, 0x04034b50, true);
  lv.setUint16(4, 20, true);
  lv.setUint32(18, data.length, true);
  lv.setUint32(22, declared, true);
  lv.setUint16(26, name.length, true);
  local.set(name, 30);
  local.set(data, 30 + name.length);
  const central = new Uint8Array(46 + name.length);
  const cv = new DataView(central.buffer);
  cv.setUint32(0, 0x02014b50, true);
  cv.setUint16(4, 20, true);
  cv.setUint16(6, 20, true);
  cv.setUint32(20, data.length, true);
  cv.setUint32(24, declared, true);
  cv.setUint16(28, name.length, true);
  central.set(name, 46);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, 1, true);
  ev.setUint16(10, 1, true);
  ev.setUint32(12, central.length, true);
  ev.setUint32(16, local.length, true);
  const out = new Uint8Array(local.length + central.length + end.length);
  out.set(local, 0);
  out.set(central, local.length);
  out.set(end, local.length + central.length);
  return out;
}
