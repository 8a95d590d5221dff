/**
 * A survey's schedule (001 §3 schedule {frequency, timestamp}, §9 recurrence options): which
 * recurrences a start date offers, when each run happens, and the preview of the next runs with
 * their warnings. Pure and client-safe: the scheduler page recomputes the options as the start
 * date changes, the server validates with the same functions and the cron moves `next_run_at`.
 *
 * Times are UTC milliseconds; a recurrence keeps the scheduler's wall-clock time in a fixed
 * offset (`tzOffsetMinutes` = local time minus UTC, e.g. +60 in Paris in winter): "every Monday
 * at 09:00" stays 09:00 at that offset. Week of month (001 §9) = ceil(day / 7).
 */

export const FREQUENCIES = [
  "does-not-repeat",
  "daily",
  "weekdays",
  "weekly",
  "every-2-weeks",
  "every-3-weeks",
  "monthly-day",
  "monthly-weekday",
  "monthly-last-weekday",
  "every-2-months-day",
  "every-2-months-weekday",
  "every-2-months-last-weekday",
] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export function isFrequency(value: unknown): value is Frequency {
  return typeof value === "string" && (FREQUENCIES as readonly string[]).includes(value);
}

export interface Schedule {
  /** The first run (UTC ms). */
  startAt: number;
  frequency: Frequency;
  /** Local time minus UTC, in minutes. */
  tzOffsetMinutes: number;
}

const DAY = 86_400_000;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const ORDINALS = ["first", "second", "third", "fourth", "fifth"];

/** Week of month of a day of month (001 §9): days 1–7 are week 1, 29–31 week 5. */
export const weekOfMonth = (day: number) => Math.ceil(day / 7);

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The wall-clock fields of a UTC instant at an offset. */
function local(utc: number, offset: number) {
  const d = new Date(utc + offset * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    timeOfDay: utc + offset * 60_000 - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()),
  };
}

/** Whether the start's weekday is the last of its kind in its month (offers "on the last <weekday>"). */
function isLastWeekdayOfMonth(l: ReturnType<typeof local>) {
  return l.day + 7 > daysInMonth(l.year, l.month);
}

function dayOrdinal(n: number) {
  const rem = n % 100;
  if (rem >= 11 && rem <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

/** The recurrences a start date offers, in the order the select lists them, with their labels. */
export function frequencyOptions(startAt: number, tzOffsetMinutes = 0): Array<{ value: Frequency; label: string }> {
  const l = local(startAt, tzOffsetMinutes);
  const weekday = WEEKDAYS[l.weekday];
  const nth = ORDINALS[weekOfMonth(l.day) - 1];
  const options: Array<{ value: Frequency; label: string }> = [
    { value: "does-not-repeat", label: "Does not repeat" },
    { value: "daily", label: "Every day" },
  ];
  if (l.weekday >= 1 && l.weekday <= 5) options.push({ value: "weekdays", label: "Every weekday (Monday to Friday)" });
  options.push(
    { value: "weekly", label: `Weekly on ${weekday}` },
    { value: "every-2-weeks", label: `Every 2 weeks on ${weekday}` },
    { value: "every-3-weeks", label: `Every 3 weeks on ${weekday}` },
    { value: "monthly-day", label: `Monthly on the ${dayOrdinal(l.day)}` },
    { value: "monthly-weekday", label: `Monthly on the ${nth} ${weekday}` }
  );
  const last = isLastWeekdayOfMonth(l);
  if (last) options.push({ value: "monthly-last-weekday", label: `Monthly on the last ${weekday}` });
  options.push(
    { value: "every-2-months-day", label: `Every 2 months on the ${dayOrdinal(l.day)}` },
    { value: "every-2-months-weekday", label: `Every 2 months on the ${nth} ${weekday}` }
  );
  if (last) options.push({ value: "every-2-months-last-weekday", label: `Every 2 months on the last ${weekday}` });
  return options;
}

/** Whether a frequency is one the start date offers. */
export function frequencyFits(startAt: number, tzOffsetMinutes: number, frequency: string) {
  return frequencyOptions(startAt, tzOffsetMinutes).some((o) => o.value === frequency);
}

/** The label of a saved schedule's frequency ("Weekly on Monday"), or the raw value if it no longer fits. */
export function frequencyLabel(schedule: Schedule) {
  return (
    frequencyOptions(schedule.startAt, schedule.tzOffsetMinutes).find((o) => o.value === schedule.frequency)?.label ?? schedule.frequency
  );
}

/**
 * The k-th run of a schedule (k = 0 is the start), or null when that period has no such day
 * (a monthly 31st in April, a fifth Monday in a month with four) or the schedule does not repeat.
 * Monday-to-Friday is indexed by calendar day (k days after the start), weekend days being null.
 */
export function occurrence(schedule: Schedule, k: number): number | null {
  const { startAt, frequency, tzOffsetMinutes: offset } = schedule;
  if (k === 0) return startAt;
  if (k < 0) return null;
  const l = local(startAt, offset);
  const at = (year: number, month: number, day: number) => Date.UTC(year, month, day) + l.timeOfDay - offset * 60_000;
  switch (frequency) {
    case "does-not-repeat":
      return null;
    case "daily":
      return startAt + k * DAY;
    case "weekdays": {
      const weekday = (l.weekday + k) % 7;
      return weekday === 0 || weekday === 6 ? null : startAt + k * DAY;
    }
    case "weekly":
    case "every-2-weeks":
    case "every-3-weeks":
      return startAt + k * 7 * DAY * (frequency === "weekly" ? 1 : frequency === "every-2-weeks" ? 2 : 3);
  }
  const months = frequency.startsWith("every-2-months") ? 2 : 1;
  const total = l.month + k * months;
  const year = l.year + Math.floor(total / 12);
  const month = total % 12;
  const length = daysInMonth(year, month);
  if (frequency === "monthly-day" || frequency === "every-2-months-day") return l.day <= length ? at(year, month, l.day) : null;
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const firstDay = 1 + ((l.weekday - firstWeekday + 7) % 7);
  if (frequency === "monthly-last-weekday" || frequency === "every-2-months-last-weekday") {
    return at(year, month, firstDay + Math.floor((length - firstDay) / 7) * 7);
  }
  const day = firstDay + (weekOfMonth(l.day) - 1) * 7;
  return day <= length ? at(year, month, day) : null;
}

/** Roughly how far apart runs are, to jump close to a far-away instant instead of walking to it. */
function periodMs(frequency: Frequency) {
  switch (frequency) {
    case "daily":
    case "weekdays":
      return DAY;
    case "weekly":
      return 7 * DAY;
    case "every-2-weeks":
      return 14 * DAY;
    case "every-3-weeks":
      return 21 * DAY;
    case "does-not-repeat":
      return Infinity;
    default:
      return (frequency.startsWith("every-2-months") ? 62 : 31) * DAY;
  }
}

/**
 * The first run strictly after `after` (UTC ms), or null (does not repeat, or nothing within
 * the next runs looked at). The first run is the start itself when it is after `after`.
 */
export function nextOccurrence(schedule: Schedule, after: number): number | null {
  if (schedule.startAt > after) return schedule.startAt;
  const period = periodMs(schedule.frequency);
  if (!Number.isFinite(period)) return null;
  // Jump to a little before `after` (every period is at most `period` long), then walk.
  let k = Math.max(1, Math.floor((after - schedule.startAt) / period) - 1);
  for (let steps = 0; steps < 200; steps++, k++) {
    const at = occurrence(schedule, k);
    if (at !== null && at > after) return at;
  }
  return null;
}

/** How many upcoming runs the scheduler's preview lists (001 §9 leaves it open). */
export const PREVIEW_COUNT = 6;

export interface SchedulePreview {
  dates: number[];
  warnings: string[];
}

/** The next runs from the start (at most `count`) and what the person should know about them. */
export function schedulePreview(schedule: Schedule, now: number, count = PREVIEW_COUNT): SchedulePreview {
  const warnings: string[] = [];
  if (schedule.startAt < now - 60_000) warnings.push("The start date is in the past: choose a date and time from now on.");
  const dates: number[] = [];
  let after = schedule.startAt - 1;
  while (dates.length < count) {
    const next = nextOccurrence(schedule, after);
    if (next === null) break;
    dates.push(next);
    after = next;
  }
  const l = local(schedule.startAt, schedule.tzOffsetMinutes);
  const byDay = schedule.frequency === "monthly-day" || schedule.frequency === "every-2-months-day";
  const byWeekday = schedule.frequency === "monthly-weekday" || schedule.frequency === "every-2-months-weekday";
  if (byDay && l.day >= 29) {
    warnings.push(`Some months have no ${dayOrdinal(l.day)} day: the survey does not run in those months.`);
  }
  if (byWeekday && weekOfMonth(l.day) === 5) {
    warnings.push(`Some months have no fifth ${WEEKDAYS[l.weekday]}: the survey does not run in those months.`);
  }
  if (!isFrequency(schedule.frequency) || !frequencyFits(schedule.startAt, schedule.tzOffsetMinutes, schedule.frequency)) {
    warnings.push("This frequency does not fit the start date: choose one from the list.");
  }
  return { dates, warnings };
}

/** A `<input type="datetime-local">` value ("2026-03-02T09:30") at an offset, as UTC ms; null if malformed. */
export function parseLocalDateTime(value: string | null | undefined, tzOffsetMinutes: number): number | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const ms = Date.parse(`${value.length === 16 ? `${value}:00` : value}Z`);
  return Number.isNaN(ms) ? null : ms - tzOffsetMinutes * 60_000;
}

/** UTC ms as a `datetime-local` value at an offset ("" for null). */
export function formatLocalDateTime(utc: number | null, tzOffsetMinutes: number): string {
  return utc === null ? "" : new Date(utc + tzOffsetMinutes * 60_000).toISOString().slice(0, 16);
}

/** "Mon, 2 Mar 2026, 09:30" at an offset, for the preview. */
export function describeRun(utc: number, tzOffsetMinutes: number): string {
  const d = new Date(utc + tzOffsetMinutes * 60_000);
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const hh = String(d.getUTCHours()).padStart(2, "0");
  const mm = String(d.getUTCMinutes()).padStart(2, "0");
  return `${WEEKDAYS[d.getUTCDay()].slice(0, 3)}, ${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${hh}:${mm}`;
}

/** "UTC", "UTC+01:00", "UTC-05:30". */
export function offsetLabel(tzOffsetMinutes: number) {
  if (tzOffsetMinutes === 0) return "UTC";
  const sign = tzOffsetMinutes > 0 ? "+" : "-";
  const abs = Math.abs(tzOffsetMinutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
