import { objectivesAccess } from "~/modules/access/objectives.server";
import { activeCampaign, objectiveSet, type ObjectiveSet } from "~/modules/objectives/okr-page.server";
import type { ParticipantState } from "~/modules/objectives/objective-types";
import type { ProfileTabArgs } from "./tab-args";

export interface ObjectivesTabData {
  /** The viewer may read the person's objectives (the person, their manager, a reviews admin). */
  visible: boolean;
  campaign: { id: string; title: string; startAt: number; endAt: number; state: ParticipantState } | null;
  set: ObjectiveSet | null;
  /** The Approve button shows: a submitted set the viewer may approve. */
  mayApprove: boolean;
  /** The form's request id (fresh a render, so a resent form approves once). */
  requestId: string;
}

/**
 * The profile's Objectives tab: the person's objectives in their active objectives campaign with
 * key results or KPIs, progress and the set's state; where the viewer is their manager or a
 * reviews admin (My Team, Users), a submitted set is approved here.
 */
export async function loadObjectivesTab(args: ProfileTabArgs): Promise<ObjectivesTabData> {
  const db = args.context.db;
  const companyId = args.viewer.company.id;
  const [access, campaign] = await Promise.all([objectivesAccess(db, args.viewer, args.person.id), activeCampaign(db, companyId, args.person.id)]);
  const requestId = crypto.randomUUID();
  if (!access.see) return { visible: false, campaign: null, set: null, mayApprove: false, requestId };
  const set = campaign ? await objectiveSet(db, companyId, args.person.id, campaign.id) : null;
  return {
    visible: true,
    campaign: campaign
      ? { id: campaign.id, title: campaign.title, startAt: campaign.startAt.getTime(), endAt: campaign.endAt.getTime(), state: campaign.state }
      : null,
    set: set ? (JSON.parse(JSON.stringify(set)) as ObjectiveSet) : null,
    mayApprove: Boolean(campaign && campaign.state === "submitted" && access.approve),
    requestId,
  };
}
