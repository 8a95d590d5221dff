import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { sharedCopy } from "~/lib/copy";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission, type Viewer } from "~/modules/auth/session.server";
import { PICKER_SEARCH_PARAM } from "~/modules/people/search";
import { chosenPeople, searchPeople } from "~/modules/people/search.server";
import { parseLocalDateTime } from "~/modules/surveys/schedule";
import { configPath, MANAGE_LOOPS_PATH, type SectionReply } from "./config-page";
import {
  clearAudience,
  configPage,
  loadLibraryLoop,
  saveAnonymity,
  saveAudience,
  saveDeadline,
  saveDelivery,
  saveFeedbackFor,
  saveFeedbackType,
  saveMessage,
  saveSchedule,
  uploadPairs,
  type LibraryLoop,
  type Saved,
} from "./config.server";
import { CONFIG_INTENTS, configSchema, pairOf, type ConfigIntent } from "./config.schema";
import { launchLibraryLoop } from "./launch.server";
import { isTemplateType, TEMPLATE_TYPE_LABELS } from "./loop-types";

/**
 * The configuration page's loader and action (002 §2.4): /workflows/library/:templateType/
 * :feedbackLibraryLoopId/config, gated by ViewFeedbackLoops; a loop of another company (or of
 * another template type than the path says) is a 404. Each form posts its `intent`; with
 * JavaScript (`js=1`, a fetcher) a save answers the loop as saved, without it a redirect back.
 */

const notFound = () => new Response("Not Found", { status: 404 });

async function loopOf(request: Request, context: LoaderFunctionArgs["context"], params: LoaderFunctionArgs["params"]) {
  const viewer = await requirePermission(request, context, "ViewFeedbackLoops");
  const templateType = params.templateType ?? "";
  if (!isTemplateType(templateType)) return { viewer, loop: null, unknownType: true } as const;
  const loop = await loadLibraryLoop(context.db, viewer.company.id, params.feedbackLibraryLoopId ?? "");
  if (!loop || loop.templateType !== templateType) throw notFound();
  return { viewer, loop, unknownType: false } as const;
}

export async function configLoader({ request, context, params }: LoaderFunctionArgs) {
  const { viewer, loop } = await loopOf(request, context, params);
  if (!loop) return data({ page: null, confirm: false, crumbLabels: {} }, { status: 404 });
  const page = await configPage(context.db, viewer, loop);
  const confirm = new URL(request.url).searchParams.get("launch") === "confirm";
  return data({
    page,
    confirm,
    crumbLabels: { feedbackLibraryLoopId: loop.title, templateType: TEMPLATE_TYPE_LABELS[loop.templateType] },
  });
}

const SECTION_ANCHOR: Partial<Record<ConfigIntent, string>> = {
  clearAudience: "audience",
  clearDeadline: "deadline",
  clearSchedule: "schedule",
};

export async function configAction({ request, context, params }: ActionFunctionArgs) {
  const { viewer, loop } = await loopOf(request, context, params);
  if (!loop) throw notFound();
  const db = context.db;
  const formData = await request.formData();
  const js = formData.get("js") === "1";
  const intent = CONFIG_INTENTS.find((known) => known === formData.get("intent"));
  if (!intent) throw new Response("Invalid intent", { status: 400 });
  const here = configPath(loop.templateType, loop.id);
  const fresh = async () => {
    const reloaded = await loadLibraryLoop(db, viewer.company.id, loop.id);
    return reloaded ? configPage(db, viewer, reloaded) : undefined;
  };

  // Without JavaScript a people picker searches by submitting its form: answer the matches, write nothing.
  const searched = formData.get(PICKER_SEARCH_PARAM);
  if (typeof searched === "string" && searched) {
    const query = String(formData.get(searched) ?? "");
    const submission = parseWithZod(formData, { schema: z.object({}).passthrough() });
    const matches = await searchPeople(db, viewer, "loop-people", query);
    const chosenIds = formData.getAll(searched === "usersQuery" ? "users" : searched === "senderQuery" ? "newSender" : "newReceiver");
    const chosen = await chosenPeople(db, viewer, "loop-people", chosenIds.map(String));
    return data<SectionReply>({ intent, result: submission.reply(), search: { queryName: searched, query, matches, chosen } });
  }

  if (intent === "upload") {
    const outcome = await uploadPairs(db, loop, formData.get("file"));
    const reply: SectionReply = {
      intent,
      unverified: outcome.unverified,
      uploadMessage: outcome.ok ? sharedCopy.loopPairsUploaded(outcome.added) : outcome.message,
      uploadOk: outcome.ok,
      page: outcome.ok && js ? await fresh() : undefined,
    };
    return data(reply, { status: outcome.ok ? 200 : 400 });
  }

  if (intent === "launch") {
    const outcome = await launchLibraryLoop(context, viewer, loop.id, context.requestId);
    if (!outcome.ok) return data<SectionReply>({ intent, launchError: outcome.message }, { status: 400 });
    const toast = outcome.errorInfo.length
      ? { type: "error" as const, message: outcome.message, errorInfo: outcome.errorInfo }
      : { type: "success" as const, message: outcome.message };
    return redirectWithToast(MANAGE_LOOPS_PATH, toast, { request });
  }

  const submission = parseWithZod(formData, { schema: configSchema(Date.now()) });
  if (submission.status !== "success") return data<SectionReply>({ intent, result: submission.reply() }, { status: 400 });
  const saved = await save(db, viewer, loop, submission.value);
  if (!saved.ok) return data<SectionReply>({ intent, result: submission.reply({ fieldErrors: saved.fieldErrors }) }, { status: 400 });
  if (js) return data<SectionReply>({ intent, result: submission.reply(), page: await fresh() });
  return redirectWithToast(`${here}#${SECTION_ANCHOR[intent] ?? intent}`, { type: "success", message: sharedCopy.loopConfigSaved }, { request });
}

async function save(db: LoaderFunctionArgs["context"]["db"], viewer: Viewer, loop: LibraryLoop, value: z.infer<ReturnType<typeof configSchema>>): Promise<Saved> {
  switch (value.intent) {
    case "feedbackType":
      return saveFeedbackType(db, viewer, loop, value.workflowType);
    case "audience":
      return saveAudience(db, viewer, loop, value);
    case "clearAudience":
      await clearAudience(db, loop);
      return { ok: true };
    case "feedbackFor": {
      const newPair = value.newSender && value.newReceiver ? { senderId: value.newSender, receiverId: value.newReceiver } : null;
      return saveFeedbackFor(db, loop, { feedbackFor: value.feedbackFor, pairs: value.pairs.map(pairOf), newPair });
    }
    case "anonymity":
      return saveAnonymity(db, loop, value.anonymity === "anonymous");
    case "deadline":
      return saveDeadline(db, loop, parseLocalDateTime(value.deadline, value.tzOffsetMinutes), value.tzOffsetMinutes);
    case "clearDeadline":
      return saveDeadline(db, loop, null, loop.tzOffsetMinutes);
    case "schedule":
      return saveSchedule(db, loop, parseLocalDateTime(value.startDate, value.tzOffsetMinutes), value.frequency, value.tzOffsetMinutes);
    case "clearSchedule":
      return saveSchedule(db, loop, null, "does-not-repeat", loop.tzOffsetMinutes);
    case "message":
      return saveMessage(db, loop, value.notificationMessage);
    case "delivery":
      return saveDelivery(db, loop, value.delivery);
    case "launch":
      return { ok: true };
  }
}
