import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { objectivesCopy } from "~/lib/copy";
import { redirectWithToast } from "~/lib/toast.server";
import type { Viewer } from "~/modules/auth/session.server";
import { okrPageSchema } from "./objective.schema";
import type { ActualAnswer, ObjectiveAnswer } from "./objective-writes.server";
import type { ObjectiveKind } from "./objective-types";
import { activeCampaign, objectiveSet, type ObjectiveSet } from "./okr-page.server";
import { objectivesCampaignWriter } from "./writer.server";

/** Which of the two pages: the OKR page lists OKRs, the performance-contract page the contracts (001 §2). */
export const kindOfPath = (pathname: string): ObjectiveKind => (pathname.endsWith("/performance-contract") ? "performance-contract" : "okr");

/** The form dialogs as page states: `?objective=new`, `?objective=<id>&objectiveAction=edit|delete`. */
export type ObjectiveDialog = { kind: "new" } | { kind: "edit" | "delete"; objectiveId: string };

const json = <T,>(value: T) => JSON.parse(JSON.stringify(value)) as T;

/**
 * The OKR or performance-contract page (001 §2, ViewTodosPage): the viewer's active campaign and
 * their objectives in it; the request id the page's forms carry (a fresh one per render, so a
 * resent form acts once and the next form is its own change).
 */
export async function loadOkrPage(context: AppLoadContext, viewer: Viewer, url: URL) {
  const db = context.db;
  const kind = kindOfPath(url.pathname);
  const campaign = await activeCampaign(db, viewer.company.id, viewer.user.id);
  const set: ObjectiveSet | null = campaign ? await objectiveSet(db, viewer.company.id, viewer.user.id, campaign.id) : null;
  const editable = campaign ? campaign.state !== "approved" : false;
  const wanted = url.searchParams.get("objective");
  const action = url.searchParams.get("objectiveAction");
  let dialog: ObjectiveDialog | null = null;
  if (campaign && editable && wanted === "new") dialog = { kind: "new" };
  else if (campaign && editable && wanted && set?.objectives.some((o) => o.id === wanted && o.kind === kind)) {
    if (action === "edit" || action === "delete") dialog = { kind: action, objectiveId: wanted };
  }
  return {
    kind,
    platform: viewer.company.platform,
    campaign: campaign
      ? {
          id: campaign.id,
          title: campaign.title,
          startAt: campaign.startAt.getTime(),
          endAt: campaign.endAt.getTime(),
          state: campaign.state,
        }
      : null,
    editable,
    set: set ? json(set) : null,
    dialog,
    requestId: crypto.randomUUID(),
  };
}

export type OkrPageData = Awaited<ReturnType<typeof loadOkrPage>>;

const notFound = () => new Response("Not Found", { status: 404 });

/**
 * The page's forms, through the campaign's single writer: the form is checked with the page's
 * zod union first (nothing reaches the writer otherwise), then the writer checks again what it
 * stores. An autosaved actual (`autosave=1`, from the page's fetcher) answers with data instead
 * of a redirect.
 */
export async function runOkrAction(request: Request, context: AppLoadContext, viewer: Viewer) {
  const url = new URL(request.url);
  const form = await request.formData();
  const autosave = form.get("autosave") === "1";
  const submission = parseWithZod(form, { schema: okrPageSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), ok: false as const }, { status: 400 });
  const value = submission.value;
  const campaign = await activeCampaign(context.db, viewer.company.id, viewer.user.id);
  if (!campaign) return notFound();
  const writer = objectivesCampaignWriter(context, campaign.id);
  const asker = { requestId: value.requestId, companyId: viewer.company.id, actorId: viewer.user.id };
  const refuse = (message: string) => data({ result: submission.reply({ formErrors: [message] }), ok: false as const }, { status: 400 });

  if (value.intent === "saveActual") {
    const answer = (await writer.saveActual(asker, { campaignId: campaign.id, keyResultId: value.keyResultId, value: value.actual, comment: value.comment ?? null })) as ActualAnswer;
    if (!answer.ok) return answer.notFound ? notFound() : refuse(answer.message);
    if (autosave) return data({ result: submission.reply(), ok: true as const });
    return redirectWithToast(url.pathname, { type: "success", message: objectivesCopy.actualSaved }, { request });
  }

  const command =
    value.intent === "saveObjective"
      ? {
          kind: "save" as const,
          isNew: !value.objectiveId,
          objective: {
            id: value.objectiveId ?? crypto.randomUUID(),
            docType: value.kind,
            name: value.name,
            description: value.description ?? null,
            weight: value.weight,
            keyResults: value.keyResults.map((k) => ({
              id: k.id ?? crypto.randomUUID(),
              name: k.name,
              description: k.description ?? null,
              period: k.period ?? null,
              subRole: k.subRole ?? null,
              client: k.client ?? null,
              industry: k.industry ?? null,
              incomeStatement: k.incomeStatement,
              target: k.target,
              startValue: k.startValue,
              unit: k.unit ?? null,
              direction: k.direction ?? null,
            })),
          },
        }
      : value.intent === "deleteObjective"
        ? { kind: "delete" as const, objectiveId: value.objectiveId }
        : { kind: "submit" as const };
  const answer = (await writer.objectives(asker, { campaignId: campaign.id, ...command })) as ObjectiveAnswer;
  if (!answer.ok) return answer.notFound ? notFound() : refuse(answer.message);
  return redirectWithToast(url.pathname, { type: "success", message: answer.message }, { request });
}
