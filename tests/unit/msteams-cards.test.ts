import { isReminderKind } from "~/modules/notifications/kinds";
import { describe, expect, it } from "vitest";
import { escapeCardText, teamsCard, type TeamsMessage } from "~/modules/notifications/teams-adapter.server";

const APP = "https://pulseboard.example";

const message = (over: Partial<TeamsMessage> = {}): TeamsMessage => ({
  outboxId: "o-1",
  channel: "msteams",
  kind: "performance-review",
  subject: "Q1 review launched",
  body: "Please answer by Friday.",
  link: `${APP}/reviews/todos`,
  recipient: { name: "Tina", email: "tina@globex.test", slackUserId: null, msteamsUserId: "29:globex-00004" },
  tenantId: "tenant-1",
  items: null,
  // As delivery sets it: reminders and their digest offer "Snooze for a day".
  snoozable: isReminderKind(over.kind ?? "") || over.kind === "reminder-digest",
  ...over,
});

type Card = { type: string; version: string; body: Array<Record<string, unknown>>; actions?: Array<Record<string, unknown>> };
const card = (over: Partial<TeamsMessage> = {}) => teamsCard(message(over), APP) as unknown as Card;
const titles = (c: Card) => (c.actions ?? []).map((a) => `${a.type}:${a.title}`);

describe("Teams Adaptive Card per notification kind", () => {
  it("is an Adaptive Card 1.5 with the subject and body as wrapped TextBlocks", () => {
    const c = card();
    expect(c).toMatchObject({ type: "AdaptiveCard", version: "1.5" });
    expect(c.body[0]).toMatchObject({ type: "TextBlock", text: "Q1 review launched", weight: "Bolder", wrap: true });
    expect(c.body[1]).toMatchObject({ type: "TextBlock", text: "Please answer by Friday.", wrap: true });
  });

  it.each([
    ["performance-review", ["Action.OpenUrl:Open"]],
    ["survey", ["Action.OpenUrl:Open"]],
    ["report", ["Action.OpenUrl:Open"]],
    ["reminder", ["Action.OpenUrl:Open", "Action.Submit:Snooze for a day"]],
    ["survey-reminder", ["Action.OpenUrl:Open", "Action.Submit:Snooze for a day"]],
    ["feedback-loop", ["Action.OpenUrl:Open", "Action.OpenUrl:Give Feedback"]],
    ["feedback-loop-reminder", ["Action.OpenUrl:Open", "Action.OpenUrl:Give Feedback", "Action.Submit:Snooze for a day"]],
    ["reminder-digest", ["Action.OpenUrl:Open", "Action.OpenUrl:Give Feedback", "Action.Submit:Snooze for a day"]],
  ])("%s offers %j", (kind, expected) => {
    expect(titles(card({ kind }))).toEqual(expected);
  });

  it("links Give Feedback to the app's /feedback/give and snoozes with the snooze_reminders action", () => {
    const actions = card({ kind: "feedback-loop-reminder" }).actions!;
    expect(actions[1]).toEqual({ type: "Action.OpenUrl", title: "Give Feedback", url: `${APP}/feedback/give` });
    expect(actions[2]).toEqual({ type: "Action.Submit", title: "Snooze for a day", data: { action: "snooze_reminders" } });
  });

  it("follows the message's snoozable flag when the sender sets it", () => {
    expect(titles(card({ kind: "reminder", snoozable: false }))).toEqual(["Action.OpenUrl:Open"]);
  });

  it("lists a digest's reminders, each with its own Open", () => {
    const c = card({
      kind: "reminder-digest",
      subject: "Your reminders",
      body: "2 things are waiting for you.",
      items: [
        { kind: "reminder", subject: "Review for *Eve*", body: "Due Friday", link: `${APP}/reviews/todos/1` },
        { kind: "survey-reminder", subject: "Pulse survey", body: "Closes tomorrow", link: null },
      ],
    });
    const containers = c.body.filter((b) => b.type === "Container") as Array<{ items: Array<Record<string, unknown>> }>;
    expect(containers).toHaveLength(2);
    expect(containers[0].items[0]).toMatchObject({ type: "TextBlock", text: "Review for \\*Eve\\*" });
    expect(containers[0].items[1]).toMatchObject({ type: "TextBlock", text: "Due Friday" });
    expect(containers[0].items[2]).toEqual({ type: "ActionSet", actions: [{ type: "Action.OpenUrl", title: "Open", url: `${APP}/reviews/todos/1` }] });
    expect(containers[1].items).toHaveLength(2);
  });

  it("has no Open action without a link, and never a non-http one", () => {
    expect(card({ kind: "system", link: null }).actions).toBeUndefined();
    expect(card({ kind: "system", link: "javascript:alert(1)" }).actions).toBeUndefined();
  });
});

describe("card text escaping", () => {
  it("keeps names and notes as typed: no emphasis, links, images, date functions or HTML", () => {
    const text = escapeCardText(
      "Review of **Eve** [Click here](https://evil.example/login) ![x](https://evil.example/p.png) {{DATE(2026-01-01T00:00:00Z, SHORT)}} <at>Everyone</at> `code` ~~gone~~ _it_ | a |",
    );
    expect(text).toBe(
      "Review of \\*\\*Eve\\*\\* \\[Click here\\]\\(https:\u200b//evil.example/login\\) \\!\\[x\\]\\(https:\u200b//evil.example/p.png\\) \\{\\{DATE\\(2026-01-01T00:00:00Z, SHORT\\)\\}\\} \\<at\\>Everyone\\</at\\> \\`code\\` \\~\\~gone\\~\\~ \\_it\\_ \\| a \\|",
    );
  });

  it("escapes block markers at a line's start and keeps web addresses from becoming links", () => {
    const lines = escapeCardText("# Urgent\n> quoted\n- item\n1. first\nsee www.evil.example").split("\n");
    expect(lines).toEqual(["\\# Urgent", "\\> quoted", "\\- item", "1\\. first", "see www\u200b.evil.example"]);
  });

  it("escapes a subject and a digest item's text inside the card", () => {
    const c = card({ subject: "[x](https://evil.example)", items: [{ kind: "reminder", subject: "**b**", body: "# c", link: null }] });
    expect(c.body[0].text).toBe("\\[x\\]\\(https:\u200b//evil.example\\)");
    const container = c.body[2] as { items: Array<{ text: string }> };
    expect(container.items.map((i) => i.text)).toEqual(["\\*\\*b\\*\\*", "\\# c"]);
  });
});
