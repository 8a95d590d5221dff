import * as XLSX from "@e965/xlsx";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { viewerOfPerson, queueDataStudioDownload } from "~/modules/analytics/data-studio/download.server";
import { listEntities } from "~/modules/analytics/data-studio/entities.server";
import type { QueryDocument } from "~/modules/analytics/data-studio/query-types";
import { runQuery } from "~/modules/analytics/data-studio/run.server";
import { personOfUser, type Viewer } from "~/modules/auth/session.server";
import worker from "../../workers/app";
import { JOBS_QUEUE } from "../../workers/queues";
import { appFetch, sessionFor } from "./helpers";

// Data Studio queries inside workerd on the seeded demo companies: runQuery against hand-written
// SQL, the company scope, anonymity, SQL errors kept from the answer, and the queued download.

const db = createDb(env.DB);
const context = { db, requestId: "data-studio-test", cloudflare: { env } } as unknown as AppLoadContext;

async function viewer(company: "c-acme" | "c-globex", local: string): Promise<Viewer> {
  const person = await personOfUser(db, company, `u-${company.slice(2)}-${local}`);
  if (!person) throw new Error(`no seeded ${local}`);
  return viewerOfPerson(person);
}

const attr = (name: string, filters?: unknown[]) => ({ type: "attribute" as const, name, ...(filters ? { filters: filters as never } : {}) });
const edge = (name: string) => ({ type: "edge" as const, name });

let alice: Viewer;
let gina: Viewer;
let eve: Viewer;
let eveName: string;
let edName: string;

beforeAll(async () => {
  alice = await viewer("c-acme", "alice");
  gina = await viewer("c-globex", "gina");
  eve = await viewer("c-acme", "eve");
  eveName = eve.user.name;
  edName = (await viewer("c-acme", "ed")).user.name;
  // An anonymous item that (wrongly) kept its sender, and a formula-like text: neither may come out as stored.
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO feedback_items (id, company_id, source, feedback_type, feedback_type_title, feedback_text, sender_id, receiver_id, anonymous, visible, created_at, sent_at)
       VALUES ('fi-ds-anon', 'c-acme', 'loop', 'feedback', 'Feedback', 'DS anonymous words', 'u-acme-mona', 'u-acme-eve', 1, 1, ?1, ?1)`
    ).bind(Date.UTC(2026, 0, 5)),
    env.DB.prepare(
      `INSERT INTO feedback_items (id, company_id, source, feedback_type, feedback_type_title, feedback_text, sender_id, receiver_id, anonymous, visible, created_at, sent_at)
       VALUES ('fi-ds-formula', 'c-acme', 'direct', 'feedback', 'Feedback', '=HYPERLINK("http://evil.test","click")', 'u-acme-ed', 'u-acme-eve', 0, 1, ?1, ?1)`
    ).bind(Date.UTC(2026, 0, 6, 15, 45)),
  ]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("runQuery", () => {
  it("previews the first 10 rows and counts them all, as hand-written SQL does", async () => {
    const doc: QueryDocument = {
      table: "feedback",
      columns: [[attr("text")], [edge("receiver"), attr("name")], [edge("receiver"), edge("department"), attr("name")], [attr("sentAt")]],
    };
    const result = await runQuery(context, alice, doc);
    if (!result.ok) throw new Error(result.message);
    const expected = await env.DB.prepare(
      `SELECT fi.feedback_text AS text, r.name AS receiver, d.name AS department, strftime('%Y-%m-%d', fi.sent_at / 1000, 'unixepoch') AS day
       FROM feedback_items fi LEFT JOIN users r ON r.id = fi.receiver_id AND r.company_id = fi.company_id
       LEFT JOIN departments d ON d.id = r.department_id AND d.company_id = fi.company_id
       WHERE fi.company_id = 'c-acme' AND fi.visible = 1 ORDER BY fi.sent_at, fi.id LIMIT 10`
    ).raw();
    const total = await env.DB.prepare("SELECT count(*) AS n FROM feedback_items WHERE company_id = 'c-acme' AND visible = 1").first<{ n: number }>();
    expect(result.rows).toEqual(expected);
    expect(result.rows.length).toBe(10);
    expect(result.rowCount).toBe(total!.n);
    expect(result.truncated).toBe(result.rowCount > 10);
    expect(result.columns.map((c) => c.label)).toEqual(["Feedback › Feedback", "Feedback › Receiver › Name", "Feedback › Receiver › Department › Name", "Feedback › Sent"]);
  });

  it("a filter across an edge narrows the rows; the count follows it", async () => {
    const result = await runQuery(context, alice, {
      table: "feedback",
      columns: [[attr("text")], [edge("receiver"), attr("person", [{ kind: "in", values: ["u-acme-eve"] }])]],
    });
    if (!result.ok) throw new Error(result.message);
    const n = await env.DB.prepare("SELECT count(*) AS n FROM feedback_items WHERE company_id = 'c-acme' AND visible = 1 AND receiver_id = 'u-acme-eve'").first<{ n: number }>();
    expect(result.rowCount).toBe(n!.n);
    expect(result.rows.length).toBeGreaterThan(0);
    expect(result.rows.every((row) => row[1] === eveName)).toBe(true);
  });

  it("another company's ids and rows are out of reach", async () => {
    const globexPeople = await runQuery(context, gina, { table: "people", columns: [[attr("email")]] }, { limit: 500 });
    if (!globexPeople.ok) throw new Error(globexPeople.message);
    expect(globexPeople.rows.length).toBeGreaterThan(0);
    expect(globexPeople.rows.every(([email]) => String(email).endsWith("@globex.test"))).toBe(true);
    // Acme's people named by id from Globex: no row.
    const byId = await runQuery(context, gina, { table: "feedback", columns: [[attr("text")], [edge("receiver"), attr("person", [{ kind: "in", values: ["u-acme-eve"] }])]] });
    expect(byId).toMatchObject({ ok: true, rows: [], rowCount: 0 });
    const entities = await listEntities(context, gina, "users");
    expect(entities.some((e) => e.id.startsWith("u-acme-"))).toBe(false);
    expect(entities.length).toBe(globexPeople.rowCount);
  });

  it("an anonymous item names no sender, and a filter on the sender cannot select it", async () => {
    const doc: QueryDocument = { table: "feedback", columns: [[attr("text", [{ kind: "contains", value: "DS anonymous" }])], [edge("sender"), attr("name")], [edge("sender"), attr("email")]] };
    const result = await runQuery(context, alice, doc);
    expect(result).toMatchObject({ ok: true, rows: [["DS anonymous words", null, null]], rowCount: 1 });
    const bySender = await runQuery(context, alice, {
      table: "feedback",
      columns: [[attr("text", [{ kind: "contains", value: "DS anonymous" }])], [edge("sender"), attr("person", [{ kind: "in", values: ["u-acme-mona"] }])]],
    });
    expect(bySender).toMatchObject({ ok: true, rows: [], rowCount: 0 });
    // The seeded anonymous review: its answers reach no reviewer.
    const answers = await runQuery(
      context,
      alice,
      { table: "reviewAnswers", columns: [[edge("campaign"), attr("anonymous", [{ kind: "in", values: [true] }])], [edge("reviewer"), attr("name")], [edge("pair"), edge("reviewer"), attr("name")]] },
      { limit: 1000 }
    );
    if (!answers.ok) throw new Error(answers.message);
    expect(answers.rows.length).toBeGreaterThan(0);
    expect(answers.rows.every((row) => row[1] === null && row[2] === null)).toBe(true);
  });

  it("an employee reads only what their pages show them", async () => {
    const result = await runQuery(context, eve, { table: "feedback", columns: [[edge("receiver"), attr("person")], [edge("sender"), attr("person")], [attr("public")]] }, { limit: 1000 });
    if (!result.ok) throw new Error(result.message);
    expect(result.rows.length).toBeGreaterThan(0);
    expect(result.rows.every(([receiver, sender, isPublic]) => receiver === eveName || sender === eveName || isPublic === true || receiver === null)).toBe(true);
  });

  it("refuses bad input with a message and never shows a database error", async () => {
    expect(await runQuery(context, alice, { table: "people", columns: [[attr("password_hash")]] })).toEqual({ ok: false, message: 'People has no attribute called "password_hash".' });
    const broken = {
      ...context,
      db: { $client: { prepare: env.DB.prepare.bind(env.DB), batch: async () => {
          throw new Error("D1_ERROR: no such column: t0.secret_column: SQLITE_ERROR");
        },
      },
    },
    } as unknown as AppLoadContext;
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const result = await runQuery(broken, alice, { table: "people", columns: [[attr("name")]] });
    expect(result).toEqual({ ok: false, message: "The query could not be run. Try again, or simplify it." });
    expect(error).toHaveBeenCalled();
    expect(String(error.mock.calls[0][0])).toContain("no such column");
  });
});

async function consume(id: string, body: unknown) {
  const batch = createMessageBatch(JOBS_QUEUE, [{ id, timestamp: new Date(), attempts: 1, body }]);
  const ctx = createExecutionContext();
  await worker.queue!(batch as MessageBatch<never>, env as Env);
  return getQueueResult(batch, ctx);
}

describe("the queued download", () => {
  it("builds a real XLSX of every row with escaped cells, for its requester only", async () => {
    const sent: Array<Record<string, unknown>> = [];
    vi.spyOn(env.JOBS, "send").mockImplementation(async (body: unknown) => {
      sent.push(body as Record<string, unknown>);
      return undefined as never;
    });
    const doc: QueryDocument = { table: "feedback", columns: [[attr("text")], [edge("receiver"), attr("name")], [edge("sender"), attr("name")], [attr("anonymous")]] };
    const request = new Request("http://127.0.0.1:8787/analytics/my-queries", { method: "POST" });
    const response = await queueDataStudioDownload(context, alice, doc, "All feedback", { request, back: "/analytics/my-queries" });
    expect(response.status).toBe(302);
    expect(sent).toHaveLength(1);
    vi.restoreAllMocks();
    const reportId = String(sent[0].reportId);
    const result = await consume(`msg-${reportId}`, sent[0]);
    expect(result.explicitAcks.concat(result.retryMessages.map((m: { msgId: string }) => m.msgId))).toContain(`msg-${reportId}`);
    const row = await env.DB.prepare("SELECT state, kind FROM generated_reports WHERE id = ?").bind(reportId).first<{ state: string; kind: string }>();
    expect(row).toEqual({ state: "ready", kind: "data-studio-xlsx" });

    const file = await appFetch(`/reports/files/${reportId}`, { cookie: await sessionFor("alice@acme.test") });
    expect(file.status).toBe(200);
    const book = XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: true, defval: null });
    const total = await env.DB.prepare("SELECT count(*) AS n FROM feedback_items WHERE company_id = 'c-acme' AND visible = 1").first<{ n: number }>();
    expect(rows[0]).toEqual(["Feedback › Feedback", "Feedback › Receiver › Name", "Feedback › Sender › Name", "Feedback › Anonymous"]);
    expect(rows.length - 1).toBe(total!.n);
    expect(rows).toContainEqual(['\'=HYPERLINK("http://evil.test","click")', eveName, edName, "No"]);
    expect(rows).toContainEqual(["DS anonymous words", eveName, null, "Yes"]);
    expect(rows.filter((r) => r[3] === "Yes").every((r) => r[2] === null)).toBe(true);

    // Someone else, even an admin of the company, does not get the requester's file.
    expect((await appFetch(`/reports/files/${reportId}`, { cookie: await sessionFor("adam@acme.test") })).status).toBe(404);
    expect((await appFetch(`/reports/files/${reportId}`, { cookie: await sessionFor("gina@globex.test") })).status).toBe(404);
  });

  it("a refused query queues nothing and says why", async () => {
    const send = vi.spyOn(env.JOBS, "send");
    const request = new Request("http://127.0.0.1:8787/analytics/my-queries", { method: "POST" });
    const response = await queueDataStudioDownload(context, alice, { table: "secrets", columns: [[attr("name")]] }, "x", { request, back: "/analytics/my-queries" });
    expect(response.status).toBe(302);
    expect(send).not.toHaveBeenCalled();
    expect(decodeURIComponent(response.headers.get("Set-Cookie") ?? "")).toBeTruthy();
  });
});
