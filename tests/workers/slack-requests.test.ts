import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { personOfUser } from "~/modules/auth/session.server";
import { loadHub } from "~/modules/feedback/hub.server";
import {
  count,
  db,
  FORM,
  fakeSlackCalls,
  install,
  interactivityBody,
  JSON_TYPE,
  personByEmail,
  slackPost,
} from "./slack-support";

const ACME_TEAM = "T0ACME01";
const OTHER_TEAM = "T0OTHERCO";

let alice: Awaited<ReturnType<typeof personByEmail>>;
let eve: Awaited<ReturnType<typeof personByEmail>>;

beforeAll(async () => {
  alice = await personByEmail("alice@acme.test");
  eve = await personByEmail("eve@acme.test");
  // A second Slack-type company with its own workspace and person.
  await env.DB.batch([
    env.DB.prepare("INSERT INTO companies (id, name, platform, external_id, created_at) VALUES ('c-otherco', 'OtherCo', 'slack', ?, 0)").bind(OTHER_TEAM),
    env.DB.prepare(
      "INSERT INTO users (id, company_id, name, email, slack_user_id, source, created_at) VALUES ('u-otherco-olga', 'c-otherco', 'Olga Other', 'olga@other.test', 'UOTHER00001', 'chat', 0)",
    ),
  ]);
  await install(alice.company_id, ACME_TEAM);
  await install("c-otherco", OTHER_TEAM);
});

const blockAction = (user: string, actionId: string, extra: Record<string, unknown> = {}) => ({
  type: "block_actions",
  team: { id: ACME_TEAM, domain: "acme" },
  user: { id: user, team_id: ACME_TEAM },
  api_app_id: "A0PULSEBOARD",
  trigger_id: `trigger-${crypto.randomUUID()}`,
  actions: [{ action_id: actionId, block_id: "notification_actions", type: "button", value: "o-1", action_ts: "1" }],
  ...extra,
});

const submission = (user: string, input: { team?: string; receiverId: string; kind?: string; text: string; viewId?: string }) => ({
  type: "view_submission",
  team: { id: input.team ?? ACME_TEAM, domain: "acme" },
  user: { id: user, team_id: input.team ?? ACME_TEAM },
  api_app_id: "A0PULSEBOARD",
  view: {
    id: input.viewId ?? `V${crypto.randomUUID().slice(0, 8).toUpperCase()}`,
    callback_id: "give_feedback",
    state: {
      values: {
        colleague: { value: { type: "static_select", selected_option: { value: input.receiverId } } },
        kind: { value: { type: "radio_buttons", selected_option: { value: input.kind ?? "feedback" } } },
        text: { value: { type: "plain_text_input", value: input.text } },
      },
    },
  },
});

describe("Slack request signature", () => {
  const body = JSON.stringify({ type: "url_verification", challenge: "challenge-abc", token: "x" });

  it("answers Slack's url_verification with the challenge when signed", async () => {
    const response = await slackPost("/slack/events", body, JSON_TYPE);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ challenge: "challenge-abc" });
  });

  it("refuses a bad signature, an old or future timestamp, with 401 and nothing written", async () => {
    const tokensBefore = await count("used_tokens");
    const itemsBefore = await count("feedback_items");
    const now = Math.floor(Date.now() / 1000);
    const payload = interactivityBody(submission(eve.slack_user_id, { receiverId: alice.id, text: "Forged praise" }));
    const refused = [
      await slackPost("/slack/interactivity", payload, FORM, { secret: "not-the-signing-secret" }),
      await slackPost("/slack/interactivity", payload, FORM, { timestamp: now - 301 }),
      await slackPost("/slack/interactivity", payload, FORM, { timestamp: now + 301 }),
      await slackPost("/slack/interactivity", payload, FORM, { signature: "v0=" + "0".repeat(64) }),
      await slackPost("/slack/events", body, JSON_TYPE, { signature: "" }),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(await count("used_tokens")).toBe(tokensBefore);
    expect(await count("feedback_items")).toBe(itemsBefore);
  });

  it("refuses the same signed body sent again (replay)", async () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const once = JSON.stringify({ type: "url_verification", challenge: `replay-${crypto.randomUUID()}` });
    const first = await slackPost("/slack/events", once, JSON_TYPE, { timestamp });
    expect(first.status).toBe(200);
    const again = await slackPost("/slack/events", once, JSON_TYPE, { timestamp });
    expect(again.status).toBe(401);
  });

  it("a replayed view submission stores nothing the second time", async () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const payload = interactivityBody(submission(eve.slack_user_id, { receiverId: alice.id, text: "Thanks for the demo" }));
    expect((await slackPost("/slack/interactivity", payload, FORM, { timestamp })).status).toBe(200);
    const after = await count("feedback_items");
    expect((await slackPost("/slack/interactivity", payload, FORM, { timestamp })).status).toBe(401);
    expect(await count("feedback_items")).toBe(after);
  });
});

describe("Slack events", () => {
  it("app_home_opened publishes the person's open to-dos with links into the app", async () => {
    // The Acme reviewer with the most reviews still to give in live campaigns.
    const reviewer = await env.DB.prepare(
      `SELECT u.id, u.slack_user_id, count(*) AS n FROM review_pairs p JOIN review_campaigns c ON c.id = p.campaign_id JOIN users u ON u.id = p.reviewer_id
       WHERE p.company_id = ? AND c.state = 'live' AND p.state IN ('pending','started','review-progress') GROUP BY u.id ORDER BY n DESC LIMIT 1`,
    )
      .bind(alice.company_id)
      .first<{ id: string; slack_user_id: string; n: number }>();
    expect(reviewer).not.toBeNull();
    const event = { type: "event_callback", team_id: ACME_TEAM, event: { type: "app_home_opened", user: reviewer!.slack_user_id, tab: "home" } };
    expect((await slackPost("/slack/events", JSON.stringify(event), JSON_TYPE)).status).toBe(200);
    const publish = (await fakeSlackCalls()).findLast((c) => c.method === "views.publish" && c.body.user_id === reviewer!.slack_user_id);
    expect(publish).toBeDefined();
    expect(publish!.authorization).toBe(`Bearer xoxb-${ACME_TEAM}-test`);
    expect(publish!.body.user_id).toBe(reviewer!.slack_user_id);
    const view = publish!.body.view as { type: string; blocks: Array<{ type: string; text?: { text: string } }> };
    expect(view.type).toBe("home");
    // Each review still to give, linked to its to-do page (as the to-do list computes them).
    const texts = view.blocks.map((b) => b.text?.text ?? "").join("\n");
    const links = texts.match(/<http:\/\/[^|>]+\/reviews\/todos\/[^|>]+\|/g) ?? [];
    expect(links.length).toBe(reviewer!.n);
    expect(texts).toContain("*Reviews*");
  });

  it("the Home tab lists the surveys the person still has to answer", async () => {
    const recipient = await env.DB.prepare(
      `SELECT u.slack_user_id, group_concat(r.id) AS runs FROM survey_recipients sr JOIN survey_runs r ON r.id = sr.run_id JOIN users u ON u.id = sr.user_id
       WHERE sr.company_id = ? AND sr.responded = 0 AND r.state = 'open' AND u.slack_user_id IS NOT NULL GROUP BY u.id ORDER BY count(*) DESC LIMIT 1`,
    )
      .bind(alice.company_id)
      .first<{ slack_user_id: string; runs: string }>();
    expect(recipient).not.toBeNull();
    const event = { type: "event_callback", team_id: ACME_TEAM, event: { type: "app_home_opened", user: recipient!.slack_user_id, tab: "home" } };
    expect((await slackPost("/slack/events", JSON.stringify(event), JSON_TYPE)).status).toBe(200);
    const publish = (await fakeSlackCalls()).findLast((c) => c.method === "views.publish" && c.body.user_id === recipient!.slack_user_id);
    const texts = JSON.stringify(publish!.body.view);
    expect(texts).toContain("Surveys to answer");
    for (const runId of recipient!.runs.split(",")) expect(texts).toContain(`/surveys/respond/${runId}`);
  });

  it("a person of the workspace without a Pulseboard account sees why there is nothing", async () => {
    const event = { type: "event_callback", team_id: ACME_TEAM, event: { type: "app_home_opened", user: "UNOBODY", tab: "home" } };
    await slackPost("/slack/events", JSON.stringify(event), JSON_TYPE);
    const publish = (await fakeSlackCalls()).findLast((c) => c.method === "views.publish" && c.body.user_id === "UNOBODY");
    expect(JSON.stringify(publish!.body.view)).toContain("not linked");
  });

  it("app_uninstalled and tokens_revoked mark the installation revoked", async () => {
    const third = "T0ACMELABS";
    await install(alice.company_id, third);
    const event = { type: "event_callback", team_id: third, event: { type: "tokens_revoked", tokens: { bot: ["B1"] } } };
    expect((await slackPost("/slack/events", JSON.stringify(event), JSON_TYPE)).status).toBe(200);
    const row = await env.DB.prepare("SELECT revoked_at FROM slack_installations WHERE team_id = ?").bind(third).first<{ revoked_at: number | null }>();
    expect(row!.revoked_at).not.toBeNull();
    // Another workspace's installation is untouched.
    const acme = await env.DB.prepare("SELECT revoked_at FROM slack_installations WHERE team_id = ?").bind(ACME_TEAM).first<{ revoked_at: number | null }>();
    expect(acme!.revoked_at).toBeNull();
  });
});

describe("Slack interactivity", () => {
  it("Give Feedback opens the quick feedback modal with the company's active colleagues", async () => {
    const click = blockAction(eve.slack_user_id, "give_feedback");
    const response = await slackPost("/slack/interactivity", interactivityBody(click), FORM);
    expect(response.status).toBe(200);
    const open = (await fakeSlackCalls()).find((c) => c.method === "views.open" && c.body.trigger_id === click.trigger_id);
    expect(open).toBeDefined();
    expect(open!.authorization).toBe(`Bearer xoxb-${ACME_TEAM}-test`);
    const view = open!.body.view as { callback_id: string; blocks: Array<{ block_id: string; element: { options?: Array<{ value: string }> } }> };
    expect(view.callback_id).toBe("give_feedback");
    const options = view.blocks.find((b) => b.block_id === "colleague")!.element.options!.map((o) => o.value);
    const active = await env.DB.prepare("SELECT id FROM users WHERE company_id = ? AND is_deleted = 0 AND is_excluded = 0 AND id <> ?")
      .bind(eve.company_id, eve.id)
      .all<{ id: string }>();
    expect(options.sort()).toEqual(active.results.map((r) => r.id).sort());
    expect(options).not.toContain("u-otherco-olga");
  });

  it("the modal's submission becomes a stored feedback item, seen by the receiver; a retry stores it once", async () => {
    const viewId = "VQUICK0001";
    const payload = (text: string) => interactivityBody(submission(eve.slack_user_id, { receiverId: alice.id, text, viewId }));
    const response = await slackPost("/slack/interactivity", payload("Clear plan for the launch, thank you"), FORM);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
    const rows = await env.DB.prepare("SELECT id, sender_id, receiver_id, source, feedback_text FROM feedback_items WHERE sender_id = ? AND receiver_id = ?")
      .bind(eve.id, alice.id)
      .all<{ id: string; source: string; feedback_text: string }>();
    const stored = rows.results.filter((r) => r.feedback_text === "Clear plan for the launch, thank you");
    expect(stored).toHaveLength(1);
    expect(stored[0]!.source).toBe("direct");
    // Slack sends the same submission again (a new signature, the same view): still one item.
    await slackPost("/slack/interactivity", payload("Clear plan for the launch, thank you"), FORM);
    expect(await count("feedback_items", "sender_id = ? AND receiver_id = ? AND feedback_text = ?", eve.id, alice.id, "Clear plan for the launch, thank you")).toBe(1);
    // The receiver's Feedback hub lists it, as feedback given on the page would be.
    const receiver = await personOfUser(db, alice.company_id, alice.id);
    const hub = await loadHub(db, receiver!);
    expect(hub.received.some((r) => r.id === stored[0]!.id && r.preview.includes("Clear plan for the launch"))).toBe(true);
  });

  it("praise is stored as public praise", async () => {
    const response = await slackPost("/slack/interactivity", interactivityBody(submission(eve.slack_user_id, { receiverId: alice.id, kind: "praise", text: "Great keynote" })), FORM);
    expect(response.status).toBe(200);
    const row = await env.DB.prepare("SELECT source, is_public FROM feedback_items WHERE sender_id = ? AND feedback_text = 'Great keynote'").bind(eve.id).first<{ source: string; is_public: number }>();
    expect(row).toEqual({ source: "praise", is_public: 1 });
  });

  it("a submission for a person of another company or workspace is refused with a modal error, nothing stored", async () => {
    const before = await count("feedback_items");
    const other = await slackPost("/slack/interactivity", interactivityBody(submission(eve.slack_user_id, { receiverId: "u-otherco-olga", text: "Hello" })), FORM);
    expect(other.status).toBe(200);
    expect(await other.json()).toMatchObject({ response_action: "errors", errors: { colleague: expect.any(String) } });
    // An Acme person claiming the other company's workspace is nobody there.
    const crossTeam = await slackPost(
      "/slack/interactivity",
      interactivityBody(submission(eve.slack_user_id, { team: OTHER_TEAM, receiverId: "u-otherco-olga", text: "Hello" })),
      FORM,
    );
    expect(await crossTeam.json()).toMatchObject({ response_action: "errors" });
    const empty = await slackPost("/slack/interactivity", interactivityBody(submission(eve.slack_user_id, { receiverId: alice.id, text: "   " })), FORM);
    expect(await empty.json()).toMatchObject({ response_action: "errors", errors: { text: "This is a required field." } });
    const badKind = await slackPost("/slack/interactivity", interactivityBody(submission(eve.slack_user_id, { receiverId: alice.id, kind: "bonus", text: "Hi" })), FORM);
    expect(await badKind.json()).toMatchObject({ response_action: "errors", errors: { kind: "Choose Feedback or Praise." } });
    const tooLong = await slackPost("/slack/interactivity", interactivityBody(submission(eve.slack_user_id, { receiverId: alice.id, text: "x".repeat(20000) })), FORM);
    expect(await tooLong.json()).toMatchObject({ response_action: "errors", errors: { text: expect.stringMatching(/^At most \d+ characters\.$/) } });
    expect(await count("feedback_items")).toBe(before);
  });

  it("the colleague search (a large company's select) answers with matching active people of the company only", async () => {
    const suggestion = (value: string) => ({
      type: "block_suggestion",
      team: { id: ACME_TEAM },
      user: { id: eve.slack_user_id, team_id: ACME_TEAM },
      block_id: "colleague",
      action_id: "value",
      value,
      view: { id: "VSEARCH", callback_id: "give_feedback" },
    });
    const aliceName = (await env.DB.prepare("SELECT name FROM users WHERE id = ?").bind(alice.id).first<{ name: string }>())!.name;
    const found = (await (await slackPost("/slack/interactivity", interactivityBody(suggestion(aliceName.slice(0, 4))), FORM)).json()) as {
      options: Array<{ value: string }>;
    };
    expect(found.options.map((o) => o.value)).toContain(alice.id);
    expect(found.options.map((o) => o.value)).not.toContain(eve.id);
    const other = (await (await slackPost("/slack/interactivity", interactivityBody(suggestion("Olga")), FORM)).json()) as { options: unknown[] };
    expect(other.options).toEqual([]);
  });

  it("Snooze for a day snoozes the clicking person's reminders and tells them until when", async () => {
    await env.DB.prepare(
      "INSERT INTO notification_outbox (id, company_id, recipient_user_id, channel, kind, subject, body, status, created_at) VALUES ('o-snooze-1', ?, ?, 'slack', 'reminder', 'Reminder', 'Body', 'pending', ?)",
    )
      .bind(eve.company_id, eve.id, Date.now())
      .run();
    const responseUrl = `${env.FAKE_SLACK_URL}/api/response-url/${crypto.randomUUID()}`;
    const response = await slackPost("/slack/interactivity", interactivityBody(blockAction(eve.slack_user_id, "snooze_reminders", { response_url: responseUrl })), FORM);
    expect(response.status).toBe(200);
    const snooze = await env.DB.prepare("SELECT until FROM reminder_snoozes WHERE company_id = ? AND user_id = ?").bind(eve.company_id, eve.id).first<{ until: number }>();
    expect(snooze!.until).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const row = await env.DB.prepare("SELECT deliver_after FROM notification_outbox WHERE id = 'o-snooze-1'").first<{ deliver_after: number }>();
    expect(row!.deliver_after).toBe(snooze!.until);
    const answer = (await fakeSlackCalls()).find((c) => c.method === new URL(responseUrl).pathname.slice("/api/".length));
    expect(answer!.body).toMatchObject({ response_type: "ephemeral", text: expect.stringMatching(/^Reminders snoozed until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/) });
    // Nobody else was snoozed.
    expect(await count("reminder_snoozes", "user_id <> ?", eve.id)).toBe(0);
  });
});
