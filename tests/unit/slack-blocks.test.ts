import { describe, expect, it } from "vitest";
import { isReminderKind } from "~/modules/notifications/kinds";
import { slackAdapter, slackBlocks, slackFallbackText, type SlackOutbound } from "~/modules/notifications/slack-adapter.server";

const message = (over: Partial<SlackOutbound> = {}): SlackOutbound => ({
  outboxId: "o-9",
  channel: "slack",
  kind: "performance-review",
  // As delivery sets it: reminders and their digest offer "Snooze for a day".
  snoozable: isReminderKind(over.kind ?? "") || over.kind === "reminder-digest",
  subject: "Q3 review <@U1> launched",
  body: "Give your *reviews* by Friday <!channel>",
  link: "https://pulseboard.example/reviews/todos",
  recipient: { name: "Eve", email: null, slackUserId: "UEVE", msteamsUserId: null },
  tenantId: "TACME",
  items: null,
  ...over,
});

const actionIds = (blocks: Array<Record<string, unknown>>) =>
  ((blocks.find((b) => b.type === "actions")?.elements as Array<{ action_id: string }> | undefined) ?? []).map((e) => e.action_id);

describe("Slack Block Kit per notification kind", () => {
  it("a review launch: header, escaped body, and only an Open button to the link", () => {
    const blocks = slackBlocks(message());
    expect(blocks[0]).toEqual({ type: "header", text: { type: "plain_text", text: "Q3 review <@U1> launched", emoji: false } });
    // In mrkdwn a mention or a broadcast cannot be forged from a body.
    expect((blocks[1] as { text: { text: string } }).text.text).toBe("Give your *reviews* by Friday &lt;!channel&gt;");
    expect(actionIds(blocks)).toEqual(["open_link"]);
    expect((blocks.at(-1)!.elements as Array<{ url: string }>)[0]!.url).toBe("https://pulseboard.example/reviews/todos");
  });

  it("feedback kinds offer Give Feedback; their reminder also Snooze for a day", () => {
    expect(actionIds(slackBlocks(message({ kind: "feedback-loop" })))).toEqual(["open_link", "give_feedback"]);
    expect(actionIds(slackBlocks(message({ kind: "feedback-loop-reminder" })))).toEqual(["open_link", "give_feedback", "snooze_reminders"]);
    expect(actionIds(slackBlocks(message({ kind: "survey-reminder" })))).toEqual(["open_link", "snooze_reminders"]);
    expect(actionIds(slackBlocks(message({ kind: "survey", snoozable: false })))).toEqual(["open_link"]);
    expect(actionIds(slackBlocks(message({ kind: "report", link: null })))).toEqual([]);
  });

  it("a digest lists each item with its link, and offers Give Feedback and Snooze", () => {
    const items = [
      { kind: "reminder", subject: "Review of <Ann>", body: "Due Friday", link: "https://pulseboard.example/reviews/todos/p1" },
      { kind: "survey-reminder", subject: "Pulse survey", body: "", link: "javascript:alert(1)" },
    ];
    const blocks = slackBlocks(message({ kind: "reminder-digest", subject: "Your reminders", body: "2 things to do", items, snoozable: true }));
    const texts = blocks.filter((b) => b.type === "section").map((b) => (b.text as { text: string }).text);
    expect(texts).toEqual(["2 things to do", "*<https://pulseboard.example/reviews/todos/p1|Review of &lt;Ann&gt;>*\nDue Friday", "*Pulse survey*"]);
    expect(actionIds(blocks)).toEqual(["open_link", "give_feedback", "snooze_reminders"]);
    expect(slackFallbackText(message({ kind: "reminder-digest", subject: "Your reminders", body: "2 things", items, link: null }))).toBe(
      "*Your reminders*\n2 things\n• Review of &lt;Ann&gt;\n• Pulse survey",
    );
  });

  it("keeps a long digest within Slack's 50 blocks", () => {
    const items = Array.from({ length: 60 }, (_, i) => ({ kind: "reminder", subject: `R${i}`, body: "", link: null }));
    const blocks = slackBlocks(message({ kind: "reminder-digest", items }));
    expect(blocks.length).toBeLessThanOrEqual(50);
    expect(JSON.stringify(blocks)).toContain("…and 20 more reminders.");
  });

  it("a link that would end Slack's link syntax is encoded", () => {
    const blocks = slackBlocks(message({ link: "https://pulseboard.example/a|b>c" }));
    expect((blocks.at(-1)!.elements as Array<{ url: string }>)[0]!.url).toBe("https://pulseboard.example/a%7Cb%3Ec");
  });
});

describe("Slack adapter token per workspace", () => {
  it("uses the workspace installation's token, falling back to the configured bot token", async () => {
    const seen: string[] = [];
    const fetcher = async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers).get("Authorization")!);
      return new Response(JSON.stringify({ ok: true }), { status: 200 });
    };
    const config = { apiBaseUrl: "http://127.0.0.1:9/api", botToken: "xoxb-fallback" };
    await slackAdapter(config, fetcher, async (m) => (m.tenantId === "TACME" ? "xoxb-acme" : null)).deliver(message());
    await slackAdapter(config, fetcher, async () => null).deliver(message());
    expect(seen).toEqual(["Bearer xoxb-acme", "Bearer xoxb-fallback"]);
  });

  it("hands a 429's Retry-After to the caller", async () => {
    const fetcher = async () => new Response(JSON.stringify({ ok: false, error: "ratelimited" }), { status: 429, headers: { "Retry-After": "3" } });
    const outcome = await slackAdapter({ apiBaseUrl: "http://127.0.0.1:9/api", botToken: "xoxb-x" }, fetcher).deliver(message());
    expect(outcome).toMatchObject({ ok: false, retryable: true, retryAfterSeconds: 3 });
  });

  it("without any token the app is not authorised (nothing is sent)", async () => {
    let calls = 0;
    const fetcher = async () => {
      calls++;
      return new Response("{}");
    };
    const outcome = await slackAdapter({ apiBaseUrl: "http://127.0.0.1:9/api", botToken: "" }, fetcher, async () => null).deliver(message());
    expect(outcome).toMatchObject({ ok: false, code: "AppNotAuthorized" });
    expect(calls).toBe(0);
  });
});
