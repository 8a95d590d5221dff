import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { loadSurvey } from "~/modules/surveys/audience.server";
import { NotificationsFormSchema, schedulerSchema, type SchedulerForm as Form } from "~/modules/surveys/components/scheduler-fields";
import { SchedulerForm, type SchedulerPage } from "~/modules/surveys/components/scheduler-form";
import {
  DEFAULT_LAUNCH_MESSAGE,
  DEFAULT_REMINDER_MESSAGE,
  MANAGE_SURVEYS_PATH,
  cancelSchedule,
  launchBlockerOf,
  launchSurvey,
  saveNotifications,
  saveSchedule,
  type ScheduleFields,
} from "~/modules/surveys/launch.server";
import { describeRun, formatLocalDateTime, offsetLabel, parseLocalDateTime, type Frequency } from "~/modules/surveys/schedule";
import { buttonClass } from "~/ui/button";
import { PageHeader } from "~/ui/page-header";

const notFound = () => new Response("Not Found", { status: 404 });
const audiencePath = (id: string) => `/surveys/survey-library/${encodeURIComponent(id)}/survey-audience`;
const schedulerPath = (id: string) => `${audiencePath(id)}/survey-scheduler`;

/**
 * The scheduler, the launch step (001 §2 "Survey scheduler"): start date and frequency with a
 * preview of the next runs, close rule, notification texts, and Launch. Launch is refused with
 * the §5 message (and writes nothing) while the survey lacks a question, an audience or result
 * viewers; a start from now starts a run at once, a later one schedules it; both go on to manage
 * surveys. Without JavaScript times are UTC; with it the browser's offset is used and stored.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const survey = await loadSurvey(context.db, viewer.company.id, params.surveyId ?? "");
  if (!survey) throw notFound();
  const now = Date.now();
  const offset = survey.tzOffsetMinutes;
  const savedStart = survey.startAt?.getTime() ?? null;
  // A start that has passed is offered as now: the next launch starts from today.
  const start = savedStart !== null && savedStart > now ? savedStart : Math.floor(now / 60_000) * 60_000;
  const page: SchedulerPage = {
    id: survey.id,
    version: survey.version,
    title: survey.title,
    values: {
      startDate: formatLocalDateTime(start, offset),
      frequency: survey.frequency ?? "does-not-repeat",
      tzOffsetMinutes: String(offset),
      closeRule: survey.closeRule,
      closeSpan: survey.closeSpan === null ? "" : String(survey.closeSpan),
      closeUnit: survey.closeUnit ?? "days",
      closeAt: formatLocalDateTime(survey.closeAt?.getTime() ?? null, offset),
      launchMessage: survey.notifications?.launch ?? DEFAULT_LAUNCH_MESSAGE,
      reminderMessage: survey.notifications?.reminder ?? DEFAULT_REMINDER_MESSAGE,
    },
    blocker: launchBlockerOf(survey),
    nextRunAt: survey.nextRunAt?.getTime() ?? null,
    now,
  };
  return data({ page, crumbLabels: { surveyId: survey.title } });
}

function fieldsOf(form: Form): ScheduleFields {
  const offset = form.tzOffsetMinutes;
  return {
    startAt: parseLocalDateTime(form.startDate, offset)!,
    frequency: form.frequency as Frequency,
    tzOffsetMinutes: offset,
    closeRule: form.closeRule,
    closeSpan: form.closeSpan ?? null,
    closeUnit: form.closeUnit ?? null,
    closeAt: form.closeRule === "onSpecificTime" ? parseLocalDateTime(form.closeAt, offset) : null,
    notifications: { launch: form.launchMessage.trim(), reminder: form.reminderMessage.trim() },
  };
}

type ActionData = { result: SubmissionResult<string[]> | null; formError: string | null; saved?: boolean };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const survey = await loadSurvey(context.db, viewer.company.id, params.surveyId ?? "");
  if (!survey) throw notFound();
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "save");
  const actor = { actorId: viewer.user.id, requestId: context.requestId ?? null };
  const here = schedulerPath(survey.id);

  if (intent === "notifications") {
    const submission = parseWithZod(formData, { schema: NotificationsFormSchema });
    if (submission.status !== "success") return data<ActionData>({ result: submission.reply(), formError: null }, { status: 400 });
    await saveNotifications(context.db, survey, {
      launch: submission.value.launchMessage.trim(),
      reminder: submission.value.reminderMessage.trim(),
    });
    return data<ActionData>({ result: null, formError: null, saved: true });
  }
  if (intent === "unschedule") {
    await cancelSchedule(context.db, survey, actor);
    return redirectWithToast(here, { type: "success", message: "Schedule cancelled" }, { request });
  }
  if (intent !== "save" && intent !== "launch" && intent !== "preview") throw new Response("Invalid intent", { status: 400 });

  const now = new Date();
  const submission = parseWithZod(formData, { schema: schedulerSchema(now.getTime()) });
  // Without JavaScript, "Update preview" shows the choices and runs of the start date sent; nothing is saved.
  if (intent === "preview") return data<ActionData>({ result: submission.reply(), formError: null });
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply(), formError: null }, { status: 400 });
  const fields = fieldsOf(submission.value);

  if (intent === "save") {
    await saveSchedule(context.db, survey, fields, actor, now);
    return redirectWithToast(here, { type: "success", message: "Schedule saved" }, { request });
  }
  const outcome = await launchSurvey(context.db, survey, fields, actor, now);
  if (!outcome.ok) return data<ActionData>({ result: submission.reply(), formError: outcome.conflict }, { status: 400 });
  const message =
    "scheduledAt" in outcome
      ? `Survey scheduled: the first run starts on ${describeRun(outcome.scheduledAt, fields.tzOffsetMinutes)} (${offsetLabel(
          fields.tzOffsetMinutes
        )})`
      : `Survey launched to ${outcome.started.audienceCount} ${outcome.started.audienceCount === 1 ? "person" : "people"}`;
  return redirectWithToast(MANAGE_SURVEYS_PATH, { type: "success", message }, { request });
}

/** The notification texts' auto-save keeps the page as it is (the person is typing). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "notifications") return false;
  return defaultShouldRevalidate;
}

export const meta = pageMeta;

export default function SurveyScheduler() {
  const { page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const typed = page as SchedulerPage;
  return (
    <>
      <PageHeader
        title="Schedule & Launch"
        description={`${typed.title}: when it runs, how it closes and what people are told.`}
        actions={
          <Link to={audiencePath(typed.id)} className={buttonClass("secondary")}>
            Previous
          </Link>
        }
      />
      <SchedulerForm
        page={typed}
        lastResult={navigation.state === "idle" ? actionData?.result ?? undefined : undefined}
        formError={actionData?.formError ?? null}
      />
    </>
  );
}
