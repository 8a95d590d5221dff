import type { ObjectivesAudienceType } from "./objective-types";

/**
 * The objectives campaign's rules (001 §5), zod-free so the form's schema (both sides) and the
 * single writer's plan check the same things with the same words.
 */
export const CAMPAIGN_MESSAGES = {
  title: "Title is required",
  start: "Start date and time must be set to the current moment or a future date and time.",
  end: "End date must be the same as or later than the start date.",
  audience: "At least one audience type must be selected",
  users: "At least one user must be selected when 'Users' audience is chosen.",
  notify: "Either 'Notify Managers' or 'Notify Employee' must be selected.",
} as const;

/** What the form posts, parsed (dates in ms, UTC; null when missing or not a date). */
export interface CampaignFields {
  title: string;
  startAt: number | null;
  endAt: number | null;
  audienceType: ObjectivesAudienceType | null;
  audienceUserIds: readonly string[];
  notifyEmployees: boolean;
  notifyManagers: boolean;
}

export type CampaignField = "title" | "startDate" | "endDate" | "audienceType" | "audienceUserIds" | "notify";

const MINUTE = 60_000;

/**
 * Each refused field with its message (empty: the fields may be saved). `now` is compared by the
 * minute: the date-and-time field has minutes, so "the current moment" is the current minute.
 * `checkStart` is false when the start no longer matters (a launched campaign's update keeps it).
 */
export function campaignErrors(fields: CampaignFields, now: number, checkStart = true): Partial<Record<CampaignField, string>> {
  const errors: Partial<Record<CampaignField, string>> = {};
  if (fields.title.trim() === "") errors.title = CAMPAIGN_MESSAGES.title;
  if (checkStart && (fields.startAt === null || fields.startAt < Math.floor(now / MINUTE) * MINUTE)) errors.startDate = CAMPAIGN_MESSAGES.start;
  if (fields.endAt === null || (fields.startAt !== null && fields.endAt < fields.startAt)) errors.endDate = CAMPAIGN_MESSAGES.end;
  if (fields.audienceType === null) errors.audienceType = CAMPAIGN_MESSAGES.audience;
  else if (fields.audienceType === "users" && fields.audienceUserIds.length === 0) errors.audienceUserIds = CAMPAIGN_MESSAGES.users;
  if (!fields.notifyEmployees && !fields.notifyManagers) errors.notify = CAMPAIGN_MESSAGES.notify;
  return errors;
}

/** How many chosen people one campaign may name (a larger audience is the company's). */
export const MAX_AUDIENCE_USERS = 2000;
