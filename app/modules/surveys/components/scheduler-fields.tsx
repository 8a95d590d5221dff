import { z } from "zod";
import { frequencyFits, isFrequency, parseLocalDateTime } from "../schedule";
import { CLOSE_RULES, CLOSE_UNITS, type CloseRule, type CloseUnit } from "../survey-machine";

/**
 * The scheduler's form (001 §2 "Survey scheduler", §5), client-safe: start date and frequency,
 * close rule, notification texts. The page validates with it before submitting and the action
 * again, against the server's clock.
 */

export const START_REQUIRED = "Choose the start date and time.";
export const START_IN_PAST = "The start date cannot be in the past.";
export const FREQUENCY_REQUIRED = "Choose how often the survey runs.";
export const FREQUENCY_UNFIT = "This frequency does not fit the start date: choose one from the list.";
export const SPAN_REQUIRED = "Enter how long the survey stays open (at least 1).";
export const UNIT_REQUIRED = "Choose hours, days or weeks.";
export const CLOSE_AT_REQUIRED = "Choose when the survey closes.";
export const CLOSE_AT_BEFORE_START = "The close time must be after the start date.";
export const DATE_TIME_INVALID = "Enter a date and time.";
export const MESSAGE_TOO_LONG = "Use at most 2000 characters.";

/** A start this recent still counts as now (minute precision; the page was open a while). */
export const START_GRACE_MS = 5 * 60_000;
/** 001 §9: the notification texts save themselves this long after the last keystroke. */
export const NOTIFICATION_DEBOUNCE_MS = 350;

export const CLOSE_RULE_LABELS: Record<CloseRule, string> = {
  manual: "Manually (Close Survey on manage surveys)",
  automatic: "After a duration",
  onSpecificTime: "On a specific time",
  closeAfterAllSubmits: "Once everyone has submitted",
};
export const CLOSE_UNIT_LABELS: Record<CloseUnit, string> = { hours: "Hours", days: "Days", weeks: "Weeks" };

const message = z.string().max(2000, MESSAGE_TOO_LONG).default("");

export const NotificationsFormSchema = z.object({ launchMessage: message, reminderMessage: message });

export function schedulerSchema(now: number) {
  return z
    .object({
      startDate: z.string({ error: START_REQUIRED }).trim().min(1, START_REQUIRED),
      frequency: z.string({ error: FREQUENCY_REQUIRED }).trim().min(1, FREQUENCY_REQUIRED),
      tzOffsetMinutes: z.number().int().min(-840).max(840).default(0),
      closeRule: z.enum(CLOSE_RULES).default("manual"),
      closeSpan: z.number({ error: SPAN_REQUIRED }).int(SPAN_REQUIRED).min(1, SPAN_REQUIRED).max(10_000, SPAN_REQUIRED).optional(),
      closeUnit: z.enum(CLOSE_UNITS, { error: UNIT_REQUIRED }).optional(),
      closeAt: z.string().trim().optional(),
      launchMessage: message,
      reminderMessage: message,
    })
    .superRefine((form, ctx) => {
      const start = parseLocalDateTime(form.startDate, form.tzOffsetMinutes);
      if (start === null) ctx.addIssue({ code: "custom", path: ["startDate"], message: DATE_TIME_INVALID });
      else if (start < now - START_GRACE_MS) ctx.addIssue({ code: "custom", path: ["startDate"], message: START_IN_PAST });
      if (start !== null && (!isFrequency(form.frequency) || !frequencyFits(start, form.tzOffsetMinutes, form.frequency))) {
        ctx.addIssue({ code: "custom", path: ["frequency"], message: FREQUENCY_UNFIT });
      }
      if (form.closeRule === "automatic") {
        if (form.closeSpan === undefined) ctx.addIssue({ code: "custom", path: ["closeSpan"], message: SPAN_REQUIRED });
        if (form.closeUnit === undefined) ctx.addIssue({ code: "custom", path: ["closeUnit"], message: UNIT_REQUIRED });
      }
      if (form.closeRule === "onSpecificTime") {
        if (!form.closeAt) {
          ctx.addIssue({ code: "custom", path: ["closeAt"], message: CLOSE_AT_REQUIRED });
          return;
        }
        const closeAt = parseLocalDateTime(form.closeAt, form.tzOffsetMinutes);
        if (closeAt === null) ctx.addIssue({ code: "custom", path: ["closeAt"], message: DATE_TIME_INVALID });
        else if (start !== null && closeAt <= start) ctx.addIssue({ code: "custom", path: ["closeAt"], message: CLOSE_AT_BEFORE_START });
      }
    });
}
export type SchedulerForm = z.infer<ReturnType<typeof schedulerSchema>>;

/** The form's values as strings, as the page's fields hold them. */
export interface SchedulerValues {
  startDate: string;
  frequency: string;
  tzOffsetMinutes: string;
  closeRule: string;
  closeSpan: string;
  closeUnit: string;
  closeAt: string;
  launchMessage: string;
  reminderMessage: string;
}
