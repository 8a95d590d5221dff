import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { feedbackItems } from "~/db/schema";
import { feedbackRecord } from "~/modules/feedback/item-record";
import { feedbackReportContent, feedbackReportHtml } from "~/modules/profile/feedback-report.server";
import worker from "../../workers/app";
import { JOBS_QUEUE } from "../../workers/queues";
import { appFetch, postForm, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

// The profile Feedback tab as a page: cards of what the viewer may see, the Details dialog from
// ?feedback=<id> without JavaScript, the sender filter behind its gate, 'No feedback available!',
// and Download: exactly the filtered rows queued as a PDF, downloadable by who may see them.

const db = createDb(env.DB);
const EVE_TAB = "/my-profile/u-acme-eve/feedback";
const MONA_VIEW = "/my-team/default/users/u-acme-eve/feedback";
const ALICE_VIEW = "/organization/settings/users/u-acme-eve/feedback";
const QUEUED = "Report will be emailed once completed";

async function page(email: string, path: string) {
  const response = await appFetch(path, { cookie: await sessionFor(email) });
  expect(response.status, path).toBe(200);
  return response.text();
}

const cardIds = (html: string) => attrs(html, "article[data-feedback-id]", "data-feedback-id");

async function visibleIds(where = "") {
  const { results } = await env.DB.prepare(
    `SELECT id FROM feedback_items WHERE company_id = 'c-acme' AND receiver_id = 'u-acme-eve' AND visible = 1 ${where} ORDER BY sent_at DESC, id DESC`
  ).all<{ id: string }>();
  return results.map((r) => r.id);
}

/** A released anonymous item sent to Eve by Zara (whose name appears nowhere else on Eve's tab). */
async function anonymousFromZara() {
  const { item } = feedbackRecord({
    companyId: "c-acme",
    source: "loop",
    feedbackType: "feedback-to-employee",
    feedbackTypeTitle: "Feedback to Employee",
    templateType: "FreeText",
    texts: { feedbackText: "An anonymous note about release planning" },
    senderId: "u-acme-zara",
    receiverId: "u-acme-eve",
    loopId: "fb-anon-page",
    runId: "fr-anon-page",
    anonymous: true,
    at: new Date(),
    runDeadline: new Date(),
  });
  item.visible = true;
  await db.insert(feedbackItems).values(item);
  const zara = (await env.DB.prepare("SELECT name FROM users WHERE id = 'u-acme-zara'").first<{ name: string }>())!.name;
  return { id: item.id, zara };
}

function toastOf(response: Response): { type: string; message: string } | null {
  const match = (response.headers.get("Set-Cookie") ?? "").match(/__toast=([^;]+)/);
  if (!match) return null;
  const binary = atob(decodeURIComponent(match[1]));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

function captureJobs() {
  const sent: Array<Record<string, unknown>> = [];
  vi.spyOn(env.JOBS, "send").mockImplementation(async (body: unknown) => {
    sent.push(body as Record<string, unknown>);
    return undefined as never;
  });
  return sent;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the Feedback tab (002 §2.5)", () => {
  it("lists every item Eve may see, newest first, with type, from, CC, tags and a preview", async () => {
    const html = await page("eve@acme.test", EVE_TAB);
    expect(await cardIds(html)).toEqual(await visibleIds());
    const first = (await visibleIds())[0];
    const card = await texts(html, `article[data-feedback-id="${first}"]`);
    const mona = (await env.DB.prepare("SELECT name FROM users WHERE id = 'u-acme-mona'").first<{ name: string }>())!.name;
    expect(card[0]).toContain("From");
    expect(card[0]).toContain(`CC${mona}`);
    expect(card[0]).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(await attrs(html, `article[data-feedback-id="${first}"] a`, "href")).toEqual([`${EVE_TAB}?feedback=${first}`]);
    // The form: search, Advanced View closed with no advanced filter, and every filter labelled.
    expect(await attrs(html, "form[data-feedback-filters]", "method")).toEqual(["get"]);
    expect(await attrs(html, "details[open]", "class")).toEqual([]);
    for (const id of ["feedback-search", "feedback-start", "feedback-end", "feedback-type", "feedback-competency", "feedback-behaviour", "feedback-behaviour-type"]) {
      expect(await attrs(html, `label[for="${id}"]`, "for"), id).toEqual([id]);
    }
    // Eve holds no ViewFeedbackSenderFilter: no sender filter.
    expect(await attrs(html, "#feedback-member", "name")).toEqual([]);
  });

  it("opens Advanced View and keeps every filter in the form when the URL has them", async () => {
    const html = await page("alice@acme.test", `${ALICE_VIEW}?search=zz&startDate=2026-01-01&endDate=2026-02-01&feedbackType=note&member=u-acme-mona&behaviourType=strength`);
    expect((await attrs(html, "details[open]", "class")).length).toBe(1);
    expect(await attrs(html, 'input[name="search"]', "value")).toEqual(["zz"]);
    expect(await attrs(html, 'input[name="startDate"]', "value")).toEqual(["2026-01-01"]);
    expect(await attrs(html, 'input[name="endDate"]', "value")).toEqual(["2026-02-01"]);
    expect(await attrs(html, 'input[name="endDate"]', "min")).toEqual(["2026-01-01"]);
    expect(await attrs(html, '#feedback-type option[selected]', "value")).toEqual(["note"]);
    expect(await attrs(html, '#feedback-member option[selected]', "value")).toEqual(["u-acme-mona"]);
    expect(await attrs(html, '#feedback-behaviour-type option[selected]', "value")).toEqual(["strength"]);
    expect(textOf(html)).toContain("No feedback available!");
    expect(await texts(html, 'form[data-feedback-filters] a[href="/organization/settings/users/u-acme-eve/feedback"]')).toEqual(["Clear All"]);
  });

  it("shows the Details dialog of ?feedback=<id> without JavaScript, only for an item the viewer may see", async () => {
    const id = (await visibleIds("AND sender_id = 'u-acme-mona'"))[0];
    const html = await page("eve@acme.test", `${EVE_TAB}?feedback=${id}`);
    expect(await attrs(html, 'section[role="dialog"]', "aria-labelledby")).toEqual(["feedback-detail-title"]);
    const dialog = (await texts(html, 'section[role="dialog"]'))[0];
    expect(dialog).toContain("Competencies");
    expect(await attrs(html, 'section[role="dialog"] a', "href")).toContain(EVE_TAB);
    // Ed may open Eve's profile but not Mona's feedback to her: no dialog, the page still answers.
    const ed = await page("ed@acme.test", `/my-team/default/users/u-acme-eve/feedback?feedback=${id}`);
    expect(await attrs(ed, 'section[role="dialog"]', "aria-labelledby")).toEqual([]);
    expect(await cardIds(ed)).not.toContain(id);
  });

  it("never names an anonymous item's sender, in the cards, the dialog or the sender filter", async () => {
    const { id, zara } = await anonymousFromZara();
    for (const [email, path] of [
      ["eve@acme.test", EVE_TAB],
      ["mona@acme.test", MONA_VIEW],
      ["alice@acme.test", ALICE_VIEW],
    ] as const) {
      const html = await page(email, `${path}?feedback=${id}`);
      expect(await cardIds(html)).toContain(id);
      expect(await texts(html, `article[data-feedback-id="${id}"] [data-feedback-from]`)).toEqual(["Anonymous"]);
      expect(html).not.toContain(zara);
      expect(html).not.toContain("u-acme-zara");
    }
  });

  it("the sender filter is for ViewFeedbackSenderFilter holders, among senders they may see", async () => {
    const alice = await page("alice@acme.test", ALICE_VIEW);
    const senders = await attrs(alice, "#feedback-member option", "value");
    expect(senders).toContain("u-acme-mona");
    const filtered = await page("alice@acme.test", `${ALICE_VIEW}?member=u-acme-mona`);
    expect(await cardIds(filtered)).toEqual(await visibleIds("AND anonymous = 0 AND sender_id = 'u-acme-mona'"));
    // Mona has no gate: the member in the URL is ignored.
    expect(await cardIds(await page("mona@acme.test", `${MONA_VIEW}?member=u-acme-mona`))).toEqual(await visibleIds());
  });
});

describe("Download as PDF (002 §2.5, §7)", () => {
  it("queues exactly the filtered rows, back to the same filters, and the file is for who may see them", async () => {
    const { id: anon, zara } = await anonymousFromZara();
    const alice = await sessionFor("alice@acme.test");
    const sent = captureJobs();
    const response = await postForm(`${ALICE_VIEW}?feedbackType=feedback-to-employee`, { intent: "download-feedback", query: "feedbackType=feedback-to-employee&bogus=1" }, alice);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${ALICE_VIEW}?feedbackType=feedback-to-employee`);
    expect(toastOf(response)).toMatchObject({ type: "success", message: QUEUED });
    expect(sent).toHaveLength(1);
    const reportId = String(sent[0].reportId);
    const row = (await env.DB.prepare("SELECT kind, title, scope FROM generated_reports WHERE id = ?").bind(reportId).first<{ kind: string; title: string; scope: string }>())!;
    const eve = (await env.DB.prepare("SELECT name FROM users WHERE id = 'u-acme-eve'").first<{ name: string }>())!.name;
    expect(row).toMatchObject({ kind: "feedback-pdf", title: `${eve} - Feedback` });
    const scope = JSON.parse(row.scope);
    const expected = await visibleIds("AND feedback_type = 'feedback-to-employee'");
    expect(scope.feedbackIds).toEqual(expected);
    expect(scope.feedbackIds).toContain(anon);
    expect(scope).toMatchObject({ personId: "u-acme-eve", base: { kind: "org-users" }, query: "feedbackType=feedback-to-employee" });

    // The document: every row, 'Anonymous' for the anonymous one, never its sender.
    const report = (await env.DB.prepare("SELECT * FROM generated_reports WHERE id = ?").bind(reportId).first<Record<string, unknown>>())!;
    const content = await feedbackReportContent(db, {
      id: reportId,
      companyId: "c-acme",
      requestedBy: "u-acme-alice",
      kind: "feedback-pdf",
      title: row.title,
      scope,
      state: "queued",
      fileId: null,
      error: null,
      createdAt: new Date(Number(report.created_at)),
      finishedAt: null,
    });
    expect(content.items.map((i) => i.id)).toEqual(expected);
    const html = feedbackReportHtml({ ...content, generatedAt: Date.now() });
    expect(html).toContain("An anonymous note about release planning");
    expect(html).toContain("Anonymous");
    expect(html).not.toContain(zara);
    expect(html).toContain("Feedback to Employee");

    vi.restoreAllMocks();
    const batch = createMessageBatch(JOBS_QUEUE, [{ id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body: sent[0] }]);
    const ctx = createExecutionContext();
    await worker.queue!(batch as MessageBatch<never>, env as Env);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(1);
    const got = await appFetch(`/reports/files/${reportId}`, { cookie: alice });
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Type")).toBe("application/pdf");
    expect(new TextDecoder().decode(new Uint8Array(await got.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    // The profile it came from is Organization › Users: Mona, who manages Eve, cannot open it; Globex is another company.
    expect((await appFetch(`/reports/files/${reportId}`, { cookie: await sessionFor("mona@acme.test") })).status).toBe(404);
    expect((await appFetch(`/reports/files/${reportId}`, { cookie: await sessionFor("gina@globex.test") })).status).toBe(404);
  }, 60_000);

  it("queues nothing when no row matches, and a peer's report holds only what they may see", async () => {
    const sent = captureJobs();
    const ed = await sessionFor("ed@acme.test");
    const none = await postForm("/my-team/default/users/u-acme-eve/feedback", { intent: "download-feedback", query: "search=zz-nothing-zz" }, ed);
    expect(toastOf(none)).toMatchObject({ type: "error", message: "No feedback available!" });
    expect(sent).toEqual([]);
    await postForm("/my-team/default/users/u-acme-eve/feedback", { intent: "download-feedback", query: "" }, ed);
    expect(sent).toHaveLength(1);
    const scope = JSON.parse(
      (await env.DB.prepare("SELECT scope FROM generated_reports WHERE id = ?").bind(String(sent[0].reportId)).first<{ scope: string }>())!.scope
    );
    const reportId = String(sent[0].reportId);
    expect(scope.feedbackIds).toEqual(await visibleIds("AND (is_public = 1 OR (anonymous = 0 AND sender_id = 'u-acme-ed'))"));
    await env.DB.prepare("UPDATE generated_reports SET state = 'ready', file_id = id WHERE id = ?").bind(reportId).run();
    await env.DB.prepare("INSERT INTO files (id, company_id, owner_id, key, name, content_type, size, created_at) VALUES (?, 'c-acme', 'u-acme-ed', ?, 'f.pdf', 'application/pdf', 3, 0)")
      .bind(reportId, `companies/c-acme/files/${reportId}`)
      .run();
    await env.FILES.put(`companies/c-acme/files/${reportId}`, "pdf");
    // Ed's file holds only what Ed may see: Ed and Eve's manager may download it, Sam (who sees other items of Eve's, not these) may not open Eve in My Team.
    expect((await appFetch(`/reports/files/${reportId}`, { cookie: ed })).status).toBe(200);
    expect((await appFetch(`/reports/files/${reportId}`, { cookie: await sessionFor("mona@acme.test") })).status).toBe(200);
    expect((await appFetch(`/reports/files/${reportId}`, { cookie: await sessionFor("sam@acme.test") })).status).toBe(404);
    // Another company's person: 404, nothing queued.
    expect((await postForm("/organization/settings/users/u-globex-tina/feedback", { intent: "download-feedback", query: "" }, await sessionFor("alice@acme.test"))).status).toBe(404);
    expect(sent).toHaveLength(1);
  });
});

describe("a long list, a page at a time", () => {
  const GLOBEX_VIEW = "/organization/settings/users/u-globex-mike/feedback";
  const mikeIds = async () =>
    (
      await env.DB.prepare(
        "SELECT id FROM feedback_items WHERE company_id = 'c-globex' AND receiver_id = 'u-globex-mike' AND visible = 1 ORDER BY sent_at DESC, id DESC"
      ).all<{ id: string }>()
    ).results.map((r) => r.id);

  it("shows 25 cards a page, newest first, with the whole list's count and links that keep the filters", async () => {
    const ids = await mikeIds();
    expect(ids.length).toBeGreaterThan(25);
    const first = await page("gina@globex.test", GLOBEX_VIEW);
    expect(await cardIds(first)).toEqual(ids.slice(0, 25));
    expect(await attrs(first, "[data-feedback-count]", "data-feedback-count")).toEqual([String(ids.length)]);
    const second = await page("gina@globex.test", `${GLOBEX_VIEW}?search=&page=2`);
    expect(await cardIds(second)).toEqual(ids.slice(25, 50));
    expect(await attrs(second, 'a[rel="prev"]', "href")).toEqual([`${GLOBEX_VIEW}`]);
  });

  it("sends a page past the end to the last page", async () => {
    const ids = await mikeIds();
    const response = await appFetch(`${GLOBEX_VIEW}?page=99`, { cookie: await sessionFor("gina@globex.test") });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${GLOBEX_VIEW}?page=${Math.ceil(ids.length / 25)}`);
  });
});
