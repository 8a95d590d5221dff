import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { appFetch, postForm, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

// The Launch Review form: drafts, audience, uploads, nominations, launch rules.

const LAUNCH = "/reviews/manage-reviews/launch-review";
const draftPath = (id: string) => `/reviews/manage-reviews/draft/${id}`;
const TEMPLATE = "rt-launch-test";
let alice: string;

beforeAll(async () => {
  alice = await sessionFor("alice@acme.test");
  await env.DB.prepare(
    `INSERT OR IGNORE INTO review_templates (id, company_id, title, blocks, updated_at) VALUES (?, 'c-acme', 'Launch test questionnaire', ?, 0)`
  )
    .bind(
      TEMPLATE,
      JSON.stringify([
        { id: "b1", type: "short-text", typeTitle: "Short Text", textValue: { label: "Anything else?", placeholder: "", required: false } },
      ])
    )
    .run();
});

const base = (extra: Record<string, string> = {}) => ({ title: "Autumn review", channel: "w-acme-hq", reviewTemplate: TEMPLATE, ...extra });

/** A new draft made through the form (JavaScript off), with its id. */
async function newDraft(extra: Record<string, string> = {}) {
  const id = crypto.randomUUID();
  const response = await postForm(LAUNCH, { ...base(extra), draftId: id, intent: "save" }, alice);
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(draftPath(id));
  return id;
}

async function post(id: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...base(), ...fields })) for (const v of [value].flat()) body.append(name, v);
  return appFetch(draftPath(id), { method: "POST", body, cookie: alice });
}

async function upload(id: string, intent: "uploadPairs" | "uploadNominees", name: string, content: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(base())) body.append(k, v);
  body.append("intent", intent);
  body.append(intent === "uploadPairs" ? "pairsFile" : "nomineesFile", new File([content], name));
  return appFetch(draftPath(id), { method: "POST", body, cookie: alice });
}

const pairsOf = async (id: string) =>
  (
    await env.DB.prepare(
      "SELECT e.email AS reviewee, r.email AS reviewer, p.state FROM review_pairs p JOIN users e ON e.id = p.reviewee_id JOIN users r ON r.id = p.reviewer_id WHERE p.campaign_id = ? ORDER BY 1, 2"
    )
      .bind(id)
      .all<{ reviewee: string; reviewer: string; state: string }>()
  ).results;
const campaign = (id: string) => env.DB.prepare("SELECT * FROM review_campaigns WHERE id = ?").bind(id).first<Record<string, unknown>>();
const page = async (path: string) => (await appFetch(path, { cookie: alice })).text();

describe("Launch Review: drafts (JavaScript off)", () => {
  it("saves a draft once it has a title and a workspace, and the address becomes the draft's", async () => {
    const id = await newDraft({
      anonymous: "on",
      startDate: "2031-01-05T09:00",
      endDate: "2031-02-01T17:30",
      isAutomaticCloseOnEndDate: "on",
    });
    const row = await campaign(id);
    expect(row).toMatchObject({ state: "draft", title: "Autumn review", workspace_id: "w-acme-hq", template_id: TEMPLATE, anonymous: 1 });
    expect(row?.start_at).toBe(Date.UTC(2031, 0, 5, 9, 0));
    expect(row?.automatic_close).toBe(1);
    const html = await page(draftPath(id));
    expect(html).toContain('value="Autumn review"');
    expect(html).toContain('value="2031-01-05T09:00"');
    // A start date ahead: the button says Schedule Review.
    expect(await texts(html, 'button[value="launch"]')).toEqual(["Schedule Review"]);
  });

  it("needs a title and a workspace, writes nothing without them, and says 'This is a required field.'", async () => {
    const id = crypto.randomUUID();
    const response = await postForm(LAUNCH, { draftId: id, title: "  ", channel: "", intent: "save" }, alice);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(textOf(html)).toContain("This is a required field.");
    expect(html).toMatch(/aria-invalid="true"/);
    expect(await campaign(id)).toBeNull();
  });

  it("refuses another company's workspace and questionnaire", async () => {
    const id = crypto.randomUUID();
    const response = await postForm(LAUNCH, { ...base({ channel: "g-globex-people" }), draftId: id, intent: "save" }, alice);
    expect(response.status).toBe(400);
    expect(await campaign(id)).toBeNull();
  });

  it("refuses an unknown or missing intent with 400: no draft is made and a saved one is unchanged", async () => {
    for (const intent of ["bogus", "removeEverything:x", null]) {
      const id = crypto.randomUUID();
      const fields: Record<string, string> = { ...base(), draftId: id };
      if (intent) fields.intent = intent;
      expect((await postForm(LAUNCH, fields, alice)).status).toBe(400);
      expect(await campaign(id)).toBeNull();
    }
    const id = await newDraft();
    const before = await campaign(id);
    expect((await post(id, { title: "Renamed by a forged button", intent: "bogus" })).status).toBe(400);
    expect(await campaign(id)).toEqual(before);
  });

  it("another company's draft is not found; someone without Manage Reviews goes home", async () => {
    const id = await newDraft();
    const gina = await sessionFor("gina@globex.test");
    expect((await appFetch(draftPath(id), { cookie: gina })).status).toBe(404);
    expect((await postForm(draftPath(id), { ...base(), intent: "save" }, gina)).status).toBe(404);
    const sam = await sessionFor("sam@acme.test");
    const refused = await appFetch(draftPath(id), { cookie: sam });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).not.toContain("/reviews/manage-reviews");
  });

  it("auto-save answers without navigating and updates the same draft", async () => {
    const id = crypto.randomUUID();
    const first = await postForm(LAUNCH, { ...base(), draftId: id, intent: "autosave" }, alice);
    expect(first.status).toBe(200);
    const again = await postForm(draftPath(id), { ...base({ title: "Autumn review 2" }), intent: "autosave" }, alice);
    expect(again.status).toBe(200);
    expect((await campaign(id))?.title).toBe("Autumn review 2");
    expect((await env.DB.prepare("SELECT count(*) AS n FROM review_campaigns WHERE id = ?").bind(id).first<{ n: number }>())!.n).toBe(1);
  });
});

describe("Launch Review: audience", () => {
  it("Self Review, Manager Downward and Upward, Auto: pairs of the workspace's people, each pair once", async () => {
    const id = await newDraft({ channel: "w-acme-labs" });
    const members = (
      await env.DB.prepare(
        "SELECT u.email FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = 'w-acme-labs' AND u.is_deleted = 0 AND u.is_excluded = 0"
      ).all<{ email: string }>()
    ).results.map((r) => r.email);
    expect((await post(id, { channel: "w-acme-labs", intent: "selfReview" })).status).toBe(302);
    expect((await pairsOf(id)).filter((p) => p.reviewee === p.reviewer)).toHaveLength(members.length);
    // Twice changes nothing: pairs are unique.
    await post(id, { channel: "w-acme-labs", intent: "selfReview" });
    expect(await pairsOf(id)).toHaveLength(members.length);
    await post(id, { channel: "w-acme-labs", intent: "managerDownward" });
    const downward = await pairsOf(id);
    expect(downward).toContainEqual({ reviewee: "eve@acme.test", reviewer: "mona@acme.test", state: "pending" });
    await post(id, { channel: "w-acme-labs", intent: "clearPairs" });
    expect(await pairsOf(id)).toHaveLength(0);
    await post(id, { channel: "w-acme-labs", intent: "managerUpward" });
    expect(await pairsOf(id)).toContainEqual({ reviewee: "mona@acme.test", reviewer: "eve@acme.test", state: "pending" });
    for (const p of await pairsOf(id)) expect(members).toContain(p.reviewer);
    await post(id, { channel: "w-acme-labs", intent: "auto" });
    expect((await pairsOf(id)).length).toBeGreaterThan(members.length);
  });

  it("Self Review with a department filter takes only that department's people", async () => {
    const id = await newDraft();
    await post(id, { intent: "selfReview", audienceFilter: "departments", departments: "d-acme-product" });
    const emails = (await pairsOf(id)).map((p) => p.reviewee);
    expect(emails).toEqual(expect.arrayContaining(["eve@acme.test", "mona@acme.test"]));
    expect(emails).not.toContain("alice@acme.test");
    expect((await campaign(id))?.department_filter).toBe(JSON.stringify(["d-acme-product"]));
  });

  it("adds a pair by e-mail, refuses someone outside the workspace, removes one pair", async () => {
    const id = await newDraft();
    expect((await post(id, { intent: "addPair", reviewee: "eve@acme.test", reviewer: "ed@acme.test" })).status).toBe(302);
    const outsider = await post(id, { intent: "addPair", reviewee: "eve@acme.test", reviewer: "gina@globex.test" });
    expect(outsider.status).toBe(400);
    expect(await pairsOf(id)).toEqual([{ reviewee: "eve@acme.test", reviewer: "ed@acme.test", state: "pending" }]);
    const html = await page(draftPath(id));
    // The table names both people in their own columns (the page's reads share one D1 batch).
    const names = await env.DB.prepare("SELECT name FROM users WHERE email IN ('eve@acme.test', 'ed@acme.test') ORDER BY email DESC")
      .all<{ name: string }>()
      .then((r) => r.results.map((u) => u.name));
    expect(await attrs(html, "button[value^='removePair:']", "aria-label")).toEqual([`Remove ${names[1]} reviewing ${names[0]}`]);
    const pairId = /value="removePair:([^"]+)"/.exec(html)![1];
    await post(id, { intent: `removePair:${pairId}` });
    expect(await pairsOf(id)).toEqual([]);
  });

  it("uploads pairs from a csv: valid rows are added, the others are listed as not added", async () => {
    const id = await newDraft();
    const csv =
      "Reviewee Email,Reviewer Email\neve@acme.test,ed@acme.test\neve@acme.test,ed@acme.test\ngina@globex.test,ed@acme.test\nnot-an-email,ed@acme.test\n";
    const response = await upload(id, "uploadPairs", "pairs.csv", csv);
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toContain("upload=");
    expect(await pairsOf(id)).toEqual([{ reviewee: "eve@acme.test", reviewer: "ed@acme.test", state: "pending" }]);
    const html = await page(location);
    expect(textOf(html)).toContain("2 pairs were not added");
    expect(await texts(html, 'table[aria-label="Rows not added"] tbody tr td:nth-child(2)')).toEqual(["gina@globex.test", "not-an-email"]);
  });

  it("a file of the wrong type writes nothing and says 'Supported file formats are .xlsx and .csv.'", async () => {
    const id = await newDraft({ title: "Before upload" });
    const response = await upload(id, "uploadPairs", "pairs.pdf", "%PDF-1.4");
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain("Supported file formats are .xlsx and .csv.");
    expect(await pairsOf(id)).toEqual([]);
    const empty = await upload(id, "uploadPairs", "pairs.csv", "Reviewee Email,Reviewer Email\n");
    expect(textOf(await empty.text())).toContain("Invalid list of emails.");
  });
});

describe("Launch Review: launch rules", () => {
  it("checks dates and sharing with the specification's messages", async () => {
    const id = await newDraft();
    const past = await post(id, { intent: "launch", startDate: "2020-01-01T10:00" });
    expect(past.status).toBe(400);
    expect(textOf(await past.text())).toContain("The date-time should not be in past.");
    const before = await post(id, { intent: "launch", startDate: "2031-03-01T10:00", endDate: "2031-02-01T10:00" });
    expect(textOf(await before.text())).toContain("The end date-time should not be before start date-time.");
    const share = await post(id, { intent: "launch", shareResults: "on", shareWithType: "automated" });
    expect(share.status).toBe(400);
    expect(textOf(await share.text())).toContain("This is a required field.");
    const noTemplate = await post(id, { intent: "launch", reviewTemplate: "" });
    expect(noTemplate.status).toBe(400);
    expect((await campaign(id))?.state).toBe("draft");
  });

  it("without an audience the launch is refused with 'Please select the audience.'", async () => {
    const id = await newDraft();
    const asked = await post(id, { intent: "launch" });
    expect(asked.headers.get("Location")).toBe(`${draftPath(id)}?confirm=launch`);
    const html = await page(`${draftPath(id)}?confirm=launch`);
    const requestId = /name="requestId" value="([^"]+)"/.exec(html)![1];
    const refused = await postForm(draftPath(id), { intent: "confirmLaunch", requestId }, alice);
    expect(refused.headers.get("Location")).toBe(`${draftPath(id)}?blocked=audience`);
    expect(textOf(await page(refused.headers.get("Location")!))).toContain("Please select the audience.");
    expect((await campaign(id))?.state).toBe("draft");
  });

  it("launches after confirmation: live, reviewers told through the outbox, questionnaire kept, once", async () => {
    const id = await newDraft({ title: "Launch me" });
    await post(id, { title: "Launch me", intent: "addPair", reviewee: "eve@acme.test", reviewer: "ed@acme.test" });
    await post(id, { title: "Launch me", intent: "addPair", reviewee: "ed@acme.test", reviewer: "eve@acme.test" });
    const html = await page(`${draftPath(id)}?confirm=launch`);
    expect(textOf(html)).toContain("Launch Review?");
    const requestId = /name="requestId" value="([^"]+)"/.exec(html)![1];
    const done = await postForm(draftPath(id), { intent: "confirmLaunch", requestId }, alice);
    expect(done.headers.get("Location")).toBe(`${draftPath(id)}?launched=1`);
    // A resent confirmation changes nothing more.
    await postForm(draftPath(id), { intent: "confirmLaunch", requestId }, alice);
    const row = await campaign(id);
    expect(row).toMatchObject({ state: "live", template_title: "Launch test questionnaire", version: expect.any(Number) });
    expect(JSON.parse(String(row?.template_blocks))[0].id).toBe("b1");
    const told = await env.DB.prepare(
      "SELECT count(*) AS n FROM notification_outbox WHERE subject = 'You have reviews to complete: Launch me'"
    ).first<{
      n: number;
    }>();
    expect(told!.n).toBe(2);
    expect(textOf(await page(`${draftPath(id)}?launched=1`))).toContain("Review launched successfully");
    // The draft address of a live review leads to its detail page.
    const moved = await appFetch(draftPath(id), { cookie: alice });
    expect(moved.headers.get("Location")).toBe(`/reviews/manage-reviews/${id}`);
  });

  it("schedules when the start is ahead", async () => {
    const id = await newDraft({ startDate: "2031-06-01T08:00" });
    await post(id, { startDate: "2031-06-01T08:00", intent: "selfReview", audienceFilter: "departments", departments: "d-acme-product" });
    const html = await page(`${draftPath(id)}?confirm=launch`);
    expect(textOf(html)).toContain("Schedule Review?");
    const requestId = /name="requestId" value="([^"]+)"/.exec(html)![1];
    await postForm(draftPath(id), { intent: "confirmLaunch", requestId }, alice);
    expect((await campaign(id))?.state).toBe("scheduled");
  });
});

describe("Launch Review: nomination audience", () => {
  it("blocks the launch until nominations start, asks with the count and the people without managers, then shows participants", async () => {
    const id = await newDraft({ title: "Nominations" });
    await post(id, { title: "Nominations", intent: "addPair", reviewee: "eve@acme.test", reviewer: "ed@acme.test" });
    await post(id, { title: "Nominations", intent: "addNominee", nominee: "eve@acme.test" });
    await post(id, { title: "Nominations", intent: "addNominee", nominee: "alice@acme.test" });
    expect(JSON.parse(String((await campaign(id))?.nomination_audience))).toHaveLength(2);

    let html = await page(`${draftPath(id)}?confirm=launch`);
    let requestId = /name="requestId" value="([^"]+)"/.exec(html)![1];
    const blocked = await postForm(draftPath(id), { intent: "confirmLaunch", requestId }, alice);
    expect(textOf(await page(blocked.headers.get("Location")!))).toContain(
      "You have added nomination audience but haven't started the nominations. Either start nominations or clear nomination audience before launching the review."
    );

    expect((await post(id, { title: "Nominations", intent: "startNominations" })).headers.get("Location")).toContain("confirm=nominations");
    html = await page(`${draftPath(id)}?confirm=nominations`);
    expect(textOf(html)).toContain("You are about to launch nomination to 2 people, please confirm.");
    expect(textOf(html)).toContain(
      "The following users do not have managers assigned in the system. Are you sure to launch the nomination process?"
    );
    requestId = /name="requestId" value="([^"]+)"/.exec(html)![1];
    await postForm(draftPath(id), { intent: "confirmNominations", requestId }, alice);
    const nominations = (
      await env.DB.prepare("SELECT reviewee_id, state FROM review_nominations WHERE campaign_id = ? ORDER BY 1")
        .bind(id)
        .all<{ state: string }>()
    ).results;
    expect(nominations.map((n) => n.state)).toEqual(["open", "open"]);
    html = await page(draftPath(id));
    expect(await texts(html, 'table[aria-label="Participants"] tbody td:nth-child(3)')).toEqual(["open", "open"]);

    await post(id, { title: "Nominations", intent: "cancelNominees", selectedNominees: "u-acme-eve" });
    expect(
      (await env.DB.prepare("SELECT state FROM review_nominations WHERE campaign_id = ? AND reviewee_id = 'u-acme-eve'")
        .bind(id)
        .first<{ state: string }>())!.state
    ).toBe("canceled");
    html = await page(`${draftPath(id)}?confirm=cancelNominations`);
    requestId = /name="requestId" value="([^"]+)"/.exec(html)![1];
    await postForm(draftPath(id), { intent: "confirmCancelNominations", requestId }, alice);
    expect((await campaign(id))?.nomination_started_at).toBeNull();
  });
});
