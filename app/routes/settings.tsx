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

/**
 * POST /settings saves the Settings modal (ViewSettingsModal). The page itself (GET, or a bad
 * submission with JavaScript off) shows the same form on its own, so every path works without JS.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSettingsModal");
  return data({
    platform: viewer.company.platform,
    settings: { colorScale: viewer.company.analyticsColorScale, anonymityFloor: viewer.company.anonymityFloor },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSettingsModal");
  const submission = parseWithZod(await request.formData(), { schema: CompanySettingsSchema });
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
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const words = copy(data.platform);
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-lg font-semibold text-slate-900">{words.settingsTitle}</h1>
        <SettingsForm
          words={words}
          settings={data.settings}
          redirectTo="/"
          lastResult={actionData?.result}
          FormComponent={Form}
          cancel={
            <Link to="/" className={buttonClass("secondary")}>
              {words.cancel}
            </Link>
          }
        />
      </div>
    </main>
  );
}
