import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { copy, pageTitle } from "~/lib/copy";
import { sameOriginPath, withoutParam } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { CompanySettingsSchema } from "~/modules/org/settings.schema";
import { saveCompanySettings } from "~/modules/org/settings.server";
import { buttonClass } from "~/ui/button";
import { SettingsForm } from "~/modules/org/components/settings-form";
import { ChannelSettingsForm } from "~/modules/notifications/components/channel-settings-form";
import { NOTIFICATION_CHANNELS_INTENT, NotificationChannelsSchema } from "~/modules/notifications/preferences.schema";
import { loadChannelChoices, saveChannelChoices } from "~/modules/notifications/preferences.server";

/**
 * POST /settings saves the Settings modal (ViewSettingsModal). The page itself (GET, or a bad
 * submission with JavaScript off) shows the same form on its own, so every path works without JS.
 * The page also holds the Notifications section (per-kind channels), posted here with its intent.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSettingsModal");
  return data({
    platform: viewer.company.platform,
    settings: { colorScale: viewer.company.analyticsColorScale, anonymityFloor: viewer.company.anonymityFloor },
    channels: await loadChannelChoices(context.db, viewer.company.id),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSettingsModal");
  const formData = await request.formData();
  if (formData.get("intent") === NOTIFICATION_CHANNELS_INTENT) {
    const channels = parseWithZod(formData, { schema: NotificationChannelsSchema });
    if (channels.status !== "success") return data({ channels: channels.reply() }, { status: 400 });
    const { intent: _, ...choices } = channels.value;
    await saveChannelChoices(context.db, { companyId: viewer.company.id, actorId: viewer.user.id, choices, requestId: context.requestId });
    return redirectWithToast("/settings", { type: "success", message: copy(viewer.company.platform).notificationPrefs.saved }, { request });
  }
  const submission = parseWithZod(formData, { schema: CompanySettingsSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const { colorScale, anonymityFloor = viewer.company.anonymityFloor } = submission.value;
  await saveCompanySettings(context, viewer, { colorScale, anonymityFloor });
  const back = withoutParam(sameOriginPath(submission.value.redirectTo, "/"), "settings");
  return redirectWithToast(back, { type: "success", message: copy(viewer.company.platform).settingsSaved }, { request });
}

export const meta: MetaFunction = () => [{ title: pageTitle("Settings") }];

export default function SettingsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as
    | { result?: SubmissionResult<string[]>; channels?: SubmissionResult<string[]> }
    | undefined;
  const words = copy(data.platform);
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-lg font-semibold text-slate-900">{words.settingsTitle}</h1>
        <SettingsForm
          words={words}
          settings={data.settings}
          redirectTo="/"
          notificationsLink={false}
          lastResult={actionData?.result}
          FormComponent={Form}
          cancel={
            <Link to="/" className={buttonClass("secondary")}>
              {words.cancel}
            </Link>
          }
        />
        <ChannelSettingsForm words={words} choices={data.channels} lastResult={actionData?.channels} />
      </div>
    </main>
  );
}
