import { z } from "zod";
import { OBJECTIVES_AUDIENCE_TYPES } from "./objective-types";
import { campaignErrors, MAX_AUDIENCE_USERS, type CampaignField, type CampaignFields } from "./campaign-rules";

/**
 * The objectives campaign form (001 §2, §4, §5): one zod union over the four actions, each a
 * submit button's intent, checked in the browser (Conform) and again by the action with the same
 * rules (campaign-rules.ts). Dates are `<input type="datetime-local">` values read as UTC.
 */

export const CAMPAIGN_INTENTS = ["create", "createAndLaunch", "update", "launch"] as const;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
export function parseDateTime(value: string | undefined | null): number | null {
  if (!value || !DATE_TIME.test(value)) return null;
  const ms = Date.parse(`${value.length === 16 ? `${value}:00` : value}Z`);
  return Number.isNaN(ms) ? null : ms;
}
export const formatDateTime = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString().slice(0, 16));

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).default(false);
const id = z.string().trim().min(1).max(100);
const list = z
  .preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(id).max(MAX_AUDIENCE_USERS, `At most ${MAX_AUDIENCE_USERS} people.`))
  .default([]);

const fields = {
  requestId: id,
  title: z.string().trim().max(200, "At most 200 characters.").default(""),
  startDate: z.string().trim().max(30).optional(),
  endDate: z.string().trim().max(30).optional(),
  audienceType: z.enum(OBJECTIVES_AUDIENCE_TYPES).optional(),
  audienceUserIds: list,
  notifyEmployees: checkbox,
  notifyManagers: checkbox,
};

const union = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...fields }),
  z.object({ intent: z.literal("createAndLaunch"), ...fields }),
  z.object({ intent: z.literal("update"), ...fields }),
  z.object({ intent: z.literal("launch"), ...fields }),
]);
export type CampaignFormValue = z.infer<typeof union>;

export function fieldsOf(value: Omit<CampaignFormValue, "intent" | "requestId">): CampaignFields {
  return {
    title: value.title ?? "",
    startAt: parseDateTime(value.startDate),
    endAt: parseDateTime(value.endDate),
    audienceType: value.audienceType ?? null,
    audienceUserIds: value.audienceUserIds ?? [],
    notifyEmployees: value.notifyEmployees ?? false,
    notifyManagers: value.notifyManagers ?? false,
  };
}

/** Where each rule's message shows on the form. */
export const FIELD_PATH: Record<CampaignField, string> = {
  title: "title",
  startDate: "startDate",
  endDate: "endDate",
  audienceType: "audienceType",
  audienceUserIds: "audienceUserIds",
  notify: "notifyEmployees",
};

/**
 * The form's schema at `now`. A launched campaign (`launched`) keeps its start and audience, so
 * only the other rules apply to its update.
 */
export function campaignSchema(now: number, launched = false) {
  return union.superRefine((value, ctx) => {
    const stored = launched ? { startAt: 0, audienceType: "company" as const, audienceUserIds: [] } : {};
    const errors = campaignErrors({ ...fieldsOf(value), ...stored }, now, !launched);
    for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: "custom", path: [FIELD_PATH[field as CampaignField]], message });
  });
}
