import { describe, expect, it } from "vitest";
import { digestDay, digestDedupeKey, digestRowOf, groupDigests, type DueReminder } from "~/modules/notifications/digest.server";
import { channelsOf, nextDigestAt } from "~/modules/notifications/notify.server";

describe("the next digest time", () => {
  it("is today at the digest hour (UTC) while that is still ahead", () => {
    expect(nextDigestAt(new Date("2026-11-27T07:59:59.999Z"), 9).toISOString()).toBe("2026-11-27T09:00:00.000Z");
  });

  it("is tomorrow once the hour has come or passed", () => {
    expect(nextDigestAt(new Date("2026-11-27T09:00:00.000Z"), 9).toISOString()).toBe("2026-11-28T09:00:00.000Z");
    expect(nextDigestAt(new Date("2026-11-27T23:30:00.000Z"), 9).toISOString()).toBe("2026-11-28T09:00:00.000Z");
  });

  it("crosses a month and a year, and honours another hour", () => {
    expect(nextDigestAt(new Date("2026-12-31T18:00:00.000Z"), 6).toISOString()).toBe("2027-01-01T06:00:00.000Z");
    expect(nextDigestAt(new Date("2026-11-27T00:00:00.000Z"), 0).toISOString()).toBe("2026-11-28T00:00:00.000Z");
  });

  it("defaults to 9 UTC", () => {
    expect(nextDigestAt(new Date("2026-11-27T08:00:00.000Z")).toISOString()).toBe("2026-11-27T09:00:00.000Z");
  });
});

describe("the admin's channel choice", () => {
  it("maps chat to the company's platform, e-mail alone, or both", () => {
    expect(channelsOf("chat", "slack")).toEqual(["slack"]);
    expect(channelsOf("chat", "msteams")).toEqual(["msteams"]);
    expect(channelsOf("email", "slack")).toEqual(["email"]);
    expect(channelsOf("both", "msteams")).toEqual(["msteams", "email"]);
  });
});

const reminder = (id: string, recipientUserId: string, channel: DueReminder["channel"] = "slack", companyId = "c-a"): DueReminder => ({
  id,
  companyId,
  recipientUserId,
  channel,
  kind: "survey-reminder",
  subject: `S ${id}`,
  body: `B ${id}`,
  link: `/x/${id}`,
});

describe("grouping reminders into digests", () => {
  it("makes one group per company, person and channel, keeping the reminders' order", () => {
    const groups = groupDigests([
      reminder("1", "u1"),
      reminder("2", "u1", "email"),
      reminder("3", "u1"),
      reminder("4", "u2"),
      reminder("5", "u1", "slack", "c-b"),
      reminder("6", "u1"),
    ]);
    expect(groups.map((g) => [g.companyId, g.recipientUserId, g.channel, g.reminders.map((r) => r.id)])).toEqual([
      ["c-a", "u1", "slack", ["1", "3", "6"]],
      ["c-a", "u1", "email", ["2"]],
      ["c-a", "u2", "slack", ["4"]],
      ["c-b", "u1", "slack", ["5"]],
    ]);
  });

  it("writes a digest row with the reminders as items and one key per day, person and channel", () => {
    const now = new Date("2026-11-27T09:00:30.000Z");
    const [group] = groupDigests([reminder("1", "u1"), reminder("2", "u1")]);
    const row = digestRowOf(group, now);
    expect(row).toMatchObject({
      kind: "reminder-digest",
      recipientUserId: "u1",
      channel: "slack",
      subject: "Your reminders for today",
      body: "You have 2 reminders waiting.",
      dedupeKey: "digest:2026-11-27:u1:slack",
      status: "pending",
    });
    expect(row.items).toEqual([
      { kind: "survey-reminder", subject: "S 1", body: "B 1", link: "/x/1" },
      { kind: "survey-reminder", subject: "S 2", body: "B 2", link: "/x/2" },
    ]);
    expect(digestDay(new Date("2026-11-27T23:59:59.999Z"))).toBe("2026-11-27");
    expect(digestDedupeKey("2026-11-28", "u1", "email")).toBe("digest:2026-11-28:u1:email");
  });
});

describe("the demo's channel choices", () => {
  it("are Acme's rows as the Settings form's record function makes them: survey reminders by chat and e-mail", async () => {
    const { demoSeed } = await import("~/db/seed/demo");
    const { channelSettingRows } = await import("~/modules/notifications/channel-settings-record");
    const now = Date.UTC(2026, 10, 27, 15, 30);
    const rows = demoSeed(now).notification_channel_settings;
    expect(rows).toEqual(
      channelSettingRows({ companyId: "c-acme", choices: { "survey-reminder": "both" }, updatedBy: "u-acme-alice", updatedAt: Date.UTC(2026, 10, 27) })
    );
  });
});
