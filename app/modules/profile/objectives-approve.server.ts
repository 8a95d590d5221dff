import { data } from "@remix-run/cloudflare";
import { objectivesCopy } from "~/lib/copy";
import { redirectWithToast } from "~/lib/toast.server";
import { mayApproveAnyObjectives, objectivesAccess } from "~/modules/access/objectives.server";
import type { ObjectiveAnswer } from "~/modules/objectives/objective-writes.server";
import { objectivesCampaignWriter } from "~/modules/objectives/writer.server";
import type { ProfileAction } from "./profile.schema";
import type { ProfileTabArgs } from "./tab-args";

/**
 * Approve a submitted set of objectives from the person's profile: the manager or a reviews
 * admin (the access module), through the campaign's single writer, which refuses one's own set
 * unless a reviews admin, a set not submitted, and another company's campaign.
 */
export async function approveObjectives(args: ProfileTabArgs, action: Extract<ProfileAction, { intent: "approveObjectives" }>) {
  const access = await objectivesAccess(args.context.db, args.viewer, args.person.id);
  const refuse = (message: string) => data({ result: { status: "error" as const, error: { "": [message] } } }, { status: 400 });
  if (!access.approve) return refuse(objectivesCopy.ownApproval);
  const answer = (await objectivesCampaignWriter(args.context, action.campaignId).objectives(
    { requestId: action.requestId, companyId: args.viewer.company.id, actorId: args.viewer.user.id },
    { campaignId: action.campaignId, kind: "approve", ownerId: args.person.id, mayApproveAny: mayApproveAnyObjectives(args.viewer) }
  )) as ObjectiveAnswer;
  if (!answer.ok) return answer.notFound ? new Response("Not Found", { status: 404 }) : refuse(answer.message);
  return redirectWithToast(args.url.pathname, { type: "success", message: answer.message }, { request: new Request(args.url) });
}
