import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { sharedCopy } from "~/lib/copy";
import { redirectWithToast } from "~/lib/toast.server";
import type { Viewer } from "~/modules/auth/session.server";
import { PICKER_SEARCH_PARAM } from "~/modules/people/search";
import { chosenPeople, searchPeople } from "~/modules/people/search.server";
import { campaignParticipants, findCampaign, listCampaigns, participantFilterOf, PARTICIPANTS_PAGE, type CampaignRow } from "./campaign-reads.server";
import { campaignPath, CAMPAIGNS_PATH } from "./campaign-records";
import { campaignSchema, fieldsOf, FIELD_PATH, formatDateTime } from "./campaign.schema";
import type { CampaignAnswer, CampaignCommand } from "./campaign-writes.server";
import type { CampaignField } from "./campaign-rules";
import { objectivesCampaignWriter } from "./writer.server";

/**
 * The objectives campaign pages' loaders and actions (001 §2): the routes stay thin. Every
 * change goes through the campaign's single writer with the form's request id, so a form sent
 * twice acts once.
 */

const TEXTS = sharedCopy.objectiveCampaigns;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const notFound = () => new Response("Not Found", { status: 404 });
export const USERS_QUERY = "usersQuery";

export const managePath = (id: string) => `${CAMPAIGNS_PATH}/manage/${encodeURIComponent(id)}`;
export const draftPath = (id: string) => `${CAMPAIGNS_PATH}/draft/${encodeURIComponent(id)}`;
export const editPath = (id: string) => `${CAMPAIGNS_PATH}/launch-review?objectivesCampaignId=${encodeURIComponent(id)}`;

export async function campaignListData(context: AppLoadContext, viewer: Viewer) {
  const rows = await listCampaigns(context.db, viewer.company.id);
  return { rows: rows.map((r) => ({ ...r, href: campaignPath(r) })) };
}

async function writeCampaign(context: AppLoadContext, viewer: Viewer, requestId: string, command: CampaignCommand): Promise<CampaignAnswer> {
  return objectivesCampaignWriter(context, command.campaignId).campaign(
    { requestId, companyId: viewer.company.id, actorId: viewer.user.id },
    command
  ) as Promise<CampaignAnswer>;
}

/** The campaign a form URL names: draft/:id, or launch-review?objectivesCampaignId= (null: a new one). */
async function formCampaign(context: AppLoadContext, viewer: Viewer, paramId: string | undefined, url: URL) {
  const id = paramId ?? url.searchParams.get("objectivesCampaignId");
  if (id === null || id === undefined) return null;
  const found = await findCampaign(context.db, viewer.company.id, id);
  if (!found) throw notFound();
  return found;
}

function formView(c: CampaignRow | null) {
  return c
    ? {
        id: c.id,
        state: c.state,
        title: c.title,
        startDate: formatDateTime(c.startAt.getTime()),
        endDate: formatDateTime(c.endAt.getTime()),
        audienceType: c.audienceType,
        audienceUserIds: c.audienceUserIds ?? [],
        notifyEmployees: c.notifyEmployees,
        notifyManagers: c.notifyManagers,
      }
    : null;
}

export async function campaignFormData(context: AppLoadContext, viewer: Viewer, paramId: string | undefined, url: URL) {
  const campaign = await formCampaign(context, viewer, paramId, url);
  // A launched campaign is edited from launch-review?objectivesCampaignId=; its draft address shows its manage page.
  if (campaign && paramId && campaign.state !== "draft") throw redirect(managePath(campaign.id));
  const chosen = campaign ? await chosenPeople(context.db, viewer, "campaign-people", campaign.audienceUserIds ?? []) : [];
  return {
    campaign: formView(campaign),
    chosen,
    newId: crypto.randomUUID(),
    requestId: crypto.randomUUID(),
    platform: viewer.company.platform,
  };
}

export type FormReply = {
  result: ReturnType<Awaited<ReturnType<typeof parseWithZod>>["reply"]>;
  error: string | null;
  search?: { query: string; matches: Awaited<ReturnType<typeof searchPeople>>; chosen: Awaited<ReturnType<typeof chosenPeople>> };
};

export async function campaignFormAction(context: AppLoadContext, viewer: Viewer, request: Request, paramId: string | undefined) {
  const url = new URL(request.url);
  const campaign = await formCampaign(context, viewer, paramId, url);
  const formData = await request.formData();
  const launched = campaign?.state === "launched";

  // Without JavaScript the people picker's Search button sends the form: answer with the matches, save nothing.
  if (formData.getAll(PICKER_SEARCH_PARAM).includes(USERS_QUERY)) {
    const query = String(formData.get(USERS_QUERY) ?? "");
    const submission = parseWithZod(formData, { schema: campaignSchema(Date.now(), launched) });
    const matches = await searchPeople(context.db, viewer, "campaign-people", query);
    const chosen = await chosenPeople(context.db, viewer, "campaign-people", formData.getAll("audienceUserIds").map(String));
    return data<FormReply>({ result: submission.reply({ resetForm: false, formErrors: [] }) as FormReply["result"], error: null, search: { query, matches, chosen } });
  }

  const now = Date.now();
  const submission = parseWithZod(formData, { schema: campaignSchema(now, launched) });
  if (submission.status !== "success") return data<FormReply>({ result: submission.reply() as FormReply["result"], error: null }, { status: 400 });
  const value = submission.value;
  const creating = value.intent === "create" || value.intent === "createAndLaunch";
  if (creating && campaign) return data<FormReply>({ result: submission.reply() as FormReply["result"], error: TEXTS.alreadyLaunched }, { status: 400 });
  if (!creating && !campaign) throw notFound();
  let campaignId: string;
  if (campaign) campaignId = campaign.id;
  else {
    campaignId = String(formData.get("newId") ?? "");
    if (!UUID.test(campaignId)) throw new Response("Bad Request", { status: 400 });
  }
  const answer = await writeCampaign(context, viewer, value.requestId, { kind: "save", intent: value.intent, campaignId, fields: fieldsOf(value), now });
  if (!answer.ok) {
    if (answer.notFound) throw notFound();
    const fieldErrors = Object.fromEntries(Object.entries(answer.fieldErrors ?? {}).map(([f, m]) => [FIELD_PATH[f as CampaignField], [m]]));
    return data<FormReply>(
      { result: submission.reply({ fieldErrors, formErrors: answer.fieldErrors ? [] : [answer.message] }) as FormReply["result"], error: answer.message },
      { status: 400 }
    );
  }
  const to = answer.state === "launched" ? managePath(answer.campaignId) : draftPath(answer.campaignId);
  return redirectWithToast(to, { type: "success", message: answer.message }, { request });
}

// ---------------------------------------------------------------------------------------------
// Manage page
// ---------------------------------------------------------------------------------------------

async function launchedCampaign(context: AppLoadContext, viewer: Viewer, id: string | undefined) {
  const campaign = await findCampaign(context.db, viewer.company.id, id ?? "");
  if (!campaign) throw notFound();
  if (campaign.state === "draft") throw redirect(draftPath(campaign.id));
  return campaign;
}

export async function campaignManageData(context: AppLoadContext, viewer: Viewer, id: string | undefined, url: URL) {
  const campaign = await launchedCampaign(context, viewer, id);
  const filter = participantFilterOf(url);
  const list = await campaignParticipants(context.db, campaign, filter);
  return {
    campaign: {
      id: campaign.id,
      title: campaign.title,
      startAt: campaign.startAt.getTime(),
      endAt: campaign.endAt.getTime(),
      audienceType: campaign.audienceType,
      notifyEmployees: campaign.notifyEmployees,
      notifyManagers: campaign.notifyManagers,
      launchedAt: campaign.launchedAt?.getTime() ?? null,
    },
    filter,
    ...list,
    pages: Math.max(1, Math.ceil(list.total / PARTICIPANTS_PAGE)),
    requestId: crypto.randomUUID(),
    crumbLabels: { objectivesCampaignId: campaign.title },
  };
}

export async function campaignManageAction(context: AppLoadContext, viewer: Viewer, request: Request, id: string | undefined) {
  const campaign = await launchedCampaign(context, viewer, id);
  const formData = await request.formData();
  const url = new URL(request.url);
  const back = `${managePath(campaign.id)}${url.search}`;
  const requestId = String(formData.get("requestId") ?? "");
  const userId = formData.get("userId");
  if (formData.get("intent") !== "remind" || !requestId || requestId.length > 200 || (userId !== null && (typeof userId !== "string" || !userId || userId.length > 100))) {
    return redirectWithToast(back, { type: "error", message: "Choose whom to remind." }, { request });
  }
  // One request id serves the page's buttons: each person's reminder (or all) is its own request.
  const answer = await writeCampaign(context, viewer, `${requestId}:${typeof userId === "string" ? userId : "all"}`, { kind: "remind", campaignId: campaign.id, userId: (userId as string | null) ?? null, now: Date.now() });
  if (!answer.ok && answer.notFound) throw notFound();
  return redirectWithToast(back, { type: answer.ok ? "success" : "error", message: answer.message }, { request });
}
