import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { ALREADY_RESPONDED, CHECK_ANSWERS, DRAFT_SAVED, respondPath, RUN_CLOSED, THANK_YOU } from "~/modules/surveys/answers";
import { answersFromForm, restorableAnswers, validateAnswers } from "~/modules/blocks";
import type { SurveyAnswers } from "~/modules/surveys/blocks";
import { RespondBlocks } from "~/modules/surveys/components/respond-blocks";
import {
  deleteDraftStatement,
  draftCookie,
  draftCookieValue,
  draftTokenOf,
  loadForRecipient,
  newDraftToken,
  saveDraft,
  submitResponse,
  type RespondRefusal,
} from "~/modules/surveys/respond.server";
import { Button } from "~/ui/button";
import { utcDateTime } from "~/ui/format";

/**
 * /surveys/respond/:runId: where a recipient answers a survey run. Any signed-in
 * person may open it, but only a recipient of the run in their own company sees it (anyone else
 * gets a 404). A plain POST form: 'Save draft' keeps a half-finished response, 'Submit' sends it
 * once; both work with JavaScript off.
 */

const notFound = () => new Response("Not Found", { status: 404 });
const REFUSALS: Record<Exclude<RespondRefusal, "not-found">, string> = { closed: RUN_CLOSED, responded: ALREADY_RESPONDED };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "SignedIn");
  const runId = params.runId ?? "";
  const { token } = await draftTokenOf(request, context.config.sessionSecret, runId, viewer.user.id);
  const view = await loadForRecipient(context.db, { companyId: viewer.company.id, userId: viewer.user.id, runId, draftToken: token });
  if (!view) throw notFound();
  const { run } = view;
  const status = view.responded ? "responded" : run.state === "open" ? "open" : "closed";
  return data({
    run: {
      id: run.id,
      title: run.title,
      anonymous: run.anonymous,
      closesAt: run.closesAt && run.state === "open" ? utcDateTime(run.closesAt) : null,
      blocks: status === "open" ? run.blocks : [],
    },
    status,
    draft: status === "open" ? restorableAnswers(run.blocks, view.draft) : {},
    hasDraft: status === "open" && view.draft !== null,
    crumbLabels: { runId: run.title },
  });
}

type ActionData = { message: string; errors: Record<string, string[]>; answers: SurveyAnswers | null };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "SignedIn");
  const runId = params.runId ?? "";
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "draft" && intent !== "submit") throw new Response("Invalid intent", { status: 400 });
  const secret = context.config.sessionSecret;
  const { token, stale, cookieSafe } = await draftTokenOf(request, secret, runId, viewer.user.id);
  const view = await loadForRecipient(context.db, { companyId: viewer.company.id, userId: viewer.user.id, runId, draftToken: token });
  if (!view) throw notFound();
  const { run } = view;
  const refuse = (reason: RespondRefusal, answers: SurveyAnswers | null) => {
    if (reason === "not-found") throw notFound();
    return data<ActionData>({ message: REFUSALS[reason], errors: {}, answers }, { status: 409 });
  };
  if (view.responded) return refuse("responded", null);
  if (run.state !== "open") return refuse("closed", null);

  const answers = answersFromForm(run.blocks, form);
  const errors = validateAnswers(run.blocks, answers, { draft: intent === "draft" });
  if (Object.keys(errors).length > 0) return data<ActionData>({ message: CHECK_ANSWERS, errors, answers }, { status: 400 });

  const path = respondPath(run.id);
  const cookie = draftCookie(request, secret, run.id);
  const base = { companyId: viewer.company.id, runId: run.id, userId: viewer.user.id, now: new Date() };
  if (intent === "draft") {
    // Anonymous: the draft is keyed by the cookie's random token (a new one the first time), never the user id.
    // Run ids are minted as UUIDs; one that cannot name a cookie cannot keep an anonymous draft.
    if (run.anonymous && !cookieSafe) throw new Response("Bad Request", { status: 400 });
    const key = run.anonymous ? token ?? newDraftToken() : viewer.user.id;
    const saved = await saveDraft(context.db, { ...base, key, answers });
    if (!saved.ok) return refuse(saved.reason, answers);
    const headers = new Headers();
    if (run.anonymous && key !== token) {
      headers.append("Set-Cookie", await cookie.serialize(draftCookieValue(key, viewer.user.id)));
      // The cookie it replaces was someone else's on this browser: their draft can no longer be reached.
      if (stale) await context.db.run(deleteDraftStatement(run.id, stale));
    }
    return redirectWithToast(path, { type: "success", message: DRAFT_SAVED }, { request, headers });
  }

  const submitted = await submitResponse(context.db, {
    ...base,
    anonymous: run.anonymous,
    closeRule: run.closeRule,
    blocks: run.blocks,
    answers,
    draftKey: run.anonymous ? token : viewer.user.id,
  });
  if (!submitted.ok) return refuse(submitted.reason, answers);
  const headers = new Headers();
  if (run.anonymous && token) headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0, expires: new Date(0) }));
  return redirect(path, { headers });
}

export const meta = pageMeta;

export default function RespondPage() {
  const { run, status, draft, hasDraft } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const answers = actionData?.answers ?? draft;
  const errors = actionData?.errors ?? {};
  return (
    <div className="mx-auto max-w-3xl">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{run.title}</h1>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          {run.anonymous ? <p data-anonymous>This survey is anonymous: your name is not kept with your answers.</p> : null}
          {run.closesAt ? <p>Closes {run.closesAt}</p> : null}
        </div>
      </header>
      {actionData?.message ? (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-respond-error>
          {actionData.message}
        </p>
      ) : null}
      {status === "responded" ? (
        <section
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 px-6 py-10 text-center"
          data-respond-state="thanks"
        >
          <p className="text-lg font-semibold text-emerald-900">{THANK_YOU}</p>
          <p className="mt-1 text-sm text-emerald-800">Your answers have been recorded. There is nothing more to do.</p>
        </section>
      ) : status === "closed" ? (
        <section
          role="status"
          className="rounded-lg border border-slate-300 bg-slate-50 px-6 py-10 text-center"
          data-respond-state="closed"
        >
          <p className="text-lg font-semibold text-slate-900">{RUN_CLOSED}</p>
        </section>
      ) : (
        <Form method="post" className="space-y-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-respond-state="open">
          {hasDraft && !actionData ? (
            <p className="rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900" data-draft-restored>
              Your draft has been restored.
            </p>
          ) : null}
          <p className="text-xs text-slate-500">
            Questions marked <span className="text-red-600">*</span> are required.
          </p>
          <RespondBlocks blocks={run.blocks} answers={answers} errors={errors} />
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
            <Button type="submit" name="intent" value="draft" variant="secondary" formNoValidate disabled={busy}>
              Save draft
            </Button>
            <Button type="submit" name="intent" value="submit" disabled={busy}>
              Submit
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
