import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { StoredBlock } from "~/modules/reviews/questionnaire-blocks";
import { appFetch, postForm, sessionFor } from "./helpers";
import { attrs, textOf } from "./shell-html";

// The reviewer's to-do list and completing a review, through the campaign's
// Durable Object, on the seeded live Acme review (adam reviews priya, liam, noah and olivia).

const TODOS = "/reviews/todos";
let adam: string;
let blocks: StoredBlock[];

beforeAll(async () => {
  adam = await sessionFor("adam@acme.test");
  const row = await env.DB.prepare("SELECT template_blocks FROM review_campaigns WHERE id = 'rc-acme-live'").first<{
    template_blocks: string;
  }>();
  blocks = JSON.parse(row!.template_blocks) as StoredBlock[];
});

/** A complete, valid answer set for the review's questions, as the form posts it. */
function fullAnswers(): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const b of blocks) {
    if (b.type === "title" || b.type === "subtitle") continue;
    if (b.type === "short-text" || b.type === "long-text") {
      fields[`a.${b.id}.value`] = "Clear and kind";
      continue;
    }
    const v =
      b.type === "multi-select"
        ? b.multiSelectValue
        : b.type === "competency-question"
        ? b.competencyValue
        : (b as Extract<StoredBlock, { type: "objective-question" }>).objectiveValue;
    fields[`a.${b.id}.value`] = String(v.choices[0].value);
    if (v.commentBox) fields[`a.${b.id}.comment`] = "Because of the launch";
  }
  return fields;
}

const pair = (id: string) =>
  env.DB.prepare("SELECT state, answers, decline_comment FROM review_pairs WHERE id = ?")
    .bind(id)
    .first<{ state: string; answers: string | null; decline_comment: string | null }>();

describe("review to-dos (000 §2)", () => {
  it("opens the first review still to answer, with the progress of the list", async () => {
    const first = await appFetch(TODOS, { cookie: adam });
    expect(first.status).toBe(302);
    const location = first.headers.get("Location")!;
    expect(location).toMatch(/^\/reviews\/todos\/rp-acme-/);
    const html = await (await appFetch(location, { cookie: adam })).text();
    const text = textOf(html);
    expect(text).toContain("Autumn Performance Review 2026");
    expect(text).toMatch(/\d+ of \d+ completed \(\d+%\)/);
    // Done ones are struck through with a green dot, the others have a red dot.
    expect(await attrs(html, 'li[data-todo-state="completed"] a', "href")).toContain("/reviews/todos/rp-acme-live-03");
    expect(await attrs(html, 'li[data-todo-state="pending"] a', "href")).toContain("/reviews/todos/rp-acme-live-01");
  });

  it("says 'No Review To Do's available!' to someone with nothing to review", async () => {
    const sam = await sessionFor("sam@acme.test");
    const html = await (await appFetch(TODOS, { cookie: sam })).text();
    expect(textOf(html)).toContain("No Review To Do's available!");
  });

  it("never shows another person's review (404), and takes the composite id of campaign and reviewee", async () => {
    expect((await appFetch(`${TODOS}/rp-acme-live-05`, { cookie: adam })).status).toBe(404);
    const composite = await appFetch(`${TODOS}/${encodeURIComponent("rc-acme-live|x|u-acme-priya")}`, { cookie: adam });
    expect(composite.status).toBe(200);
    expect(textOf(await composite.text())).toContain("Priya");
  });

  it("saves for later, refuses an incomplete submit with the required message, then submits once after confirming", async () => {
    const path = `${TODOS}/rp-acme-live-01`;
    const answers = fullAnswers();
    const [firstKey] = Object.keys(answers);
    const saved = await postForm(path, { ...answers, [firstKey]: "", intent: "save" }, adam);
    expect(saved.status).toBe(302);
    expect((await pair("rp-acme-live-01"))?.state).toBe("started");

    const incomplete = await postForm(path, { ...answers, [firstKey]: "", intent: "submit" }, adam);
    expect(incomplete.status).toBe(400);
    const html = await incomplete.text();
    expect(textOf(html)).toContain("This is a required field.");
    expect(html).toContain("data-first-error");
    expect((await pair("rp-acme-live-01"))?.state).toBe("started");

    const asked = await postForm(path, { ...answers, intent: "submit" }, adam);
    expect(asked.headers.get("Location")).toBe(`${path}?confirm=submit`);
    const confirm = await (await appFetch(`${path}?confirm=submit`, { cookie: adam })).text();
    expect(textOf(confirm)).toContain("Are you sure you want to submit the review?");
    const requestId = /name="requestId" value="([^"]+)"/.exec(confirm)![1];
    const done = await postForm(path, { intent: "confirmSubmit", requestId }, adam);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).not.toBe(path);
    const row = await pair("rp-acme-live-01");
    expect(row?.state).toBe("completed");
    expect(Object.keys(JSON.parse(row!.answers!))).toContain(firstKey.split(".")[1]);

    // Submitting again changes nothing and says why.
    const again = await postForm(path, { ...answers, intent: "submit" }, adam);
    expect(again.status).toBe(302);
    expect((await pair("rp-acme-live-01"))?.state).toBe("completed");
    // A completed review is read-only.
    expect(await (await appFetch(path, { cookie: adam })).text()).not.toContain('name="intent" value="submit"');
  });

  it("declines with a reason after confirming; the review then leaves the list for good", async () => {
    const path = `${TODOS}/rp-acme-live-02`;
    const asked = await postForm(path, { intent: "decline" }, adam);
    expect(asked.headers.get("Location")).toBe(`${path}?confirm=decline`);
    const confirm = await (await appFetch(`${path}?confirm=decline`, { cookie: adam })).text();
    expect(textOf(confirm)).toContain("Are you sure you want to decline this review?");
    const requestId = /name="requestId" value="([^"]+)"/.exec(confirm)![1];
    await postForm(path, { intent: "confirmDecline", requestId, declineReason: "Not my team any more" }, adam);
    expect(await pair("rp-acme-live-02")).toMatchObject({ state: "reviewer-declined", decline_comment: "Not my team any more" });
    expect((await appFetch(path, { cookie: adam })).status).toBe(404);
    // Posting to it now changes nothing and says it is gone.
    const late = await postForm(path, { ...fullAnswers(), intent: "submit" }, adam);
    expect(late.headers.get("Location")).toBe(TODOS);
    expect((await pair("rp-acme-live-02"))?.state).toBe("reviewer-declined");
  });
});

describe("sharing a completed review with the reviewee (000 §2)", () => {
  it("offers 'Share with {reviewee}' when the review lets reviewers share, once", async () => {
    // rc-acme-live shares by hand (the reviewer); olivia's review by adam is completed and not yet shared.
    const path = `${TODOS}/rp-acme-live-04`;
    const name = (await env.DB.prepare("SELECT name FROM users WHERE id = 'u-acme-olivia'").first<{ name: string }>())!.name;
    const html = await (await appFetch(path, { cookie: adam })).text();
    expect(textOf(html)).toContain(`Share with ${name}`);
    const shared = await postForm(path, { intent: "shareWithReviewee" }, adam);
    expect(shared.status).toBe(302);
    expect(
      (await env.DB.prepare("SELECT shared_at FROM review_pairs WHERE id = 'rp-acme-live-04'").first<{ shared_at: number }>())!.shared_at
    ).toBeGreaterThan(0);
    const told = await env.DB.prepare(
      "SELECT count(*) AS n FROM notification_outbox WHERE recipient_user_id = 'u-acme-olivia' AND subject LIKE 'A review of you was shared%'"
    ).first<{ n: number }>();
    expect(told!.n).toBe(1);
    expect(textOf(await (await appFetch(path, { cookie: adam })).text())).not.toContain(`Share with ${name}`);
    // A second share changes nothing.
    await postForm(path, { intent: "shareWithReviewee" }, adam);
    expect(
      (await env.DB.prepare(
        "SELECT count(*) AS n FROM notification_outbox WHERE recipient_user_id = 'u-acme-olivia' AND subject LIKE 'A review of you was shared%'"
      ).first<{ n: number }>())!.n
    ).toBe(1);
  });
});
