import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigate,
  useNavigation,
  type ShouldRevalidateFunctionArgs,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { audienceMembers, membersByEmail, readNomineesUpload, readPairsUpload } from "~/modules/reviews/audience.server";
import { SAMPLE_FILES } from "~/modules/reviews/audience";
import { AUDIENCE_REQUIRED, NOMINATION_STATES, NOMINATIONS_NOT_STARTED } from "~/modules/reviews/campaign-machine";
import {
  changeAudience,
  changeCampaign,
  keptAnswer,
  loadCampaign,
  saveDraft,
  type CampaignDetail,
} from "~/modules/reviews/campaigns.server";
import { draftFieldsOf, launchPageData, nomineesWithoutManagers, refusedReferences, suggestedPairs } from "~/modules/reviews/launch.server";
import {
  AUDIENCE_PAGE_SIZE,
  DraftFormSchema,
  LAUNCH_PATH,
  MANUAL_SHARERS,
  REVIEWS_PATH,
  SHARE_AFTER,
  SHARE_WITH_BUILT_IN,
  draftPath,
  formValuesOf,
  launchFormSchema,
  parseDateTime,
} from "~/modules/reviews/launch.schema";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { Modal } from "~/ui/dialog";
import { PageHeader } from "~/ui/page-header";
import { NO_ACCESS } from "~/modules/reviews/components/review-detail.schema";
import { useHydrated } from "~/ui/use-hydrated";
import type { AudienceChange, RejectedRow } from "../../durable-objects/review-campaign";

/** 000 §9: after a launch the page waits this long, then goes back to the reviews list. */
const POST_LAUNCH_DELAY_MS = 2000;
/** 000 §9 text debounce: the draft saves this long after the last change. */
const AUTOSAVE_DEBOUNCE_MS = 350;
/** A request body above this is refused before it is read (the upload limit plus the form). */
const MAX_BODY_BYTES = 3 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Alerts the page shows after a refused launch, by code (the texts are 000 §5's). */
const BLOCKED: Record<string, string> = { nominations: NOMINATIONS_NOT_STARTED, audience: AUDIENCE_REQUIRED };
const nominationConfirmText = (n: number) => `You are about to launch nomination to ${n} people, please confirm.`;
const WITHOUT_MANAGERS = "The following users do not have managers assigned in the system. Are you sure to launch the nomination process?";

type Confirm = "launch" | "nominations" | "cancelNominations";

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
  const values = draft ? formValuesOf(draft) : { ...formValuesOf(BLANK), reviewTemplate: url.searchParams.get("reviewTemplateId") ?? "" };
  const pairsPage = Math.max(1, Math.min(10_000, Number(url.searchParams.get("pairsPage")) || 1));
  const page = await launchPageData(context, viewer, draft, {
    channelId: values.channel || null,
    pairsPage,
    nomineeQuery: (url.searchParams.get("nq") ?? "").slice(0, 100),
  });
  const confirmKind = url.searchParams.get("confirm") as Confirm | null;
  const confirm =
    draft && (confirmKind === "launch" || confirmKind === "nominations" || confirmKind === "cancelNominations")
      ? {
          kind: confirmKind,
          requestId: crypto.randomUUID(),
          scheduled: draft.startAt !== null && draft.startAt > Date.now(),
          nominees: draft.nominationAudience.length,
          withoutManagers:
            confirmKind === "nominations" ? await nomineesWithoutManagers(context.db, viewer.company.id, draft.nominationAudience) : [],
        }
      : null;
  const uploadId = url.searchParams.get("upload");
  const upload = draft && uploadId ? await keptAnswer(context, viewer, draft.id, uploadId) : null;
  const blocked = BLOCKED[url.searchParams.get("blocked") ?? ""] ?? null;
  return data({
    launched: null,
    id: draft?.id ?? crypto.randomUUID(),
    isNew: !draft,
    platform: viewer.company.platform,
    values,
    nominationAudience: draft?.nominationAudience.length ?? 0,
    nominationStarted: draft?.nominationStartedAt != null,
    confirm,
    rejected: upload?.ok ? upload.rejected ?? null : null,
    uploadKind: url.searchParams.get("uploadKind") === "nominees" ? ("nominees" as const) : ("pairs" as const),
    blocked,
    ...page,
  });
}

const BLANK = {
  title: "",
  workspaceId: null,
  groupId: null,
  templateId: null,
  startAt: null,
  endAt: null,
  anonymous: false,
  automaticClose: false,
  shareConfig: null,
  departmentFilter: null,
};

/** Which path answers: the draft's, once it exists. */
const hereOf = (id: string, search = "") => `${draftPath(id)}${search}`;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewManageReviews");
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) {
    return data({ result: null, error: "The file is too large (at most 2 MB)." }, { status: 413 });
  }
  const formData = await request.formData();
  const [intent, target = ""] = String(formData.get("intent") ?? "save").split(":", 2);
  const id = params.reviewId ?? String(formData.get("draftId") ?? "");
  if (!params.reviewId && !UUID.test(id)) throw new Response("Bad Request", { status: 400 });
  const existing = await loadCampaign(context, viewer, id);
  if (params.reviewId && !existing) throw new Response("Not Found", { status: 404 });
  if (existing === "no-access") return redirectWithToast(REVIEWS_PATH, { type: "error", message: NO_ACCESS }, { request });
  if (existing && existing.state !== "draft") return redirect(`${REVIEWS_PATH}/${encodeURIComponent(id)}`);
  const here = hereOf(id);
  const requestId = requestIdOf(formData.get("requestId"));

  // The second step of a confirmation carries only its request id: it acts on the saved draft.
  if (intent === "confirmLaunch" || intent === "confirmNominations" || intent === "confirmCancelNominations") {
    if (!existing) throw new Response("Not Found", { status: 404 });
    if (intent === "confirmLaunch") return launch(context, viewer, existing, requestId, request);
    const change: AudienceChange = { type: intent === "confirmNominations" ? "startNominations" : "cancelNominations" };
    const result = await changeAudience(context, viewer, id, change, requestId);
    if (!result.ok) return failed(result, here, request);
    const message = change.type === "startNominations" ? `Nominations started for ${result.count ?? 0} people` : "Nominations cancelled";
    return redirectWithToast(`${here}#nominations`, { type: "success", message }, { request });
  }

  const wantsLaunch = intent === "launch";
  const submission = parseWithZod(formData, { schema: wantsLaunch ? launchFormSchema(Date.now()) : DraftFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
  const fields = draftFieldsOf(submission.value, viewer.company.platform);
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

  const change = upload ?? (await audienceChangeOf(intent, target, formData, context, viewer, fields));
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

/** What an audience button asks for; a string names a field whose person is not a member. */
async function audienceChangeOf(
  intent: string,
  target: string,
  formData: FormData,
  context: ActionFunctionArgs["context"],
  viewer: Awaited<ReturnType<typeof requirePermission>>,
  fields: ReturnType<typeof draftFieldsOf>
): Promise<AudienceChange | "launch" | "startNominations" | "cancelNominations" | string | null> {
  const ids = (name: string) => formData.getAll(name).filter((v): v is string => typeof v === "string" && v.length <= 100);
  const member = async (name: string) => {
    const email = String(formData.get(name) ?? "")
      .trim()
      .toLowerCase();
    const members = membersByEmail(await audienceMembers(context.db, viewer.company.id, fields));
    return members.get(email)?.id ?? null;
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

function audienceMessage(change: AudienceChange, n: number) {
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
async function launch(
  context: ActionFunctionArgs["context"],
  viewer: Awaited<ReturnType<typeof requirePermission>>,
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

function failed(
  result: { ok: false; reason: "not-found" } | { ok: false; reason: "conflict"; conflict: string },
  here: string,
  request: Request
) {
  if (result.reason === "not-found") throw new Response("Not Found", { status: 404 });
  return redirectWithToast(here, { type: "error", message: result.conflict }, { request });
}

/** Auto-save never reloads the page's data: the form the person is typing in stays as it is. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "autosave") return false;
  return defaultShouldRevalidate;
}

export const meta = pageMeta;

type LoaderData = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { launched: { state: string } }>;

export default function LaunchReview() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.launched) return <Launched state={loaded.launched.state} title={loaded.launched.title} />;
  return <LaunchForm page={loaded as LoaderData} />;
}

/** Success, then back to the list after 2000 ms (a meta refresh does it without JavaScript). */
function Launched({ state, title }: { state: string; title: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(REVIEWS_PATH), POST_LAUNCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  const message = state === "scheduled" ? "Review scheduled successfully" : "Review launched successfully";
  return (
    <>
      <noscript>
        <meta httpEquiv="refresh" content={`${POST_LAUNCH_DELAY_MS / 1000};url=${REVIEWS_PATH}`} />
      </noscript>
      <PageHeader title="Launch Review" />
      <section role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-6 text-emerald-900">
        <h2 className="text-lg font-semibold">{message}</h2>
        <p className="mt-1 text-sm">
          {title}. Taking you back to the reviews list… <Link to={REVIEWS_PATH}>Go now</Link>
        </p>
      </section>
    </>
  );
}

const input = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-500";
const panel = "rounded-lg border border-slate-200 bg-white p-5 shadow-sm";

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {errors[0]}
    </p>
  );
}

function LaunchForm({ page: loaded }: { page: LoaderData }) {
  // A new review's id is made by the loader; it must not change under the person if the loader runs again.
  const [id] = useState(loaded.id);
  const page = { ...loaded, id };
  const actionData = useActionData<typeof action>() as { result: SubmissionResult<string[]> | null; error: string | null } | undefined;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const words = copy(page.platform);
  const [draftSaved, setDraftSaved] = useState(!page.isNew);
  const formRef = useRef<HTMLFormElement>(null);
  const autosave = useFetcher<{ autosaved?: { id: string } }>();
  const [form, fields] = useForm({
    id: `launch-${page.id}`,
    lastResult: navigation.state === "idle" ? actionData?.result ?? undefined : undefined,
    defaultValue: page.values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const launching = formData.get("intent") === "launch";
      return parseWithZod(formData, { schema: launching ? launchFormSchema(Date.now()) : DraftFormSchema });
    },
  });
  // Without JavaScript a refused submission comes back rendered: show what was sent, not the saved draft.
  const values = valuesOf(form.initialValue, page.values);
  const [startDate, setStartDate] = useState(values.startDate);
  const scheduled = (() => {
    const start = parseDateTime(startDate);
    return start !== null && start > Date.now();
  })();

  // The first auto-save makes the draft: from then on the address is the draft's (000 §4).
  useEffect(() => {
    if (autosave.state === "idle" && autosave.data?.autosaved && !draftSaved) {
      setDraftSaved(true);
      window.history.replaceState(window.history.state, "", draftPath(autosave.data.autosaved.id));
    }
  }, [autosave.state, autosave.data, draftSaved]);

  const timer = useRef<ReturnType<typeof setTimeout>>();
  function onChange(event: React.FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    if (target.name === "startDate") setStartDate(target.value);
    if (target.type === "file" || target.name === "reviewee" || target.name === "reviewer" || target.name === "nominee") return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const element = formRef.current;
      if (!element) return;
      const body = new FormData(element);
      if (!String(body.get("title") ?? "").trim() || !String(body.get("channel") ?? "")) return;
      body.delete("pairsFile");
      body.delete("nomineesFile");
      body.set("intent", "autosave");
      autosave.submit(body, { method: "post", action: draftSaved ? draftPath(page.id) : LAUNCH_PATH, encType: "multipart/form-data" });
    }, AUTOSAVE_DEBOUNCE_MS);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const busy = navigation.state !== "idle";
  const launchLabel = scheduled ? "Schedule Review" : "Launch Review";
  const channelName = page.channels.find((c) => c.id === values.channel)?.name ?? null;

  return (
    <>
      <PageHeader
        title={page.isNew ? "Launch Review" : values.title || "Draft Review"}
        actions={
          // Outside the form (form= attribute), at the top of a long page, clear of the toasts.
          <>
            <Link to={REVIEWS_PATH} className={buttonClass("ghost")}>
              Back to reviews
            </Link>
            <Button type="submit" form={form.id} name="intent" value="save" variant="secondary" disabled={busy}>
              Save Draft
            </Button>
            <Button type="submit" form={form.id} name="intent" value="launch" disabled={busy}>
              {launchLabel}
            </Button>
          </>
        }
        description={
          <span aria-live="polite">
            {autosave.state !== "idle"
              ? "Saving draft…"
              : draftSaved
              ? "Draft saved automatically as you type."
              : "The draft saves itself once it has a title and a " + words.workspace.toLowerCase() + "."}
          </span>
        }
      />
      {page.blocked ? (
        <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          {page.blocked}
        </div>
      ) : null}
      {page.confirm ? <ConfirmStep confirm={page.confirm} id={page.id} hydrated={hydrated} /> : null}
      {page.rejected ? <InvalidRows rows={page.rejected} kind={page.uploadKind} id={page.id} hydrated={hydrated} /> : null}
      {actionData?.error ? (
        <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          {actionData.error}
        </div>
      ) : null}
      <form id="nominee-search-form" method="get" action="#nominations" hidden />
      <Form
        ref={formRef}
        method="post"
        action={draftSaved ? draftPath(id) : undefined}
        encType="multipart/form-data"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        onChange={onChange}
        className="space-y-6"
        aria-describedby={form.errors?.length ? `${form.id}-errors` : undefined}
      >
        <input type="hidden" name="draftId" value={page.id} />
        {form.errors?.length ? (
          <p id={`${form.id}-errors`} role="alert" className="text-sm text-red-700">
            {form.errors[0]}
          </p>
        ) : null}

        <section className={panel} aria-labelledby="basic-heading">
          <h2 id="basic-heading" className="text-base font-semibold text-slate-900">
            Basic Configurations
          </h2>
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            <div className="md:col-span-2">
              <label htmlFor={fields.title.id} className="text-sm font-medium text-slate-800">
                Title
              </label>
              <input
                id={fields.title.id}
                name={fields.title.name}
                defaultValue={values.title}
                maxLength={200}
                className={input}
                aria-invalid={fields.title.errors ? true : undefined}
                aria-describedby={fields.title.errors ? fields.title.errorId : undefined}
              />
              <FieldError id={fields.title.errorId} errors={fields.title.errors} />
            </div>
            <div>
              <label htmlFor={fields.channel.id} className="text-sm font-medium text-slate-800">
                {words.workspace}
              </label>
              <select
                id={fields.channel.id}
                name={fields.channel.name}
                defaultValue={values.channel}
                className={input}
                aria-invalid={fields.channel.errors ? true : undefined}
                aria-describedby={fields.channel.errors ? fields.channel.errorId : undefined}
              >
                <option value="">Select a {words.workspace.toLowerCase()}</option>
                {page.channels.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
              <FieldError id={fields.channel.errorId} errors={fields.channel.errors} />
            </div>
            <div>
              <label htmlFor={fields.reviewTemplate.id} className="text-sm font-medium text-slate-800">
                Questionnaire
              </label>
              <select
                id={fields.reviewTemplate.id}
                name={fields.reviewTemplate.name}
                defaultValue={values.reviewTemplate}
                className={input}
                aria-invalid={fields.reviewTemplate.errors ? true : undefined}
                aria-describedby={fields.reviewTemplate.errors ? fields.reviewTemplate.errorId : undefined}
              >
                <option value="">Select a questionnaire</option>
                {page.templates.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.title}
                  </option>
                ))}
              </select>
              <FieldError id={fields.reviewTemplate.errorId} errors={fields.reviewTemplate.errors} />
              {page.templates.length === 0 ? (
                <p className="mt-1 text-sm text-slate-600">
                  No questionnaires yet. <Link to="/reviews/review-questionnaires/add-new-questionnaire">Create one</Link>.
                </p>
              ) : null}
            </div>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name={fields.anonymous.name} defaultChecked={values.anonymous === "on"} />
              Anonymous (reviewees do not see who reviewed them)
            </label>
          </div>
        </section>

        <section className={panel} aria-labelledby="scheduler-heading">
          <h2 id="scheduler-heading" className="text-base font-semibold text-slate-900">
            Scheduler
          </h2>
          <p className="mt-1 text-sm text-slate-600">Times are in UTC. Leave the start empty to launch now.</p>
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            <DateField label="Start date (UTC)" field={fields.startDate} defaultValue={values.startDate} />
            <DateField label="End date (UTC)" field={fields.endDate} defaultValue={values.endDate} />
            <label className="flex items-center gap-2 text-sm text-slate-800 md:col-span-2">
              <input
                type="checkbox"
                name={fields.isAutomaticCloseOnEndDate.name}
                defaultChecked={values.isAutomaticCloseOnEndDate === "on"}
              />
              Close the review automatically on the end date
            </label>
          </div>
        </section>

        <ShareResult fields={fields} values={values} relationships={page.relationships} />

        <AudienceSection page={page} fields={fields} channelName={channelName} />
        <NominationSection page={page} fields={fields} />
      </Form>
    </>
  );
}

function valuesOf(initial: unknown, saved: LoaderData["values"]): LoaderData["values"] {
  if (!initial || typeof initial !== "object") return saved;
  const sent = initial as Record<string, unknown>;
  const text = (name: keyof LoaderData["values"]) => (typeof sent[name] === "string" ? (sent[name] as string) : "");
  const many = (name: string) =>
    Array.isArray(sent[name]) ? (sent[name] as string[]) : typeof sent[name] === "string" ? [sent[name] as string] : [];
  return {
    title: text("title"),
    channel: text("channel"),
    reviewTemplate: text("reviewTemplate"),
    startDate: text("startDate"),
    endDate: text("endDate"),
    anonymous: text("anonymous"),
    isAutomaticCloseOnEndDate: text("isAutomaticCloseOnEndDate"),
    shareResults: text("shareResults"),
    shareWithType: (text("shareWithType") || saved.shareWithType) as LoaderData["values"]["shareWithType"],
    canShareResult: many("canShareResult") as LoaderData["values"]["canShareResult"],
    shareResultWith: many("shareResultWith"),
    shareResultAfter: (text("shareResultAfter") || saved.shareResultAfter) as LoaderData["values"]["shareResultAfter"],
    audienceFilter: (text("audienceFilter") || "all") as LoaderData["values"]["audienceFilter"],
    departments: many("departments"),
  };
}

type Fields = ReturnType<typeof useForm<Record<string, unknown>>>[1];
type FieldMeta = Fields[string];

function DateField({ label, field, defaultValue }: { label: string; field: FieldMeta; defaultValue: string }) {
  return (
    <div>
      <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={field.id}
        name={field.name}
        type="datetime-local"
        defaultValue={defaultValue}
        className={input}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={field.errors ? field.errorId : undefined}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

function ShareResult({
  fields,
  values,
  relationships,
}: {
  fields: Fields;
  values: LoaderData["values"];
  relationships: Array<{ id: string; name: string }>;
}) {
  const shareWith = [...SHARE_WITH_BUILT_IN, ...relationships.map((r) => ({ value: `relationship:${r.id}`, label: r.name }))];
  return (
    <section className={`${panel} group/share`} aria-labelledby="share-heading">
      <h2 id="share-heading" className="text-base font-semibold text-slate-900">
        Share Result
      </h2>
      <label className="mt-3 flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" name={fields.shareResults.name} defaultChecked={values.shareResults === "on"} />
        Share review results
      </label>
      <div className="mt-4 hidden space-y-4 group-has-[input[name=shareResults]:checked]/share:block">
        <fieldset aria-describedby={fields.shareWithType.errors ? fields.shareWithType.errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">How</legend>
          <div className="mt-2 flex gap-6 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name={fields.shareWithType.name} value="manual" defaultChecked={values.shareWithType === "manual"} />{" "}
              Manual
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={fields.shareWithType.name}
                value="automated"
                defaultChecked={values.shareWithType === "automated"}
              />{" "}
              Automated
            </label>
          </div>
          <FieldError id={fields.shareWithType.errorId} errors={fields.shareWithType.errors} />
        </fieldset>
        <fieldset
          className="hidden group-has-[input[value=manual]:checked]/share:block"
          aria-describedby={fields.canShareResult.errors ? fields.canShareResult.errorId : undefined}
        >
          <legend className="text-sm font-medium text-slate-800">Who can share a completed result</legend>
          {MANUAL_SHARERS.map((o) => (
            <label key={o.value} className="mt-2 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={fields.canShareResult.name}
                value={o.value}
                defaultChecked={values.canShareResult.includes(o.value)}
              />
              {o.label}
            </label>
          ))}
          <FieldError id={fields.canShareResult.errorId} errors={fields.canShareResult.errors} />
        </fieldset>
        <div className="hidden space-y-4 group-has-[input[value=automated]:checked]/share:block">
          <fieldset aria-describedby={fields.shareResultWith.errors ? fields.shareResultWith.errorId : undefined}>
            <legend className="text-sm font-medium text-slate-800">Share with</legend>
            {shareWith.map((o) => (
              <label key={o.value} className="mt-2 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={fields.shareResultWith.name}
                  value={o.value}
                  defaultChecked={values.shareResultWith.includes(o.value)}
                />
                {o.label}
              </label>
            ))}
            <FieldError id={fields.shareResultWith.errorId} errors={fields.shareResultWith.errors} />
          </fieldset>
          <fieldset aria-describedby={fields.shareResultAfter.errors ? fields.shareResultAfter.errorId : undefined}>
            <legend className="text-sm font-medium text-slate-800">When</legend>
            {SHARE_AFTER.map((o) => (
              <label key={o.value} className="mt-2 flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={fields.shareResultAfter.name}
                  value={o.value}
                  defaultChecked={values.shareResultAfter === o.value}
                />
                {o.label}
              </label>
            ))}
            <FieldError id={fields.shareResultAfter.errorId} errors={fields.shareResultAfter.errors} />
          </fieldset>
        </div>
      </div>
    </section>
  );
}

function MembersList({ page }: { page: LoaderData }) {
  return (
    <datalist id="audience-members">
      {page.members.map((m) => (
        <option key={m.id} value={m.email}>
          {m.name}
        </option>
      ))}
    </datalist>
  );
}

function ModeSwitch({ name, prefix }: { name: string; prefix: string }) {
  return (
    <fieldset className="flex gap-4 text-sm">
      <legend className="sr-only">Mode</legend>
      <label className="flex items-center gap-2">
        <input type="radio" name={name} value="select" id={`${prefix}-select`} defaultChecked /> Select
      </label>
      <label className="flex items-center gap-2">
        <input type="radio" name={name} value="upload" id={`${prefix}-upload`} /> Upload
      </label>
    </fieldset>
  );
}

function AudienceSection({ page, fields, channelName }: { page: LoaderData; fields: Fields; channelName: string | null }) {
  const words = copy(page.platform);
  const pages = Math.max(1, Math.ceil(page.pairs.total / AUDIENCE_PAGE_SIZE));
  return (
    <details open id="audience" className={`${panel} group/aud`}>
      <summary className="cursor-pointer text-base font-semibold text-slate-900">Audience ({page.pairs.total} pairs)</summary>
      <MembersList page={page} />
      <div className="mt-4 space-y-4">
        <fieldset className="text-sm">
          <legend className="font-medium text-slate-800">Audience filter</legend>
          <div className="mt-2 flex gap-6">
            <label className="flex items-center gap-2">
              <input type="radio" name={fields.audienceFilter.name} value="all" defaultChecked={page.values.audienceFilter === "all"} /> All
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={fields.audienceFilter.name}
                value="departments"
                defaultChecked={page.values.audienceFilter === "departments"}
              />{" "}
              Department
            </label>
          </div>
          <div className="mt-2 hidden flex-wrap gap-x-4 gap-y-1 group-has-[input[name=audienceFilter][value=departments]:checked]/aud:flex">
            {page.departments.map((d) => (
              <label key={d.id} className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  name={fields.departments.name}
                  value={d.id}
                  defaultChecked={page.values.departments.includes(d.id)}
                />
                {d.name}
              </label>
            ))}
          </div>
        </fieldset>
        {!channelName ? (
          <p className="text-sm text-slate-600">
            Choose a {words.workspace.toLowerCase()} and save to build the audience from its members.
          </p>
        ) : null}
        <ModeSwitch name="audienceMode" prefix="audience-mode" />
        <div className="space-y-3 group-has-[#audience-mode-upload:checked]/aud:hidden">
          <div className="flex flex-wrap gap-2">
            {(
              [
                ["auto", "Auto"],
                ["managerUpward", "Manager Upward"],
                ["managerDownward", "Manager Downward"],
                ["selfReview", "Self Review"],
              ] as const
            ).map(([value, label]) => (
              <Button key={value} type="submit" name="intent" value={value} variant="secondary" formNoValidate>
                {label}
              </Button>
            ))}
            <Button type="submit" name="intent" value="clearPairs" variant="ghost" formNoValidate>
              Clear All
            </Button>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <PersonInput name="reviewee" label="Reviewee" field={fields.reviewee} />
            <PersonInput name="reviewer" label="Reviewer" field={fields.reviewer} />
            <Button type="submit" name="intent" value="addPair" variant="secondary" formNoValidate>
              Add Pair
            </Button>
          </div>
        </div>
        <div className="hidden space-y-2 group-has-[#audience-mode-upload:checked]/aud:block">
          <label htmlFor="pairsFile" className="text-sm font-medium text-slate-800">
            Reviewee–reviewer pairs (.csv, .xlsx or .xls)
          </label>
          <input
            id="pairsFile"
            name="pairsFile"
            type="file"
            accept=".csv,.xlsx,.xls"
            className="block text-sm"
            aria-invalid={fields.pairsFile.errors ? true : undefined}
            aria-describedby={fields.pairsFile.errors ? fields.pairsFile.errorId : undefined}
          />
          <FieldError id={fields.pairsFile.errorId} errors={fields.pairsFile.errors} />
          <div className="flex gap-3">
            <Button type="submit" name="intent" value="uploadPairs" variant="secondary" formNoValidate>
              Upload
            </Button>
            <a href={SAMPLE_FILES.pairs} download className={buttonClass("ghost")}>
              Download sample file
            </a>
          </div>
        </div>
        {page.pairs.total === 0 ? (
          <p className="text-sm text-slate-600">No pairs yet.</p>
        ) : (
          <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label="Audience pairs">
            <thead className="text-left text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Reviewee
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Reviewer
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.pairs.rows.map((p) => (
                <tr key={p.id}>
                  <td className="py-2 pr-3">{p.reviewee}</td>
                  <td className="py-2 pr-3">{p.reviewer}</td>
                  <td className="py-2 text-right">
                    <button
                      type="submit"
                      name="intent"
                      value={`removePair:${p.id}`}
                      formNoValidate
                      className={buttonClass("ghost")}
                      aria-label={`Remove ${p.reviewer} reviewing ${p.reviewee}`}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pages > 1 ? (
          <nav aria-label="Audience pages" className="flex items-center gap-3 text-sm">
            {page.pairs.page > 1 ? <Link to={`?pairsPage=${page.pairs.page - 1}#audience`}>Previous</Link> : null}
            <span>
              Page {page.pairs.page} of {pages}
            </span>
            {page.pairs.page < pages ? <Link to={`?pairsPage=${page.pairs.page + 1}#audience`}>Next</Link> : null}
          </nav>
        ) : null}
      </div>
    </details>
  );
}

function PersonInput({ name, label, field }: { name: string; label: string; field: FieldMeta }) {
  return (
    <div>
      <label htmlFor={`person-${name}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`person-${name}`}
        name={name}
        type="email"
        list="audience-members"
        placeholder="name@company.com"
        autoComplete="off"
        className={input}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={field.errors ? field.errorId : undefined}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

function NominationSection({ page, fields }: { page: LoaderData; fields: Fields }) {
  const started = page.nominationStarted;
  return (
    <details open={page.nominationAudience > 0 || started} id="nominations" className={`${panel} group/nom`}>
      <summary className="cursor-pointer text-base font-semibold text-slate-900">
        Nomination Audience ({started ? `${page.nominations.length} participants` : `${page.nominationAudience} people`})
      </summary>
      <p className="mt-2 text-sm text-slate-600">
        People in the nomination audience choose their own reviewers; their managers approve the choices.
      </p>
      <div className="mt-4 space-y-4">
        {started ? (
          <Participants page={page} />
        ) : (
          <>
            <ModeSwitch name="nominationMode" prefix="nomination-mode" />
            <div className="flex flex-wrap items-end gap-2 group-has-[#nomination-mode-upload:checked]/nom:hidden">
              <PersonInput name="nominee" label="Reviewee" field={fields.nominee} />
              <Button type="submit" name="intent" value="addNominee" variant="secondary" formNoValidate>
                Add
              </Button>
            </div>
            <div className="hidden space-y-2 group-has-[#nomination-mode-upload:checked]/nom:block">
              <label htmlFor="nomineesFile" className="text-sm font-medium text-slate-800">
                Reviewees to nominate (.csv, .xlsx or .xls)
              </label>
              <input
                id="nomineesFile"
                name="nomineesFile"
                type="file"
                accept=".csv,.xlsx,.xls"
                className="block text-sm"
                aria-invalid={fields.nomineesFile.errors ? true : undefined}
                aria-describedby={fields.nomineesFile.errors ? fields.nomineesFile.errorId : undefined}
              />
              <FieldError id={fields.nomineesFile.errorId} errors={fields.nomineesFile.errors} />
              <div className="flex gap-3">
                <Button type="submit" name="intent" value="uploadNominees" variant="secondary" formNoValidate>
                  Upload
                </Button>
                <a href={SAMPLE_FILES.nominees} download className={buttonClass("ghost")}>
                  Download sample file
                </a>
              </div>
            </div>
            <NomineeSearch />
            {page.nominees.length === 0 ? (
              <p className="text-sm text-slate-600">No one in the nomination audience.</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm" aria-label="Nomination audience">
                {page.nominees.map((n) => (
                  <li key={n.id} className="flex items-center justify-between gap-3 py-2">
                    <label className="flex items-center gap-2">
                      <input type="checkbox" name="selectedNominees" value={n.id} />
                      {n.name} <span className="text-slate-500">{n.email}</span>
                      {n.hasManager ? null : (
                        <span className="status-badge" data-status="warning">
                          No manager
                        </span>
                      )}
                    </label>
                    <button
                      type="submit"
                      name="intent"
                      value={`removeNominee:${n.id}`}
                      formNoValidate
                      className={buttonClass("ghost")}
                      aria-label={`Remove ${n.name}`}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                type="submit"
                name="intent"
                value="removeNominees"
                variant="secondary"
                formNoValidate
                disabled={page.nominees.length === 0}
              >
                Remove selected
              </Button>
              <Button
                type="submit"
                name="intent"
                value="clearNominees"
                variant="ghost"
                formNoValidate
                disabled={page.nominationAudience === 0}
              >
                Clear All
              </Button>
              <Button type="submit" name="intent" value="startNominations" formNoValidate disabled={page.nominationAudience === 0}>
                Start Nomination
              </Button>
            </div>
          </>
        )}
      </div>
    </details>
  );
}

/** A search of the nomination lists: a GET link form would leave the launch form, so it is a plain query link. */
function NomineeSearch() {
  return (
    <div className="flex items-end gap-2">
      <div>
        <label htmlFor="nominee-search" className="text-sm font-medium text-slate-800">
          Search
        </label>
        <input id="nominee-search" name="nq" type="search" form="nominee-search-form" className={input} placeholder="Name or e-mail" />
      </div>
      <button type="submit" form="nominee-search-form" className={buttonClass("secondary")}>
        Search
      </button>
    </div>
  );
}

/** Once nominations have started, the participants replace the audience editor (000 §2). */
function Participants({ page }: { page: LoaderData }) {
  const counts = NOMINATION_STATES.map((state) => [state, page.nominations.filter((n) => n.state === state).length] as const).filter(
    ([, n]) => n > 0
  );
  return (
    <>
      <p className="text-sm text-slate-700">
        Nominations started: {counts.map(([state, n]) => `${n} ${state}`).join(", ") || "no participants"}.
      </p>
      <NomineeSearch />
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label="Participants">
        <thead className="text-left text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3">
              <span className="sr-only">Select</span>
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Reviewee
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Nomination
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {page.nominations.map((n) => (
            <tr key={n.revieweeId}>
              <td className="py-2 pr-3">
                <input
                  type="checkbox"
                  name="selectedNominees"
                  value={n.revieweeId}
                  aria-label={`Select ${n.name}`}
                  disabled={n.state !== "open"}
                />
              </td>
              <td className="py-2 pr-3">
                {n.name} <span className="text-slate-500">{n.email}</span>
              </td>
              <td className="py-2 pr-3 capitalize">{n.state}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="cancelNominees" variant="secondary" formNoValidate>
          Cancel selected nominations
        </Button>
        <Button type="submit" name="intent" value="cancelNominations" variant="danger" formNoValidate>
          Cancel Nominations
        </Button>
      </div>
    </>
  );
}

type ConfirmData = NonNullable<LoaderData["confirm"]>;

/** The second step of launching or of starting or cancelling nominations: a dialog with JavaScript, in place without. */
function ConfirmStep({ confirm, id, hydrated }: { confirm: ConfirmData; id: string; hydrated: boolean }) {
  const navigate = useNavigate();
  const here = draftPath(id);
  const { title, body, label, intent } =
    confirm.kind === "launch"
      ? {
          title: confirm.scheduled ? "Schedule Review?" : "Launch Review?",
          body: confirm.scheduled
            ? "The review starts at its start date; reviewers are notified then."
            : "The review goes live now and every reviewer is notified.",
          label: confirm.scheduled ? "Schedule Review" : "Launch Review",
          intent: "confirmLaunch",
        }
      : confirm.kind === "nominations"
      ? {
          title: "Start Nomination?",
          body: nominationConfirmText(confirm.nominees),
          label: "Start Nomination",
          intent: "confirmNominations",
        }
      : {
          title: "Cancel Nominations?",
          body: "Open nominations are cancelled and the nomination audience can be edited again.",
          label: "Cancel Nominations",
          intent: "confirmCancelNominations",
        };
  const details = (
    <>
      <p>{body}</p>
      {confirm.withoutManagers.length > 0 ? (
        <div role="alert" className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-900">
          <p>{WITHOUT_MANAGERS}</p>
          <ul className="mt-2 list-disc pl-5">
            {confirm.withoutManagers.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
  const fields = { intent, requestId: confirm.requestId };
  if (!hydrated) {
    return (
      <ConfirmPanel
        id="confirm"
        title={title}
        fields={fields}
        cancelTo={here}
        confirmLabel={label}
        tone={confirm.kind === "cancelNominations" ? "danger" : "warning"}
      >
        {details}
      </ConfirmPanel>
    );
  }
  return (
    <Modal open onClose={() => navigate(here, { replace: true, preventScrollReset: true })} title={title}>
      <div className="mt-3 text-sm text-slate-700">{details}</div>
      <Form method="post" className="mt-5 flex justify-end gap-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link to={here} replace preventScrollReset className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" variant={confirm.kind === "cancelNominations" ? "danger" : "primary"} autoFocus>
          {label}
        </Button>
      </Form>
    </Modal>
  );
}

/** 000 §2 "Invalid-pairs dialog": the rows of an upload that were not added. */
function InvalidRows({ rows, kind, id, hydrated }: { rows: RejectedRow[]; kind: "pairs" | "nominees"; id: string; hydrated: boolean }) {
  const navigate = useNavigate();
  const here = `${draftPath(id)}#${kind === "pairs" ? "audience" : "nominations"}`;
  const n = rows.length;
  const title =
    kind === "pairs"
      ? n === 1
        ? "1 pair was not added"
        : `${n} pairs were not added`
      : n === 1
      ? "1 person was not added"
      : `${n} people were not added`;
  const table = (
    <div className="mt-3 max-h-80 overflow-y-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label="Rows not added">
        <thead className="text-left text-slate-700">
          <tr>
            <th scope="col" className="py-1 pr-3 font-semibold">
              Row
            </th>
            {kind === "pairs" ? (
              <>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Reviewee
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Reviewer
                </th>
              </>
            ) : (
              <th scope="col" className="py-1 pr-3 font-semibold">
                Reviewee
              </th>
            )}
            <th scope="col" className="py-1 font-semibold">
              Reason
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r, i) => (
            <tr key={i}>
              <td className="py-1 pr-3">{r.row}</td>
              {kind === "pairs" ? (
                <>
                  <td className="py-1 pr-3">{r.reviewee || "—"}</td>
                  <td className="py-1 pr-3">{r.reviewer || "—"}</td>
                </>
              ) : (
                <td className="py-1 pr-3">{r.email || "—"}</td>
              )}
              <td className="py-1">{r.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (!hydrated) {
    return (
      <section role="alertdialog" aria-labelledby="invalid-title" className="mb-6 rounded-lg border border-amber-200 bg-amber-50 p-5">
        <h2 id="invalid-title" className="text-base font-semibold">
          {title}
        </h2>
        {table}
        <Link to={here} className={`${buttonClass("secondary")} mt-4`}>
          Close
        </Link>
      </section>
    );
  }
  return (
    <Modal
      open
      size="lg"
      onClose={() => navigate(here, { replace: true, preventScrollReset: true })}
      title={title}
      description="Everyone else in the file was added."
    >
      {table}
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={() => navigate(here, { replace: true, preventScrollReset: true })} autoFocus>
          Close
        </Button>
      </div>
    </Modal>
  );
}
