import type { ObjectivesAudienceType, ObjectivesCampaignState } from "./objective-types";
import type { CampaignFields } from "./campaign-rules";

/**
 * The rows of an objectives campaign, zod-free: the single writer's plans and the demo seed build
 * them here so demo data is what the product writes.
 */
export interface CampaignRecord {
  id: string;
  companyId: string;
  title: string;
  startAt: number;
  endAt: number;
  audienceType: ObjectivesAudienceType;
  audienceUserIds: string[];
  notifyEmployees: boolean;
  notifyManagers: boolean;
  state: ObjectivesCampaignState;
  createdBy: string;
  launchedAt: number | null;
  launchedBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface ParticipantRecord {
  companyId: string;
  campaignId: string;
  userId: string;
  state: "pending";
  createdAt: number;
}

/** Checked fields (campaignErrors found nothing) as the saved campaign. */
export function campaignRecord(
  fields: CampaignFields,
  at: { id: string; companyId: string; actorId: string; now: number; launch: boolean }
): CampaignRecord {
  const users = fields.audienceType === "users" ? [...new Set(fields.audienceUserIds)] : [];
  return {
    id: at.id,
    companyId: at.companyId,
    title: fields.title.trim(),
    startAt: fields.startAt!,
    endAt: fields.endAt!,
    audienceType: fields.audienceType!,
    audienceUserIds: users,
    notifyEmployees: fields.notifyEmployees,
    notifyManagers: fields.notifyManagers,
    state: at.launch ? "launched" : "draft",
    createdBy: at.actorId,
    launchedAt: at.launch ? at.now : null,
    launchedBy: at.launch ? at.actorId : null,
    createdAt: at.now,
    updatedAt: at.now,
  };
}

/** A launch's participants: each active person of the audience once, pending. */
export function participantRecords(campaign: Pick<CampaignRecord, "id" | "companyId">, userIds: readonly string[], now: number): ParticipantRecord[] {
  return [...new Set(userIds)].map((userId) => ({ companyId: campaign.companyId, campaignId: campaign.id, userId, state: "pending", createdAt: now }));
}

/** Where a campaign's row opens from the list (001 §2): a draft's form, else its manage page. */
export function campaignPath(campaign: { id: string; state: ObjectivesCampaignState }) {
  const id = encodeURIComponent(campaign.id);
  return campaign.state === "draft" ? `/objective-campaigns/draft/${id}` : `/objective-campaigns/manage/${id}`;
}

/** The day (UTC) a reminder counts for: one reminder per person per day. */
export const reminderDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/** The participants told to set their objectives link here (the OKR page). */
export const OKR_PATH = "/objective-campaign/okr";
export const CAMPAIGNS_PATH = "/objective-campaigns";
