import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useFetcher, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { copy } from "~/lib/copy";
import { DraftFormSchema, LAUNCH_PATH, REVIEWS_PATH, draftPath, launchFormSchema, parseDateTime } from "~/modules/reviews/launch.schema";
import { Button, buttonClass } from "~/ui/button";
import { PageHeader } from "~/ui/page-header";
import { useHydrated } from "~/ui/use-hydrated";
import { AudienceSection, NominationSection } from "~/modules/reviews/components/launch-audience";
import { ConfirmStep, InvalidRows } from "~/modules/reviews/components/launch-dialogs";
import { AnonymousField, DateField, FieldError, ShareResult, input, panel } from "~/modules/reviews/components/launch-fields";
import type { LaunchLoaderData, LaunchPage } from "~/modules/reviews/components/launch-types";

/** 000 §9: after a launch the page waits this long, then goes back to the reviews list. */
const POST_LAUNCH_DELAY_MS = 2000;
/** 000 §9 text debounce: the draft saves this long after the last change. */
const AUTOSAVE_DEBOUNCE_MS = 350;

type LoaderData = LaunchPage;

/** The Launch Review page (000 §2): the form, or once launched the success message. */
export function LaunchReviewPage({ loaded }: { loaded: LaunchLoaderData }) {
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
  const actionData = useActionData() as { result: SubmissionResult<string[]> | null; error: string | null } | undefined;
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
  const audienceLoad = useFetcher<LaunchLoaderData>();
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
