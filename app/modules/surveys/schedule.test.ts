import { describe, expect, it } from "vitest";
import {
  describeRun,
  formatLocalDateTime,
  frequencyFits,
  frequencyOptions,
  nextOccurrence,
  occurrence,
  offsetLabel,
  parseLocalDateTime,
  schedulePreview,
  weekOfMonth,
  type Frequency,
} from "~/modules/surveys/schedule";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().slice(0, 16));
const schedule = (start: string, frequency: Frequency, tzOffsetMinutes = 0) => ({ startAt: at(start), frequency, tzOffsetMinutes });
const runs = (s: ReturnType<typeof schedule>, n: number) => schedulePreview(s, s.startAt, n).dates.map(iso);

describe("survey schedule: week of month", () => {
  it("is ceil(day / 7)", () => {
    expect([1, 7, 8, 14, 15, 21, 22, 28, 29, 31].map(weekOfMonth)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });
});

describe("survey schedule: options depend on the start date", () => {
  it("offers weekday, nth-weekday and day-of-month recurrences named after a Tuesday the 17th", () => {
    // 2026-03-17 is the third Tuesday of March; not the last (the 31st is).
    const labels = frequencyOptions(at("2026-03-17T09:00:00Z")).map((o) => o.label);
    expect(labels).toEqual([
      "Does not repeat",
      "Every day",
      "Every weekday (Monday to Friday)",
      "Weekly on Tuesday",
      "Every 2 weeks on Tuesday",
      "Every 3 weeks on Tuesday",
      "Monthly on the 17th",
      "Monthly on the third Tuesday",
      "Every 2 months on the 17th",
      "Every 2 months on the third Tuesday",
    ]);
  });

  it("offers 'on the last <weekday>' only when the start is the last such weekday of its month", () => {
    // 2026-03-31 is a Tuesday, the fifth and last of March.
    const values = frequencyOptions(at("2026-03-31T09:00:00Z")).map((o) => o.value);
    expect(values).toContain("monthly-last-weekday");
    expect(values).toContain("every-2-months-last-weekday");
    expect(frequencyOptions(at("2026-03-31T09:00:00Z")).find((o) => o.value === "monthly-weekday")?.label).toBe(
      "Monthly on the fifth Tuesday"
    );
    // 2026-03-25 is the fourth Wednesday and the last one (April 1st is next).
    expect(frequencyFits(at("2026-03-25T09:00:00Z"), 0, "monthly-last-weekday")).toBe(true);
    expect(frequencyFits(at("2026-03-18T09:00:00Z"), 0, "monthly-last-weekday")).toBe(false);
  });

  it("leaves Monday to Friday out when the start is on a weekend", () => {
    expect(frequencyFits(at("2026-03-21T09:00:00Z"), 0, "weekdays")).toBe(false);
    expect(frequencyFits(at("2026-03-20T09:00:00Z"), 0, "weekdays")).toBe(true);
  });

  it("reads the start date at the scheduler's offset", () => {
    // 23:30 UTC on Monday is 00:30 on Tuesday at UTC+01:00.
    expect(frequencyOptions(at("2026-03-16T23:30:00Z"), 60).find((o) => o.value === "weekly")?.label).toBe("Weekly on Tuesday");
    expect(frequencyOptions(at("2026-03-16T23:30:00Z"), 0).find((o) => o.value === "weekly")?.label).toBe("Weekly on Monday");
  });

  it("names the 1st, 2nd, 3rd, 11th, 21st and 22nd days", () => {
    const label = (d: string) => frequencyOptions(at(`2026-01-${d}T09:00:00Z`)).find((o) => o.value === "monthly-day")?.label;
    expect(["01", "02", "03", "11", "21", "22"].map(label)).toEqual([
      "Monthly on the 1st",
      "Monthly on the 2nd",
      "Monthly on the 3rd",
      "Monthly on the 11th",
      "Monthly on the 21st",
      "Monthly on the 22nd",
    ]);
  });
});

describe("survey schedule: occurrences", () => {
  it("does not repeat", () => {
    expect(runs(schedule("2026-03-17T09:00:00Z", "does-not-repeat"), 5)).toEqual(["2026-03-17T09:00"]);
    expect(nextOccurrence(schedule("2026-03-17T09:00:00Z", "does-not-repeat"), at("2026-03-17T09:00:00Z"))).toBeNull();
  });

  it("repeats every day, weekly and every 2 and 3 weeks at the same time", () => {
    expect(runs(schedule("2026-03-17T09:00:00Z", "daily"), 3)).toEqual(["2026-03-17T09:00", "2026-03-18T09:00", "2026-03-19T09:00"]);
    expect(runs(schedule("2026-03-17T09:00:00Z", "weekly"), 3)).toEqual(["2026-03-17T09:00", "2026-03-24T09:00", "2026-03-31T09:00"]);
    expect(runs(schedule("2026-03-17T09:00:00Z", "every-2-weeks"), 3)).toEqual([
      "2026-03-17T09:00",
      "2026-03-31T09:00",
      "2026-04-14T09:00",
    ]);
    expect(runs(schedule("2026-03-17T09:00:00Z", "every-3-weeks"), 2)).toEqual(["2026-03-17T09:00", "2026-04-07T09:00"]);
  });

  it("skips Saturday and Sunday on Monday to Friday", () => {
    // Thursday 19 March 2026.
    expect(runs(schedule("2026-03-19T09:00:00Z", "weekdays"), 4)).toEqual([
      "2026-03-19T09:00",
      "2026-03-20T09:00",
      "2026-03-23T09:00",
      "2026-03-24T09:00",
    ]);
  });

  it("repeats monthly on the nth day and skips months without it", () => {
    expect(runs(schedule("2026-01-15T09:00:00Z", "monthly-day"), 3)).toEqual(["2026-01-15T09:00", "2026-02-15T09:00", "2026-03-15T09:00"]);
    expect(runs(schedule("2026-01-31T09:00:00Z", "monthly-day"), 4)).toEqual([
      "2026-01-31T09:00",
      "2026-03-31T09:00",
      "2026-05-31T09:00",
      "2026-07-31T09:00",
    ]);
    expect(occurrence(schedule("2026-01-31T09:00:00Z", "monthly-day"), 1)).toBeNull();
    // Every 2 months on the 30th from November: January, then March (February has no 30th but is not on the cycle).
    expect(runs(schedule("2026-11-30T09:00:00Z", "every-2-months-day"), 3)).toEqual([
      "2026-11-30T09:00",
      "2027-01-30T09:00",
      "2027-03-30T09:00",
    ]);
  });

  it("repeats monthly on the nth weekday (week = ceil(day / 7))", () => {
    // Third Tuesday: 17 Mar, 21 Apr, 19 May 2026.
    expect(runs(schedule("2026-03-17T09:00:00Z", "monthly-weekday"), 3)).toEqual([
      "2026-03-17T09:00",
      "2026-04-21T09:00",
      "2026-05-19T09:00",
    ]);
    // Every 2 months on the first Monday: 2 Mar, 4 May, 6 Jul 2026.
    expect(runs(schedule("2026-03-02T09:00:00Z", "every-2-months-weekday"), 3)).toEqual([
      "2026-03-02T09:00",
      "2026-05-04T09:00",
      "2026-07-06T09:00",
    ]);
    // A fifth Tuesday (31 March): April has four, so the next is 30 June.
    expect(runs(schedule("2026-03-31T09:00:00Z", "monthly-weekday"), 2)).toEqual(["2026-03-31T09:00", "2026-06-30T09:00"]);
  });

  it("repeats monthly on the last weekday", () => {
    // Last Tuesday: 31 Mar, 28 Apr, 26 May 2026; every 2 months: 31 Mar, 26 May, 28 Jul.
    expect(runs(schedule("2026-03-31T09:00:00Z", "monthly-last-weekday"), 3)).toEqual([
      "2026-03-31T09:00",
      "2026-04-28T09:00",
      "2026-05-26T09:00",
    ]);
    expect(runs(schedule("2026-03-31T09:00:00Z", "every-2-months-last-weekday"), 3)).toEqual([
      "2026-03-31T09:00",
      "2026-05-26T09:00",
      "2026-07-28T09:00",
    ]);
  });

  it("keeps the wall-clock time at the scheduler's offset across months", () => {
    // 09:00 at UTC-05:00 is 14:00 UTC; the 31st of January at that offset.
    const s = schedule("2026-01-31T14:00:00Z", "monthly-last-weekday", -300);
    // 31 Jan 2026 is a Saturday, the last one; the last Saturday of February is the 28th.
    expect(iso(occurrence(s, 1))).toBe("2026-02-28T14:00");
  });

  it("finds the next run after any instant, far ahead too", () => {
    const s = schedule("2026-03-17T09:00:00Z", "weekly");
    expect(iso(nextOccurrence(s, at("2026-03-17T09:00:00Z")))).toBe("2026-03-24T09:00");
    expect(iso(nextOccurrence(s, at("2026-03-20T00:00:00Z")))).toBe("2026-03-24T09:00");
    expect(iso(nextOccurrence(s, at("2026-03-01T00:00:00Z")))).toBe("2026-03-17T09:00");
    expect(iso(nextOccurrence(schedule("2026-03-17T09:00:00Z", "monthly-weekday"), at("2036-03-18T10:00:00Z")))).toBe("2036-04-15T09:00");
    expect(iso(nextOccurrence(schedule("2026-03-17T09:00:00Z", "daily"), at("2031-06-01T09:00:00Z")))).toBe("2031-06-02T09:00");
  });
});

describe("survey schedule: preview warnings", () => {
  it("warns about a start in the past", () => {
    const s = schedule("2026-03-17T09:00:00Z", "weekly");
    expect(schedulePreview(s, at("2026-03-18T00:00:00Z")).warnings).toEqual([
      "The start date is in the past: choose a date and time from now on.",
    ]);
    expect(schedulePreview(s, at("2026-03-16T00:00:00Z")).warnings).toEqual([]);
  });

  it("warns that days 29 to 31 do not exist in every month", () => {
    const now = at("2026-01-01T00:00:00Z");
    expect(schedulePreview(schedule("2026-01-29T09:00:00Z", "monthly-day"), now).warnings).toEqual([
      "Some months have no 29th day: the survey does not run in those months.",
    ]);
    expect(schedulePreview(schedule("2026-01-28T09:00:00Z", "monthly-day"), now).warnings).toEqual([]);
    expect(schedulePreview(schedule("2026-01-31T09:00:00Z", "daily"), now).warnings).toEqual([]);
  });

  it("warns that a fifth weekday does not exist in every month", () => {
    expect(schedulePreview(schedule("2026-03-31T09:00:00Z", "monthly-weekday"), at("2026-03-01T00:00:00Z")).warnings).toEqual([
      "Some months have no fifth Tuesday: the survey does not run in those months.",
    ]);
  });

  it("warns when the frequency does not fit the start date", () => {
    expect(schedulePreview(schedule("2026-03-17T09:00:00Z", "monthly-last-weekday"), at("2026-03-01T00:00:00Z")).warnings).toEqual([
      "This frequency does not fit the start date: choose one from the list.",
    ]);
  });

  it("lists six runs by default", () => {
    expect(schedulePreview(schedule("2026-03-17T09:00:00Z", "daily"), at("2026-03-01T00:00:00Z")).dates).toHaveLength(6);
  });
});

describe("survey schedule: date-time fields", () => {
  it("reads and writes datetime-local values at an offset", () => {
    expect(parseLocalDateTime("2026-03-17T09:00", 0)).toBe(at("2026-03-17T09:00:00Z"));
    expect(parseLocalDateTime("2026-03-17T09:00", 60)).toBe(at("2026-03-17T08:00:00Z"));
    expect(parseLocalDateTime("17/03/2026", 0)).toBeNull();
    expect(parseLocalDateTime("", 0)).toBeNull();
    expect(formatLocalDateTime(at("2026-03-17T08:00:00Z"), 60)).toBe("2026-03-17T09:00");
    expect(formatLocalDateTime(null, 0)).toBe("");
    expect(describeRun(at("2026-03-17T08:05:00Z"), 60)).toBe("Tue, 17 Mar 2026, 09:05");
    expect([0, 60, -330].map(offsetLabel)).toEqual(["UTC", "UTC+01:00", "UTC-05:30"]);
  });
});
