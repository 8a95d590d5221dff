import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { sharedCopy } from "~/lib/copy";
import { mergeOpening, refineText, specificityText, toneText, withSteps } from "~/modules/ai/embedded-provider";
import { PROVIDER_MESSAGES } from "~/modules/ai/sse";
import worker from "../../workers/app";
import { appFetch, ORIGIN, postForm, sessionFor } from "./helpers";

// The feedback crafting tool (001 §2 prepare feedback, §5, §6, §7): the reviewer alone crafts;
// the first analysis creates the meeting's one AI feedback; every intent stores the new text and
// the analyser's reading with version + 1; empty text, a stale version, a submitted feedback and a
// failing provider write nothing; anyone else (the reviewee, another person, another company, a
// super admin who only views) cannot act.

const E = sharedCopy.aiCrafting.errors;
const MEETING_NEW = "oo-acme-leadership-1on1-1-05"; // Alice → Kara, no AI feedback
const MEETING_OPEN = "oo-acme-leadership-1on1-1-04"; // Alice → Felix, in progress
const MEETING_DONE = "oo-acme-leadership-1on1-1-01"; // Alice → Adam, submitted
const GLOBEX_OPEN = "oo-globex-sales-1on1-1-03"; // Mike → Tom, in progress
const GLOBEX_DONE = "oo-globex-sales-1on1-1-02"; // Mike → Tina, submitted
const af = (meeting: string) => `af-${meeting.slice(3)}`;
const page = (meeting: string, id: string) => `/one-on-ones/${meeting}/prepare-feedback/${id}`;

let alice = ""; // reviewer of Acme's leadership 1-on-1s, super admin
let adam = ""; // reviewee of MEETING_DONE
let felix = ""; // reviewee of MEETING_OPEN
let sam = ""; // not a party
let gina = ""; // Globex super admin, not a party of GLOBEX_OPEN / GLOBEX_DONE
let mike = ""; // Globex reviewer

interface FeedbackRow {
  id: string;
  company_id: string;
  user_feedback: string;
  version: number;
  ai_score: number;
  specificity_score: number;
  actionability_score: number;
  opening_statement: string;
  situation: string;
  behavior: string;
  impact: string;
  actionable_steps: string;
  strength_competency: string;
  development_area_competency: string;
  tone_category: string | null;
  focus_category: string | null;
  is_submitted: number;
  submitted_at: number | null;
  updated_at: number;
}

async function row(meeting: string) {
  return env.DB.prepare("SELECT * FROM ai_feedbacks WHERE one_on_one_id = ?").bind(meeting).first<FeedbackRow>();
}
async function allRows() {
  return (await env.DB.prepare("SELECT * FROM ai_feedbacks ORDER BY id").all<FeedbackRow>()).results;
}

function fields(current: FeedbackRow, intent: string, extra: Record<string, string> = {}): Record<string, string> {
  return { id: current.id, version: String(current.version), userFeedback: current.user_feedback, intent, ...extra };
}

beforeAll(async () => {
  [alice, adam, felix, sam, gina, mike] = await Promise.all(
    ["alice@acme.test", "adam@acme.test", "felix@acme.test", "sam@acme.test", "gina@globex.test", "mike@globex.test"].map((e) => sessionFor(e))
  );
});

describe("who may open the tool", () => {
  it("opens the empty tool for the reviewer, and `new` opens the meeting's existing AI feedback", async () => {
    const empty = await appFetch(page(MEETING_NEW, "new"), { cookie: alice });
    expect(empty.status).toBe(200);
    const html = await empty.text();
    expect(html).toContain("Your feedback");
    expect(html).toContain('value="create"');
    const existing = await appFetch(page(MEETING_OPEN, "new"), { cookie: alice });
    expect(existing.status).toBe(302);
    expect(existing.headers.get("Location")).toBe(page(MEETING_OPEN, af(MEETING_OPEN)));
  });

  it("sends the reviewee, another person, another company and unknown or mismatched ids back to the list", async () => {
    const cases: Array<[string, string]> = [
      [felix, page(MEETING_OPEN, af(MEETING_OPEN))],
      [adam, page(MEETING_DONE, af(MEETING_DONE))],
      [felix, page(MEETING_OPEN, "new")],
      [sam, page(MEETING_OPEN, af(MEETING_OPEN))],
      [gina, page(MEETING_OPEN, af(MEETING_OPEN))],
      [alice, page(GLOBEX_OPEN, af(GLOBEX_OPEN))],
      [alice, page("oo-unknown", "new")],
      [alice, page(MEETING_OPEN, af(MEETING_DONE))],
      [alice, page(MEETING_OPEN, "af-unknown")],
    ];
    for (const [cookie, path] of cases) {
      const res = await appFetch(path, { cookie });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toBe("/one-on-ones");
    }
  });

  it("lets a super admin who is not a party view an AI feedback read-only, never start one", async () => {
    const res = await appFetch(page(GLOBEX_OPEN, af(GLOBEX_OPEN)), { cookie: gina });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain((await row(GLOBEX_OPEN))!.user_feedback.slice(0, 40));
    expect(html).toContain(sharedCopy.aiCrafting.readOnlyViewer);
    expect(html).not.toContain('value="submit"');
    expect(html).not.toContain('value="refreshScore"');
    const start = await appFetch(page("oo-globex-sales-1on1-1-06", "new"), { cookie: gina });
    expect(start.headers.get("Location")).toBe("/one-on-ones");
  });
});

describe("creating the meeting's AI feedback", () => {
  it("refuses empty text with the §5 message and writes nothing", async () => {
    const res = await postForm(page(MEETING_NEW, "new"), { id: "new", version: "0", intent: "create", userFeedback: "   " }, alice);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(E.empty);
    expect(await row(MEETING_NEW)).toBeNull();
  });

  it("stores the first analysis as the meeting's one AI feedback and opens it by its id", async () => {
    const text = "In Monday's retro you listened to everyone and summarised the decisions. The team left with a clear plan.";
    const res = await postForm(page(MEETING_NEW, "new"), { id: "new", version: "0", intent: "create", userFeedback: text }, alice);
    expect(res.status).toBe(303);
    const stored = await row(MEETING_NEW);
    // The embedded analyser's reading (docs/ai-rubric.md), stored with the text.
    expect(stored).toMatchObject({
      company_id: "c-acme",
      user_feedback: text,
      version: 1,
      is_submitted: 0,
      ai_score: 53,
      specificity_score: 58,
      actionability_score: 0,
      tone_category: "supportive",
      focus_category: "behavior",
      opening_statement: "In Monday's retro you listened to everyone and summarised the decisions.",
    });
    expect(res.headers.get("Location")).toBe(page(MEETING_NEW, stored!.id));
    // A second create (another tab) opens the one that exists and writes nothing.
    const again = await postForm(page(MEETING_NEW, "new"), { id: "new", version: "0", intent: "create", userFeedback: "Other text" }, alice);
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(page(MEETING_NEW, stored!.id));
    expect((await row(MEETING_NEW))!.user_feedback).toBe(text);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM ai_feedbacks WHERE one_on_one_id = ?").bind(MEETING_NEW).first<{ n: number }>())!.n).toBe(1);
  });
});

describe("the reviewer's changes", () => {
  it("refreshes the AI score of an edited text, version + 1", async () => {
    const before = (await row(MEETING_OPEN))!;
    const text = `${before.user_feedback} Next sprint, pair with Kara on the release checklist by Friday.`;
    const res = await postForm(page(MEETING_OPEN, before.id), fields(before, "refreshScore", { userFeedback: text }), alice);
    expect(res.status).toBe(303);
    const after = (await row(MEETING_OPEN))!;
    expect(after).toMatchObject({ user_feedback: text, version: before.version + 1, ai_score: 52, specificity_score: 56, tone_category: "constructive", focus_category: "behavior" });
    expect(before.ai_score).toBe(51);
    expect(JSON.parse(after.strength_competency)).toEqual([{ id: "k-acme-leadership", tag: "ai", excerpt: "You coached the two new hires and they shipped in their first week." }]);
  });

  it("rewrites the text through the provider for each AI call and stores it with its reading", async () => {
    // The embedded provider's templates (docs/ai-rubric.md › Rewrites): the stored text is exactly theirs.
    type Extra = Record<string, string | string[]>;
    const step = async (intent: string, extra: Extra | ((current: FeedbackRow) => Extra), expected: (current: FeedbackRow) => string) => {
      const current = (await row(MEETING_OPEN))!;
      const body = new URLSearchParams(fields(current, intent));
      for (const [k, v] of Object.entries(typeof extra === "function" ? extra(current) : extra)) for (const one of [v].flat()) body.append(k, one);
      const res = await appFetch(page(MEETING_OPEN, current.id), { method: "POST", body, cookie: alice });
      expect(res.status, intent).toBe(303);
      const after = (await row(MEETING_OPEN))!;
      expect(after.user_feedback, intent).toBe(expected(current));
      expect(after.version, intent).toBe(current.version + 1);
      expect(after.opening_statement, intent).toBe(after.user_feedback.split(/(?<=[.!?])\s+/)[0]);
      return after;
    };
    // The tab posts all three parts as they stand: here a new situation, the behaviour and impact as read.
    const sbi = await step("enhanceSpecificity", (c) => ({ situation: "In last Tuesday's onboarding session", behavior: c.behavior, impact: c.impact }), (c) =>
      specificityText(c.user_feedback, "In last Tuesday's onboarding session", c.behavior, c.impact)
    );
    expect(sbi.user_feedback).toContain("you coached the two new hires");
    expect(sbi.situation).toContain("last Tuesday's onboarding session");
    await step("changeOpening", { openingStatement: "Great work on the onboarding project.", suggestedTone: "constructive" }, (c) =>
      mergeOpening(c.user_feedback, toneText("Great work on the onboarding project.", "constructive"))
    );
    await step("mergeOpening", { openingStatement: "Thank you for this quarter." }, (c) => mergeOpening(c.user_feedback, "Thank you for this quarter."));
    const stepped = await step("addActionability", { actionableSteps: ["Share the onboarding checklist with the team by Friday.", ""] }, (c) =>
      withSteps(c.user_feedback, ["Share the onboarding checklist with the team by Friday."])
    );
    expect(stepped.user_feedback).toContain("Next steps: Share the onboarding checklist with the team by Friday.");
    await step("refineText", { selectedText: "Thank you for this quarter.", modificationInstruction: "make it shorter" }, (c) =>
      refineText(c.user_feedback, "Thank you for this quarter.", "make it shorter")
    );
  });

  it("refuses refining a passage that is not in the text, writing nothing", async () => {
    const before = (await row(MEETING_OPEN))!;
    const res = await postForm(page(MEETING_OPEN, before.id), fields(before, "refineText", { selectedText: "words never written", modificationInstruction: "shorter" }), alice);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(E.selectionNotFound);
    expect(await row(MEETING_OPEN)).toEqual(before);
  });

  it("refuses a stale version with a clear message and writes nothing", async () => {
    const before = (await row(MEETING_OPEN))!;
    const res = await postForm(page(MEETING_OPEN, before.id), fields(before, "refreshScore", { version: String(before.version - 1), userFeedback: "Changed" }), alice);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(E.stale);
    expect(await row(MEETING_OPEN)).toEqual(before);
  });

  it("refuses empty text for a change and writes nothing", async () => {
    const before = (await row(MEETING_OPEN))!;
    const res = await postForm(page(MEETING_OPEN, before.id), fields(before, "refreshScore", { userFeedback: "" }), alice);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(E.empty);
    expect(await row(MEETING_OPEN)).toEqual(before);
  });

  it("adds and removes the reviewer's strength and development competencies", async () => {
    let current = (await row(MEETING_OPEN))!;
    let res = await postForm(page(MEETING_OPEN, current.id), fields(current, "addStrength", { competencyId: "k-acme-leadership" }), alice);
    expect(res.status).toBe(303);
    current = (await row(MEETING_OPEN))!;
    expect(JSON.parse(current.strength_competency)).toContainEqual({ id: "k-acme-leadership", tag: "human", excerpt: "" });

    res = await postForm(page(MEETING_OPEN, current.id), fields(current, "addDevelopment", { competencyId: "k-acme-communication" }), alice);
    expect(res.status).toBe(303);
    current = (await row(MEETING_OPEN))!;
    expect(JSON.parse(current.development_area_competency)).toContainEqual({ id: "k-acme-communication", tag: "human", excerpt: "" });

    // A later reading keeps what the reviewer added.
    res = await postForm(page(MEETING_OPEN, current.id), fields(current, "aiCompetency"), alice);
    expect(res.status).toBe(303);
    current = (await row(MEETING_OPEN))!;
    expect(JSON.parse(current.strength_competency)).toContainEqual({ id: "k-acme-leadership", tag: "human", excerpt: "" });

    res = await postForm(page(MEETING_OPEN, current.id), fields(current, "removeStrength:k-acme-leadership"), alice);
    expect(res.status).toBe(303);
    current = (await row(MEETING_OPEN))!;
    expect(JSON.parse(current.strength_competency).map((c: { id: string }) => c.id)).not.toContain("k-acme-leadership");

    res = await postForm(page(MEETING_OPEN, current.id), fields(current, "removeDevelopment:k-acme-communication"), alice);
    expect(res.status).toBe(303);
    current = (await row(MEETING_OPEN))!;
    expect(JSON.parse(current.development_area_competency).map((c: { id: string }) => c.id)).not.toContain("k-acme-communication");
  });

  it("refuses another company's competency and one that is not on the feedback, writing nothing", async () => {
    const before = (await row(MEETING_OPEN))!;
    let res = await postForm(page(MEETING_OPEN, before.id), fields(before, "addStrength", { competencyId: "k-globex-leadership" }), alice);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(E.unknownCompetency);
    res = await postForm(page(MEETING_OPEN, before.id), fields(before, "removeDevelopment:k-acme-customer-focus"), alice);
    expect(res.status).toBe(400);
    expect(await row(MEETING_OPEN)).toEqual(before);
  });

  it("refuses Generate on the specificity tab until the situation, behaviour or impact changed", async () => {
    const before = (await row(MEETING_OPEN))!;
    const res = await postForm(
      page(MEETING_OPEN, before.id),
      fields(before, "enhanceSpecificity", { situation: before.situation || "x", behavior: before.behavior, impact: before.impact }),
      alice
    );
    if (before.situation) {
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(E.unchangedSbi);
      expect(await row(MEETING_OPEN)).toEqual(before);
    }
  });

  it("answers a change made with JavaScript in place, without a redirect", async () => {
    const before = (await row(MEETING_OPEN))!;
    const res = await postForm(page(MEETING_OPEN, before.id), { ...fields(before, "refreshScore"), js: "1" }, alice);
    expect(res.status).toBe(200);
    expect((await row(MEETING_OPEN))!.version).toBe(before.version + 1);
  });
});

describe("nobody else acts", () => {
  it("answers the reviewee, another person, another company and a viewing super admin with 404, writing nothing", async () => {
    const before = await allRows();
    const open = (await row(MEETING_OPEN))!;
    const globex = (await row(GLOBEX_OPEN))!;
    const cases: Array<[string, string, Record<string, string>]> = [
      [felix, page(MEETING_OPEN, open.id), fields(open, "refreshScore", { userFeedback: "Taken over" })],
      [sam, page(MEETING_OPEN, open.id), fields(open, "submit")],
      [mike, page(MEETING_OPEN, open.id), fields(open, "refreshScore", { userFeedback: "Taken over" })],
      [gina, page(GLOBEX_OPEN, globex.id), fields(globex, "submit")],
      [alice, page(GLOBEX_OPEN, globex.id), fields(globex, "refreshScore", { userFeedback: "Taken over" })],
      // A foreign feedback id: another meeting's, in the body or in the path.
      [alice, page(MEETING_OPEN, open.id), fields(open, "refreshScore", { id: af(MEETING_DONE) })],
      [alice, page(MEETING_OPEN, af(MEETING_NEW)), fields(open, "refreshScore", { id: af(MEETING_NEW) })],
      [alice, page(MEETING_OPEN, globex.id), fields(globex, "refreshScore")],
    ];
    for (const [cookie, path, body] of cases) {
      const res = await postForm(path, body, cookie);
      expect(res.status, `${path} ${body.id}`).toBe(404);
    }
    expect(await allRows()).toEqual(before);
  });
});

describe("a failing provider", () => {
  it("shows the provider's message and leaves the text as written", async () => {
    const before = (await row(MEETING_OPEN))!;
    // An OpenAI-compatible endpoint on a closed local port: the provider fails at once.
    const failing = { ...env, AI_PROVIDER: "openai", AI_OPENAI_BASE_URL: "http://127.0.0.1:9/v1", AI_OPENAI_API_KEY: "test-key", AI_TIMEOUT_MS: "2000" };
    const body = new URLSearchParams(fields(before, "mergeOpening", { openingStatement: "Thank you for this quarter." }));
    const request = new Request(new URL(page(MEETING_OPEN, before.id), ORIGIN), {
      method: "POST",
      body,
      redirect: "manual",
      headers: { Host: new URL(ORIGIN).host, Origin: ORIGIN, Cookie: alice, "Content-Type": "application/x-www-form-urlencoded" },
    });
    const ctx = createExecutionContext();
    const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], failing as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);
    const html = await res.text();
    if (res.status !== 502) console.log("PROVIDER", res.status, html.slice(0, 500));
    expect(res.status).toBe(502);
    expect(html).toContain("data-craft-error");
    expect(html).toContain(PROVIDER_MESSAGES.unreachable);
    expect(html).toContain(before.user_feedback.slice(0, 40));
    expect(await row(MEETING_OPEN)).toEqual(before);
  });
});

describe("submitting", () => {
  it("submits the feedback, goes to the list, and refuses every later change", async () => {
    const before = (await row(MEETING_OPEN))!;
    const res = await postForm(page(MEETING_OPEN, before.id), fields(before, "submit"), alice);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/one-on-ones");
    const after = (await row(MEETING_OPEN))!;
    expect(after).toMatchObject({ is_submitted: 1, version: before.version + 1 });
    expect(after.submitted_at).toBeGreaterThan(Date.now() - 60_000);

    const late = await postForm(page(MEETING_OPEN, after.id), fields(after, "refreshScore", { userFeedback: "Late edit" }), alice);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(E.submitted);
    expect(await row(MEETING_OPEN)).toEqual(after);

    const view = await (await appFetch(page(MEETING_OPEN, after.id), { cookie: alice })).text();
    expect(view).toContain(sharedCopy.aiCrafting.readOnlySubmitted);
    expect(view).not.toContain('value="submit"');
  });

  it("shows a submitted demo feedback read-only to its reviewer", async () => {
    const res = await appFetch(page(GLOBEX_DONE, af(GLOBEX_DONE)), { cookie: mike });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(sharedCopy.aiCrafting.readOnlySubmitted);
    expect(html).toMatch(/<textarea[^>]*name="userFeedback"[^>]*readonly=""/);
  });
});
