import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { windowStart } from "~/modules/one-on-ones/overview";
import { appFetch, postForm, sessionFor } from "./helpers";

// 1-on-1s (001 §2-§9): the list and its engagement overview against SQL in both views, the way
// back for ids one may not see, who writes which side, the notes rule, and private notes.

const TINA_MEETING = "oo-globex-sales-1on1-1-02"; // Mike Larsen (reviewer) → Tina Silva, prep, nothing submitted
const ADAM_MEETING = "oo-acme-leadership-1on1-1-01"; // Alice → Adam, closed, notes on both sides

async function html(path: string, cookie: string) {
  const res = await appFetch(path, { cookie });
  expect(res.status, path).toBe(200);
  return res.text();
}

const stat = (page: string, key: string) => page.match(new RegExp(`data-stat="${key}"[^>]*>([^<]*)<`))?.[1];

async function adminView(cookie: string) {
  const res = await postForm("/view", { view: "ADMIN", redirectTo: "/one-on-ones" }, cookie);
  expect(res.status).toBe(302);
}

async function expected(where: string, binds: unknown[], months = 3) {
  const from = windowStart(Date.now(), months as 3);
  const row = await env.DB.prepare(
    `WITH m AS (SELECT o.id, o.state FROM one_on_ones o WHERE ${where}
       AND COALESCE(CASE WHEN o.state = 'closed' THEN o.start_at END, o.scheduled_at, o.created_at) >= ?)
     SELECT (SELECT count(*) FROM m) AS scheduled, (SELECT count(*) FROM m WHERE state = 'closed') AS completed,
       (SELECT count(*) FROM m JOIN ai_feedbacks a ON a.one_on_one_id = m.id AND a.is_submitted = 1 WHERE m.state = 'closed') AS completed_ai`
  )
    .bind(...binds, from)
    .first<{ scheduled: number; completed: number; completed_ai: number }>();
  return row!;
}

async function party(id: string, userId: string) {
  return env.DB.prepare("SELECT * FROM one_on_one_parties WHERE one_on_one_id = ? AND user_id = ?").bind(id, userId).first<Record<string, unknown>>();
}

describe("1-on-1 list", () => {
  it("lists a person's own meetings by tab, with the other party, date and coloured state", async () => {
    const mike = await sessionFor("mike@globex.test");
    const upcoming = await html("/one-on-ones", mike);
    expect(upcoming).toContain("Tina Silva");
    expect(upcoming).toContain("Not Scheduled"); // Sofia's meeting has no time
    expect(upcoming).toMatch(/data-state="session" data-colour="orange"/);
    expect(upcoming).not.toContain("Ravi Tanaka"); // closed: Past
    expect(upcoming).not.toContain("New 1-on-1");
    const past = await html("/one-on-ones?tab=past", mike);
    expect(past).toContain("Ravi Tanaka");
    expect(past).toContain("Gina Schmidt"); // Mike is Gina's reviewee
    expect(past).toMatch(/data-state="closed" data-colour="red"/);
  });

  it("searches by the other person's name and says the empty states", async () => {
    const mike = await sessionFor("mike@globex.test");
    const found = await html("/one-on-ones?q=tina", mike);
    expect(found).toContain("Tina Silva");
    expect(found).not.toContain("Tom Patel");
    expect(await html("/one-on-ones?q=nobody-at-all", mike)).toContain("No upcoming 1-on-1s scheduled");
    expect(await html("/one-on-ones?tab=past&q=nobody-at-all", mike)).toContain("No past 1-on-1s found");
  });

  it("counts the USER view's overview from the viewer's own meetings, as SQL does, for each window", async () => {
    const mike = await sessionFor("mike@globex.test");
    for (const months of [3, 6] as const) {
      const page = await html(`/one-on-ones?months=${months}`, mike);
      const want = await expected("o.company_id = 'c-globex' AND (o.reviewer_id = ? OR o.reviewee_id = ?)", ["u-globex-mike", "u-globex-mike"], months);
      expect(stat(page, "scheduled"), `${months} months`).toBe(String(want.scheduled));
      expect(stat(page, "completed")).toBe(String(want.completed));
      expect(stat(page, "waiting")).toBe(String(want.scheduled - want.completed));
      expect(stat(page, "completedAi")).toBe(String(want.completed_ai));
    }
    // Ravi's meeting closed five months ago: only the 6-month window counts it.
    expect(stat(await html("/one-on-ones?months=6", mike), "completed")).not.toBe(stat(await html("/one-on-ones?months=3", mike), "completed"));
  });

  it("shows a super admin everyone's meetings, New 1-on-1 and company figures only in the ADMIN view", async () => {
    const gina = await sessionFor("gina@globex.test");
    const user = await html("/one-on-ones", gina);
    expect(user).not.toContain("Tina Silva");
    expect(user).not.toContain("New 1-on-1");
    await adminView(gina);
    const admin = await html("/one-on-ones?months=12", gina);
    expect(admin).toContain("Tina Silva");
    expect(admin).toContain('href="/workflows/library/template-types/one-on-one"');
    const want = await expected("o.company_id = 'c-globex'", [], 12);
    expect(stat(admin, "scheduled")).toBe(String(want.scheduled));
    expect(stat(admin, "completed")).toBe(String(want.completed));
  });

  it("reads the averages from submitted AI feedbacks only", async () => {
    const now = Date.now();
    const insert = (id: string, meeting: string, score: number, spec: number, act: number, tone: string, submitted: number) =>
      env.DB.prepare(
        `INSERT INTO ai_feedbacks (id, company_id, one_on_one_id, reviewer_id, reviewee_id, user_feedback, ai_score, specificity_score, actionability_score, tone_category, focus_category, is_submitted, updated_at)
         VALUES (?, 'c-globex', ?, 'u-globex-mike', 'u-globex-ravi', 'text', ?, ?, ?, ?, 'behavior', ?, ?)`
      )
        .bind(id, meeting, score, spec, act, tone, submitted, now)
        .run();
    await env.DB.prepare("DELETE FROM ai_feedbacks WHERE company_id = 'c-globex'").run();
    await insert("af-1", "oo-globex-sales-1on1-1-04", 81, 70, 45, "supportive", 1);
    await insert("af-2", "oo-globex-sales-1on1-1-03", 60, 51, 20, "supportive", 1);
    await insert("af-3", "oo-globex-sales-1on1-1-06", 10, 10, 10, "harsh", 0);
    const page = await html("/one-on-ones?months=6", await sessionFor("mike@globex.test"));
    expect(stat(page, "averageAiScore")).toBe("70"); // floor(70.5)
    expect(stat(page, "averageSpecificity")).toBe("61%"); // round(60.5)
    expect(stat(page, "averageActionability")).toBe("33%"); // round(32.5)
    expect(stat(page, "tone")).toBe("Supportive");
    expect(stat(page, "completedAi")).toBe("1"); // Ravi's closed meeting
    const want = await expected("o.company_id = 'c-globex' AND (o.reviewer_id = ? OR o.reviewee_id = ?)", ["u-globex-mike", "u-globex-mike"], 6);
    expect(stat(page, "engagement")).toBe(`${Math.round((want.completed_ai / want.scheduled) * 100)}%`);
  });
});

describe("1-on-1 list pages", () => {
  it("shows 25 meetings a page with Next and Previous", async () => {
    const at = Date.now() + 86_400_000;
    const rows = Array.from({ length: 30 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO one_on_ones (id, company_id, reviewer_id, reviewee_id, state, scheduled_at, frequency, blocks) VALUES (?, 'c-globex', 'u-globex-gary', 'u-globex-ivy', 'prep', ?, 'does-not-repeat', '[]')"
      ).bind(`oo-page-${String(i).padStart(2, "0")}`, at + i * 60_000)
    );
    await env.DB.batch(rows);
    const ivy = await sessionFor("ivy@globex.test");
    const first = await html("/one-on-ones", ivy);
    expect(first.match(/data-one-on-one="/g)?.length).toBe(25);
    expect(first).toContain('rel="next"');
    expect(first).not.toContain('rel="prev"');
    const second = await html("/one-on-ones?page=2", ivy);
    expect(second.match(/data-one-on-one="/g)?.length).toBe(5);
    expect(second).toContain("oo-page-29");
    expect(second).toContain('rel="prev"');
    expect(second).not.toContain('rel="next"');
  });
});

describe("1-on-1 page", () => {
  it("sends an unknown, another company's or someone else's meeting back to the list", async () => {
    const tina = await sessionFor("tina@globex.test");
    for (const id of ["nope", ADAM_MEETING, "oo-globex-sales-1on1-1-03"]) {
      const res = await appFetch(`/one-on-ones/${id}`, { cookie: tina });
      expect(res.status, id).toBe(302);
      expect(res.headers.get("Location")).toBe("/one-on-ones");
    }
    expect((await appFetch(`/one-on-ones/${TINA_MEETING}`, { cookie: tina })).status).toBe(200);
  });

  it("shows the reviewee as title, the details and the prep survey per side", async () => {
    const page = await html(`/one-on-ones/${TINA_MEETING}`, await sessionFor("tina@globex.test"));
    expect(page).toMatch(/<h1[^>]*>Tina Silva<\/h1>/);
    expect(page).toContain('data-detail="meetingBy">Mike Larsen');
    expect(page).toContain("Does not repeat");
    // Teams-type: the reviewee's objectives of the meeting's date, named Goals, each with its KPIs; no separate Goals card.
    expect(page).toMatch(/id="objectives-title"[^>]*>Goals</);
    expect(page).toContain("New business revenue");
    expect(page).toContain("Booked revenue");
    expect(page).not.toContain('data-card="goals"');
    expect(page).toContain("data-prep-form");
    expect(page).toMatch(/data-side="reviewer"[\s\S]*data-pending/);
  });

  it("lets only a party submit its own side, once, and nobody else writes anything", async () => {
    const fields = { intent: "prep", requestId: "r-1", "a.agenda-2.value": "Shipped the deal", "a.agenda-3.value": "Quota" };
    const gina = await sessionFor("gina@globex.test");
    const tom = await sessionFor("tom@globex.test");
    expect((await postForm(`/one-on-ones/${TINA_MEETING}`, { ...fields, requestId: "r-gina" }, gina)).status).toBe(403);
    expect((await postForm(`/one-on-ones/${TINA_MEETING}`, { ...fields, requestId: "r-tom" }, tom)).status).toBe(404);
    const alice = await sessionFor("alice@acme.test");
    expect((await postForm(`/one-on-ones/${TINA_MEETING}`, { ...fields, requestId: "r-alice" }, alice)).status).toBe(404);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM one_on_one_parties WHERE one_on_one_id = ?").bind(TINA_MEETING).first<{ n: number }>())!.n).toBe(0);

    const tina = await sessionFor("tina@globex.test");
    const ok = await postForm(`/one-on-ones/${TINA_MEETING}`, fields, tina);
    expect(ok.status).toBe(302);
    const row = await party(TINA_MEETING, "u-globex-tina");
    expect(row).toMatchObject({ role: "reviewee" });
    expect(JSON.parse(String(row!.answers))).toEqual({ "agenda-2": { value: "Shipped the deal" }, "agenda-3": { value: "Quota" } });
    expect(await party(TINA_MEETING, "u-globex-mike")).toBeNull();
    const again = await postForm(`/one-on-ones/${TINA_MEETING}`, { ...fields, requestId: "r-2", "a.agenda-2.value": "Changed" }, tina);
    expect(again.status).toBe(409);
    expect(JSON.parse(String((await party(TINA_MEETING, "u-globex-tina"))!.answers))["agenda-2"].value).toBe("Shipped the deal");

    // Mike sees Tina's answers; once he submits, both sides have and the meeting opens.
    const mike = await sessionFor("mike@globex.test");
    expect(await html(`/one-on-ones/${TINA_MEETING}`, mike)).toContain("Shipped the deal");
    expect((await postForm(`/one-on-ones/${TINA_MEETING}`, { ...fields, requestId: "r-3" }, mike)).status).toBe(302);
    const state = await env.DB.prepare("SELECT state FROM one_on_ones WHERE id = ?").bind(TINA_MEETING).first<{ state: string }>();
    expect(state!.state).toBe("open");
  });

  it("refuses notes with neither shared nor private text, and writes nothing", async () => {
    const tina = await sessionFor("tina@globex.test");
    const res = await postForm(`/one-on-ones/${TINA_MEETING}`, { intent: "notes", requestId: "n-1", sharedNotes: "  ", privateNotes: "" }, tina);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Add a shared or a private note.");
    const row = await party(TINA_MEETING, "u-globex-tina");
    expect([row?.shared_notes ?? "", row?.private_notes ?? "", row?.notes_updated_at ?? null]).toEqual(["", "", null]);
    const missing = await postForm(`/one-on-ones/${TINA_MEETING}`, { intent: "whatever", requestId: "n-2" }, tina);
    expect(missing.status).toBe(400);
  });

  it("keeps a private note out of every other person's page", async () => {
    const secret = "Tina-private-note-7f3a";
    const tina = await sessionFor("tina@globex.test");
    const saved = await postForm(`/one-on-ones/${TINA_MEETING}`, { intent: "notes", requestId: "n-3", sharedNotes: "Shared agenda item", privateNotes: secret }, tina);
    expect(saved.status).toBe(302);
    expect(await html(`/one-on-ones/${TINA_MEETING}`, tina)).toContain(secret);
    const mike = await html(`/one-on-ones/${TINA_MEETING}`, await sessionFor("mike@globex.test"));
    expect(mike).toContain("Shared agenda item");
    expect(mike).not.toContain(secret);
    const gina = await sessionFor("gina@globex.test");
    await adminView(gina);
    const admin = await html(`/one-on-ones/${TINA_MEETING}`, gina);
    expect(admin).toContain("Shared agenda item");
    expect(admin).not.toContain(secret);
    expect(await html(`/one-on-ones/${TINA_MEETING}?notes=edit`, gina)).not.toContain(secret);
  });

  it("lets the reviewer alone close a meeting in session", async () => {
    const id = "oo-globex-sales-1on1-1-06"; // Mike → Elsa, in session
    const elsa = await sessionFor("elsa@globex.test");
    expect((await postForm(`/one-on-ones/${id}`, { intent: "close", requestId: "c-1" }, elsa)).status).toBe(403);
    const mike = await sessionFor("mike@globex.test");
    expect((await postForm(`/one-on-ones/${id}`, { intent: "close", requestId: "c-2" }, mike)).status).toBe(302);
    const row = await env.DB.prepare("SELECT state, closed_at FROM one_on_ones WHERE id = ?").bind(id).first<{ state: string; closed_at: number }>();
    expect(row!.state).toBe("closed");
    expect(row!.closed_at).toBeGreaterThan(0);
  });
});

describe("1-on-1 cards on Slack-type", () => {
  it("shows Objectives and a Goals card with its empty states, and the super admin's AI Assistant", async () => {
    const page = await html("/one-on-ones/oo-acme-leadership-1on1-1-04", await sessionFor("alice@acme.test"));
    expect(page).toMatch(/<h1[^>]*>Felix Usman<\/h1>/);
    expect(page).toMatch(/id="objectives-title"[^>]*>Objectives</);
    expect(page).toContain("No objectives set for the reviewee");
    expect(page).toContain("No Goals set!");
    expect(page).toMatch(/<aside aria-labelledby="assistant-[^"]+"[^>]*>\s*<h2 id="assistant-[^"]+"[^>]*>AI Assistant<\/h2>/);
  });
});
