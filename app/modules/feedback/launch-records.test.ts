import { describe, expect, it } from "vitest";
import { isLoopFrequency, launchRecords, nextLoopRunAt, parseEvery, runSpanOf, type LibraryLoopSettings } from "./launch-records";
import { DEFAULT_DEADLINE_MS } from "./loop-types";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 2, 2, 9, 0); // a Monday

const library: LibraryLoopSettings = {
  id: "fl-1",
  companyId: "c-1",
  templateType: "feedback",
  templateName: "Free text",
  templateFormat: "FreeText",
  title: "Check-in",
  workflowType: "direct-feedback",
  feedbackFor: "manager-downward",
  audienceType: "users",
  audienceIds: ["a", "b"],
  workspaceId: null,
  pairs: [],
  anonymous: true,
  notificationMessage: "Hello",
  delivery: "dm-only",
  blocks: [],
  hideCompetencySelector: false,
  startAt: null,
  frequency: "does-not-repeat",
  tzOffsetMinutes: 0,
  deadlineAt: NOW + 7 * DAY,
};
const pairs = [
  { senderId: "m", receiverId: "a" },
  { senderId: "m", receiverId: "b" },
];
const input = (l: Partial<LibraryLoopSettings> = {}) => ({
  library: { ...library, ...l },
  loopId: "fb-1",
  runId: "fr-1",
  now: NOW,
  createdBy: "u",
  audienceName: "2 people",
  pairs,
  meetingId: (_: unknown, i: number) => `oo-${i}`,
});

describe("a loop's frequency (002 §9: 1–60 minutes, hours, days or weeks, or a repeat option)", () => {
  it("reads every-<n>-<unit> with n from 1 to 60 only", () => {
    expect(parseEvery("every-1-minutes")).toEqual({ n: 1, unit: "minutes" });
    expect(parseEvery("every-60-weeks")).toEqual({ n: 60, unit: "weeks" });
    expect(parseEvery("every-0-days")).toBeNull();
    expect(parseEvery("every-61-hours")).toBeNull();
    expect(parseEvery("every-5-months")).toBeNull();
    expect(isLoopFrequency("weekly")).toBe(true);
    expect(isLoopFrequency("fortnightly")).toBe(false);
  });

  it("the next run after a time: by the period, by the repeat option, none when it does not repeat", () => {
    const loop = { templateType: "feedback" as const, startAt: NOW, tzOffsetMinutes: 0 };
    expect(nextLoopRunAt({ ...loop, frequency: "every-15-minutes" }, NOW)).toBe(NOW + 15 * 60_000);
    expect(nextLoopRunAt({ ...loop, frequency: "every-15-minutes" }, NOW + 16 * 60_000)).toBe(NOW + 30 * 60_000);
    expect(nextLoopRunAt({ ...loop, frequency: "every-2-days" }, NOW - 1)).toBe(NOW);
    expect(nextLoopRunAt({ ...loop, frequency: "weekly" }, NOW)).toBe(NOW + 7 * DAY);
    expect(nextLoopRunAt({ ...loop, frequency: "weekdays" }, NOW + 4 * DAY)).toBe(NOW + 7 * DAY);
    expect(nextLoopRunAt({ ...loop, frequency: "does-not-repeat" }, NOW)).toBeNull();
    // A one-on-one loop never repeats (002 §4).
    expect(nextLoopRunAt({ ...loop, templateType: "one-on-one", frequency: "weekly" }, NOW)).toBeNull();
  });

  it("a run stays open from its start to the deadline; two weeks without one; none when the deadline is not after the start", () => {
    expect(runSpanOf(NOW, NOW + DAY)).toBe(DAY);
    expect(runSpanOf(NOW, null)).toBe(DEFAULT_DEADLINE_MS);
    expect(runSpanOf(NOW, NOW)).toBeNull();
  });
});

describe("launchRecords", () => {
  it("launching now: a live loop with a copy of the settings and its first run, pending pairs", () => {
    const r = launchRecords(input({ frequency: "every-1-weeks" }))!;
    expect(r.loop).toMatchObject({
      libraryLoopId: "fl-1",
      state: "live",
      startAt: NOW,
      runSpanMs: 7 * DAY,
      nextRunAt: NOW + 7 * DAY,
      runCount: 1,
      pairCount: 2,
      anonymous: true,
      audienceName: "2 people",
    });
    expect(r.run).toMatchObject({ id: "fr-1", sequence: 1, startedAt: NOW, deadlineAt: NOW + 7 * DAY, pairCount: 2 });
    expect(r.pairs.map((p) => [p.senderId, p.receiverId, p.state])).toEqual([
      ["m", "a", "pending"],
      ["m", "b", "pending"],
    ]);
    expect(r.oneOnOnes).toEqual([]);
  });

  it("a start in the future: scheduled, no run yet, the first run at the start", () => {
    const r = launchRecords(input({ startAt: NOW + 3 * DAY, deadlineAt: NOW + 5 * DAY }))!;
    expect(r.loop).toMatchObject({ state: "scheduled", nextRunAt: NOW + 3 * DAY, runSpanMs: 2 * DAY, runCount: 0, pairCount: 0 });
    expect(r.run).toBeNull();
    expect(r.pairs).toEqual([]);
  });

  it("a one-on-one loop: one meeting per pair in prep with the agenda, never repeating nor anonymous", () => {
    const agenda = [{ id: "q", type: "long-text", longTextValue: { label: "Topics" } }] as unknown as LibraryLoopSettings["blocks"];
    const r = launchRecords(input({ templateType: "one-on-one", blocks: agenda, frequency: "weekly" }))!;
    expect(r.loop).toMatchObject({ frequency: "does-not-repeat", nextRunAt: null, anonymous: false });
    expect(r.oneOnOnes.map((m) => [m.id, m.reviewerId, m.revieweeId, m.state, m.scheduledAt, m.blocks])).toEqual([
      ["oo-0", "m", "a", "prep", NOW, agenda],
      ["oo-1", "m", "b", "prep", NOW, agenda],
    ]);
  });

  it("refuses a deadline that is not after the start", () => {
    expect(launchRecords(input({ deadlineAt: NOW - HOUR }))).toBeNull();
  });
});
