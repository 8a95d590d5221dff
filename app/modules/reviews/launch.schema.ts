import { z } from "zod";
import { sharedCopy } from "~/lib/copy";
import type { ShareConfig, ShareManualBy } from "./campaign-machine";

/**
 * The Launch Review form (000 §3 "Launch form", §5 launch rules), client-safe: the page validates
 * with it before submitting and the action validates again. A draft needs only a title and a
 * workspace (or group); launching needs every rule.
 */

const REQUIRED = sharedCopy.required;
export const DATE_IN_PAST = "The date-time should not be in past.";
export const END_BEFORE_START = "The end date-time should not be before start date-time.";
export const REVIEWS_PATH = "/reviews/manage-reviews";
export const LAUNCH_PATH = `${REVIEWS_PATH}/launch-review`;
export const draftPath = (id: string) => `${REVIEWS_PATH}/draft/${encodeURIComponent(id)}`;

/** Pairs shown per page of the launch form's audience list. */
export const AUDIENCE_PAGE_SIZE = 50;

/** Who may share a completed result by hand (manual sharing). */
export const MANUAL_SHARERS: Array<{ value: ShareManualBy; label: string }> = [
  { value: "reviewer", label: "The reviewer, with the reviewee" },
  { value: "manager", label: "The reviewee's manager, with the reviewee" },
];
/** Automated sharing: the reviewees and the relationships of 002 (My Team's managers, custom ones as `relationship:{id}`). */
export const SHARE_WITH_BUILT_IN = [
  { value: "reviewees", label: "Reviewees" },
  { value: "managers", label: "Managers of reviewees" },
] as const;
export const SHARE_AFTER = [
  { value: "submit", label: "After each review is submitted" },
  { value: "close", label: "After the review closes" },
] as const;

/** `<input type="datetime-local">` values; the page states that times are UTC. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
export function parseDateTime(value: string | undefined): number | null {
  if (!value || !DATE_TIME.test(value)) return null;
  const ms = Date.parse(`${value.length === 16 ? `${value}:00` : value}Z`);
  return Number.isNaN(ms) ? null : ms;
}
export function formatDateTime(ms: number | null): string {
  return ms === null ? "" : new Date(ms).toISOString().slice(0, 16);
}

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).default(false);
const list = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item)).default([]);
const optionalText = z.string().trim().max(100).optional();
const dateText = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || parseDateTime(v) !== null, { message: "Enter a date and time." });

const fields = {
  title: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, "At most 200 characters."),
  channel: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100),
  reviewTemplate: optionalText,
  startDate: dateText,
  endDate: dateText,
  anonymous: checkbox,
  isAutomaticCloseOnEndDate: checkbox,
  shareResults: checkbox,
  shareWithType: z.enum(["manual", "automated"]).optional(),
  canShareResult: list(z.enum(["reviewer", "manager"])),
  shareResultWith: list(z.string().max(100)),
  shareResultAfter: z.enum(["submit", "close"]).optional(),
  audienceFilter: z.enum(["all", "departments"]).default("all"),
  departments: list(z.string().max(100)),
};

/** A draft is saved once it has a title and a workspace (group) (000 §4). */
export const DraftFormSchema = z.object(fields);
export type DraftForm = z.infer<typeof DraftFormSchema>;

/** Launching or scheduling checks every rule of 000 §5 against `now`. */
export function launchFormSchema(now: number) {
  return DraftFormSchema.extend({ reviewTemplate: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100) }).superRefine(
    (form, ctx) => {
      const start = parseDateTime(form.startDate);
      const end = parseDateTime(form.endDate);
      // A minute's grace: the field has minute precision and the person took a moment to confirm.
      if (start !== null && start < now - 60_000) ctx.addIssue({ code: "custom", path: ["startDate"], message: DATE_IN_PAST });
      if (end !== null && end < now) ctx.addIssue({ code: "custom", path: ["endDate"], message: DATE_IN_PAST });
      else if (end !== null && start !== null && end <= start)
        ctx.addIssue({ code: "custom", path: ["endDate"], message: END_BEFORE_START });
      if (form.isAutomaticCloseOnEndDate && end === null) ctx.addIssue({ code: "custom", path: ["endDate"], message: REQUIRED });
      if (!form.shareResults) return;
      if (!form.shareWithType) ctx.addIssue({ code: "custom", path: ["shareWithType"], message: REQUIRED });
      if (form.shareWithType === "manual" && form.canShareResult.length === 0)
        ctx.addIssue({ code: "custom", path: ["canShareResult"], message: REQUIRED });
      if (form.shareWithType === "automated") {
        if (form.shareResultWith.length === 0) ctx.addIssue({ code: "custom", path: ["shareResultWith"], message: REQUIRED });
        if (!form.shareResultAfter) ctx.addIssue({ code: "custom", path: ["shareResultAfter"], message: REQUIRED });
      }
    }
  );
}

/** The launch form's settings a draft keeps (000 §3 "Launch form"); the audience is changed apart. */
export interface DraftFields {
  title: string;
  workspaceId: string | null;
  groupId: string | null;
  templateId: string | null;
  startAt: number | null;
  endAt: number | null;
  anonymous: boolean;
  automaticClose: boolean;
  shareConfig: ShareConfig | null;
  departmentFilter: string[] | null;
}

/** The share settings a form describes, or null when results are not shared (or not fully chosen yet). */
export function shareConfigOf(form: DraftForm): ShareConfig | null {
  if (!form.shareResults || !form.shareWithType) return null;
  if (form.shareWithType === "manual") return { type: "manual", canShare: form.canShareResult };
  return { type: "automated", shareWith: form.shareResultWith, after: form.shareResultAfter ?? "close" };
}

/** The form's values for a saved draft (the inverse of the above), for the page's defaults. */
export function formValuesOf(draft: DraftFields) {
  const share = draft.shareConfig;
  return {
    title: draft.title,
    channel: draft.workspaceId ?? draft.groupId ?? "",
    reviewTemplate: draft.templateId ?? "",
    startDate: formatDateTime(draft.startAt),
    endDate: formatDateTime(draft.endAt),
    anonymous: draft.anonymous ? "on" : "",
    isAutomaticCloseOnEndDate: draft.automaticClose ? "on" : "",
    shareResults: share ? "on" : "",
    shareWithType: share?.type ?? "manual",
    canShareResult: share?.type === "manual" ? share.canShare : (["reviewer"] as ShareManualBy[]),
    shareResultWith: share?.type === "automated" ? share.shareWith : [],
    shareResultAfter: share?.type === "automated" ? share.after : "close",
    audienceFilter: draft.departmentFilter ? "departments" : "all",
    departments: draft.departmentFilter ?? [],
  };
}
