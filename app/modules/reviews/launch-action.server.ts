import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { redirectWithToast } from "~/lib/toast.server";
import type { Viewer } from "~/modules/auth/session.server";
import { audienceMembers, membersByEmail } from "./audience.server";
import { AUDIENCE_REQUIRED, NOMINATIONS_NOT_STARTED } from "./campaign-machine";
import type { AudienceChange } from "./campaign-commands";
import { changeCampaign, type CampaignDetail } from "./campaigns.server";
import { draftFieldsOf, suggestedPairs } from "./launch.server";
import { draftPath, formValuesOf, launchFormSchema } from "./launch.schema";

/** The Launch Review action's steps (000 §2–§5): what an audience button asks for, launching a saved draft, and the answers. */


/** Which path answers: the draft's, once it exists. */
export const hereOf = (id: string, search = "") => `${draftPath(id)}${search}`;

/** What an audience button asks for; a string names a field whose person is not a member. */
export async function audienceChangeOf(
  intent: string,
  target: string,
  formData: FormData,
  context: AppLoadContext,
  viewer: Viewer,
  fields: ReturnType<typeof draftFieldsOf>
): Promise<AudienceChange | "launch" | "startNominations" | "cancelNominations" | string | null> {
  const ids = (name: string) => formData.getAll(name).filter((v): v is string => typeof v === "string" && v.length <= 100);
  // The workspace's (group's) people, read once however many fields name someone.
  let members: Promise<ReturnType<typeof membersByEmail>> | null = null;
  const member = async (name: string) => {
    const email = String(formData.get(name) ?? "")
      .trim()
      .toLowerCase();
    members ??= audienceMembers(context.db, viewer.company.id, fields).then(membersByEmail);
    return (await members).get(email)?.id ?? null;
  };
  switch (intent) {
    case "launch":
    case "startNominations":
    case "cancelNominations":
      return intent;
    case "auto":
    case "managerUpward":
    case "managerDownward":
    case "selfReview":
      return { type: "addPairs", pairs: await suggestedPairs(context.db, viewer.company.id, fields, intent) };
    case "addPair": {
      const revieweeId = await member("reviewee");
      if (!revieweeId) return "reviewee";
      const reviewerId = await member("reviewer");
      if (!reviewerId) return "reviewer";
      return { type: "addPairs", pairs: [{ revieweeId, reviewerId }] };
    }
    case "removePair":
      return { type: "removePairs", pairIds: [target] };
    case "clearPairs":
      return { type: "clearPairs" };
    case "addNominee": {
      const userId = await member("nominee");
      return userId ? { type: "addNominees", userIds: [userId] } : "nominee";
    }
    case "removeNominee":
      return { type: "removeNominees", userIds: [target] };
    case "removeNominees":
      return { type: "removeNominees", userIds: ids("selectedNominees") };
    case "clearNominees":
      return { type: "clearNominees" };
    case "cancelNominees":
      return { type: "cancelNominees", userIds: ids("selectedNominees") };
    default:
      return null;
  }
}

export function audienceMessage(change: AudienceChange, n: number) {
  const pairs = (k: number) => (k === 1 ? "1 pair" : `${k} pairs`);
  const people = (k: number) => (k === 1 ? "1 person" : `${k} people`);
  switch (change.type) {
    case "addPairs":
      return n === 0 ? "No new pairs: every suggested pair is already in the audience" : `${pairs(n)} added`;
    case "removePairs":
      return `${pairs(n)} removed`;
    case "clearPairs":
      return "Audience cleared";
    case "addNominees":
      return n === 0 ? "No one new to add" : `${people(n)} added to the nomination audience`;
    case "removeNominees":
      return `${people(n)} removed from the nomination audience`;
    case "clearNominees":
      return "Nomination audience cleared";
    case "cancelNominees":
      return `Nominations of ${people(n)} cancelled`;
    default:
      return "Saved";
  }
}

/** Launch (or schedule) a saved draft: its stored settings must pass every launch rule. */
export async function launchDraft(
  context: AppLoadContext,
  viewer: Viewer,
  draft: CampaignDetail,
  requestId: string,
  request: Request
) {
  const here = hereOf(draft.id);
  const checked = launchFormSchema(Date.now()).safeParse(formValuesOf(draft));
  if (!checked.success) {
    const first = checked.error.issues[0];
    return redirectWithToast(here, { type: "error", message: `${first.path.join(".")}: ${first.message}` }, { request });
  }
  const result = await changeCampaign(context, viewer, draft.id, { type: "launch", startAt: draft.startAt, now: Date.now() }, requestId);
  if (!result.ok && result.reason === "conflict") {
    const code = result.conflict === NOMINATIONS_NOT_STARTED ? "nominations" : result.conflict === AUDIENCE_REQUIRED ? "audience" : null;
    if (code) return redirect(hereOf(draft.id, `?blocked=${code}`));
  }
  if (!result.ok) return failed(result, here, request);
  return redirect(hereOf(draft.id, "?launched=1"));
}

export function failed(
  result: { ok: false; reason: "not-found" } | { ok: false; reason: "conflict"; conflict: string },
  here: string,
  request: Request
) {
  if (result.reason === "not-found") throw new Response("Not Found", { status: 404 });
  return redirectWithToast(here, { type: "error", message: result.conflict }, { request });
}

