import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { audienceMembers, membersByEmail, readNomineesUpload, readPairsUpload } from "~/modules/reviews/audience.server";
import { changeAudience, loadCampaign, saveDraft, type CampaignDetail } from "~/modules/reviews/campaigns.server";
import { LaunchReviewPage } from "~/modules/reviews/components/launch-page";
import { NO_ACCESS } from "~/modules/reviews/components/review-detail.schema";
import { audienceChangeOf, audienceMessage, failed, hereOf, launchDraft } from "~/modules/reviews/launch-action.server";
import { launchActionSchema } from "~/modules/reviews/launch-action.schema";
import { launchFormData } from "~/modules/reviews/launch-page.server";
import { draftFieldsOf, refusedReferences } from "~/modules/reviews/launch.server";
import { REVIEWS_PATH } from "~/modules/reviews/launch.schema";
import type { AudienceChange } from "~/modules/reviews/campaign-commands";

/** A request body above this is refused before it is read (the upload limit plus the form). */
const MAX_BODY_BYTES = 3 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const requestIdOf = (value: FormDataEntryValue | null) =>
  typeof value === "string" && value.length <= 100 && value ? value : crypto.randomUUID();

/** The Launch Review form (000 §2) for a new review (/launch-review) or a draft (/draft/{reviewId}). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewManageReviews");
  const url = new URL(request.url);
  let draft: CampaignDetail | null = null;
  if (params.reviewId) {
    const found = await loadCampaign(context, viewer, params.reviewId);
    if (!found) throw new Response("Not Found", { status: 404 });
    if (found === "no-access") throw await redirectWithToast(REVIEWS_PATH, { type: "error", message: NO_ACCESS }, { request });
    draft = found;
    const launched = url.searchParams.get("launched") === "1";
    if (draft.state !== "draft" && !launched) throw redirect(`${REVIEWS_PATH}/${encodeURIComponent(draft.id)}`);
    if (launched && draft.state !== "draft") {
      return data({ launched: { state: draft.state, title: draft.title } } as const);
    }
  }
  return data(await launchFormData(context, viewer, draft, url));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewManageReviews");
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) {
    return data({ result: null, error: "The file is too large (at most 2 MB)." }, { status: 413 });
  }
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: launchActionSchema(Date.now()) });
  const id = params.reviewId ?? String(formData.get("draftId") ?? "");
  if (!params.reviewId && !UUID.test(id)) throw new Response("Bad Request", { status: 400 });
  const existing = await loadCampaign(context, viewer, id);
  if (params.reviewId && !existing) throw new Response("Not Found", { status: 404 });
  if (existing === "no-access") return redirectWithToast(REVIEWS_PATH, { type: "error", message: NO_ACCESS }, { request });
  if (existing && existing.state !== "draft") return redirect(`${REVIEWS_PATH}/${encodeURIComponent(id)}`);
  const here = hereOf(id);
  const requestId = requestIdOf(formData.get("requestId"));

  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
  const value = submission.value;
  const intent = value.intent;

  // The second step of a confirmation carries only its request id: it acts on the saved draft.
  if (value.intent === "confirmLaunch" || value.intent === "confirmNominations" || value.intent === "confirmCancelNominations") {
    if (!existing) throw new Response("Not Found", { status: 404 });
    if (intent === "confirmLaunch") return launchDraft(context, viewer, existing, requestId, request);
    const change: AudienceChange = { type: intent === "confirmNominations" ? "startNominations" : "cancelNominations" };
    const result = await changeAudience(context, viewer, id, change, requestId);
    if (!result.ok) return failed(result, here, request);
    const message = change.type === "startNominations" ? `Nominations started for ${result.count ?? 0} people` : "Nominations cancelled";
    return redirectWithToast(`${here}#nominations`, { type: "success", message }, { request });
  }

  const fields = draftFieldsOf(value, viewer.company.platform);
  const refused = await refusedReferences(context.db, viewer, fields);
  if (Object.keys(refused).length > 0) return data({ result: submission.reply({ fieldErrors: refused }), error: null }, { status: 400 });

  // An upload is read before anything is saved: a bad file writes nothing.
  let upload: AudienceChange | null = null;
  if (intent === "uploadPairs" || intent === "uploadNominees") {
    const members = membersByEmail(await audienceMembers(context.db, viewer.company.id, fields));
    const file = formData.get(intent === "uploadPairs" ? "pairsFile" : "nomineesFile");
    if (intent === "uploadPairs") {
      const read = await readPairsUpload(file, members);
      if (!read.ok) return data({ result: submission.reply({ fieldErrors: { pairsFile: [read.message] } }), error: null }, { status: 400 });
      upload = { type: "addPairs", pairs: read.verified, rejected: read.unverified };
    } else {
      const read = await readNomineesUpload(file, members);
      if (!read.ok)
        return data({ result: submission.reply({ fieldErrors: { nomineesFile: [read.message] } }), error: null }, { status: 400 });
      upload = { type: "addNominees", userIds: read.verified, rejected: read.unverified };
    }
  }

  const saved = await saveDraft(context, viewer, id, fields, crypto.randomUUID());
  if (!saved.ok) return failed(saved, here, request);
  if (intent === "autosave") return data({ result: null, error: null, autosaved: { id } });

  const change = upload ?? (await audienceChangeOf(intent, value.target, formData, context, viewer, fields));
  if (change === "launch") return redirect(hereOf(id, "?confirm=launch"));
  if (change === "startNominations") return redirect(hereOf(id, "?confirm=nominations#nominations"));
  if (change === "cancelNominations") return redirect(hereOf(id, "?confirm=cancelNominations#nominations"));
  if (typeof change === "string") {
    return data(
      { result: submission.reply({ fieldErrors: { [change]: ["Choose someone from the list."] } }), error: null },
      { status: 400 }
    );
  }
  if (!change) return redirectWithToast(here, { type: "success", message: "Draft saved" }, { request });

  const result = await changeAudience(context, viewer, id, change, requestId);
  if (!result.ok) return failed(result, here, request);
  const nominees = change.type.includes("Nominee") || change.type === "cancelNominees";
  const anchor = nominees ? "#nominations" : "#audience";
  if (upload && result.rejected && result.rejected.length > 0) {
    return redirect(hereOf(id, `?upload=${encodeURIComponent(requestId)}&uploadKind=${nominees ? "nominees" : "pairs"}${anchor}`));
  }
  return redirectWithToast(`${here}${anchor}`, { type: "success", message: audienceMessage(change, result.count ?? 0) }, { request });
}

/** Auto-save never reloads the page's data: the form the person is typing in stays as it is. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "autosave") return false;
  return defaultShouldRevalidate;
}

export const meta = pageMeta;

export default function LaunchReview() {
  return <LaunchReviewPage loaded={useLoaderData<typeof loader>()} />;
}
