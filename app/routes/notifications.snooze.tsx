import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notificationPrefsCopy, pageTitle } from "~/lib/copy";
import { redirectWithToast } from "~/lib/toast.server";
import { requireViewer } from "~/modules/auth/session.server";
import { formatSnoozeEnd, SnoozePage } from "~/modules/notifications/components/snooze-page";
import { SnoozeSchema } from "~/modules/notifications/snooze.schema";
import { resumeReminders, snoozedUntil, snoozeReminders } from "~/modules/notifications/snooze.server";

export const meta: MetaFunction = () => [{ title: pageTitle(notificationPrefsCopy.snoozeTitle) }];

/** Any signed-in person, about their own reminders only: the form names nobody. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const until = await snoozedUntil(context.db, viewer.company.id, viewer.user.id, new Date());
  return data({ snoozedUntil: until?.toISOString() ?? null }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const submission = parseWithZod(await request.formData(), { schema: SnoozeSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ formErrors: [notificationPrefsCopy.badSnoozeRequest] }) }, { status: 400 });
  }
  const who = { companyId: viewer.company.id, userId: viewer.user.id, now: new Date() };
  if (submission.value.intent === "resume") {
    await resumeReminders(context.db, { ...who, digestHour: context.config.reminderDigestHour });
    return redirectWithToast("/notifications/snooze", { type: "success", message: notificationPrefsCopy.resumed }, { request });
  }
  const { until } = await snoozeReminders(context.db, who);
  const message = notificationPrefsCopy.snoozedUntil(formatSnoozeEnd(until.toISOString()));
  return redirectWithToast("/notifications/snooze", { type: "success", message }, { request });
}

export default function SnoozeRoute() {
  const { snoozedUntil } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  return <SnoozePage snoozedUntil={snoozedUntil} lastResult={actionData?.result} />;
}
