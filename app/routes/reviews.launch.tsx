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
import { AUDIENCE_REQUIRED, NOMINATIONS_NOT_STARTED } from "~/modules/reviews/campaign-machine";
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
  DraftFormSchema,
  LAUNCH_PATH,
  REVIEWS_PATH,
  draftPath,
  formValuesOf,
  launchFormSchema,
  parseDateTime,
} from "~/modules/reviews/launch.schema";
import { Button, buttonClass } from "~/ui/button";
import { PageHeader } from "~/ui/page-header";
import { NO_ACCESS } from "~/modules/reviews/components/review-detail.schema";
import { useHydrated } from "~/ui/use-hydrated";
import { AudienceSection, NominationSection } from "~/modules/reviews/components/launch-audience";
import { ConfirmStep, InvalidRows } from "~/modules/reviews/components/launch-dialogs";
import { AnonymousField, DateField, FieldError, ShareResult, input, panel } from "~/modules/reviews/components/launch-fields";
import type { LaunchPage } from "~/modules/reviews/components/launch-types";
import type { AudienceChange } from "~/modules/reviews/campaign-commands";

/** 000 §9: after a launch the page waits this long, then goes back to the reviews list. */
const POST_LAUNCH_DELAY_MS = 2000;
/** 000 §9 text debounce: the draft saves this long after the last change. */
const AUTOSAVE_DEBOUNCE_MS = 350;
/** A request body above this is refused before it is read (the upload limit plus the form). */
const MAX_BODY_BYTES = 3 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Alerts the page shows after a refused launch, by code (the texts are 000 §5's). */
const BLOCKED: Record<string, string> = { nominations: NOMINATIONS_NOT_STARTED, audience: AUDIENCE_REQUIRED };

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
    anonymityFloor: viewer.company.anonymityFloor,
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

type LoaderData = LaunchPage;

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

  // The audience's people are those of the saved workspace. An auto-save does not reload the page,
  // so when it saved another workspace than the one shown, its people are read from the draft.
  const [audience, setAudience] = useState({ channel: loaded.values.channel, members: loaded.members });
  useEffect(() => setAudience({ channel: loaded.values.channel, members: loaded.members }), [loaded.values.channel, loaded.members]);
  const audienceLoad = useFetcher<typeof loader>();
  const sentChannel = useRef<string | null>(null);
  useEffect(() => {
    if (autosave.state !== "idle" || !autosave.data?.autosaved || sentChannel.current === null) return;
    const channel = sentChannel.current;
    sentChannel.current = null;
    if (channel !== audience.channel) audienceLoad.load(draftPath(autosave.data.autosaved.id));
    // Once per finished auto-save (sentChannel is cleared), not on every change of what it reads.
  }, [autosave.state, autosave.data, audience.channel, audienceLoad]);
  useEffect(() => {
    const fresh = audienceLoad.data;
    if (audienceLoad.state === "idle" && fresh && !fresh.launched) setAudience({ channel: fresh.values.channel, members: fresh.members });
  }, [audienceLoad.state, audienceLoad.data]);

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
      sentChannel.current = String(body.get("channel") ?? "");
      autosave.submit(body, { method: "post", action: draftSaved ? draftPath(page.id) : LAUNCH_PATH, encType: "multipart/form-data" });
    }, AUTOSAVE_DEBOUNCE_MS);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const busy = navigation.state !== "idle";
  const launchLabel = scheduled ? "Schedule Review" : "Launch Review";
  const channelName = page.channels.find((c) => c.id === audience.channel)?.name ?? null;

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
            <AnonymousField
              field={fields.anonymous}
              checked={values.anonymous === "on"}
              platform={page.platform}
              anonymityFloor={page.anonymityFloor}
            />
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

        <AudienceSection page={{ ...page, members: audience.members }} fields={fields} channelName={channelName} />
        <NominationSection page={{ ...page, members: audience.members }} fields={fields} />
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
