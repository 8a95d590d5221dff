import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sharedCopy } from "~/lib/copy";
import { logWarn } from "~/lib/log.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { clearInstallCookie, finishSlackInstall, SlackInstallError } from "~/modules/slack/install.server";

/** /slack/oauth/callback: Slack's redirect after "Add to Slack"; the installation is stored for the workspace. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewWorkspaces");
  const headers = new Headers({ "Set-Cookie": await clearInstallCookie(request, context), "Cache-Control": "no-store" });
  const words = sharedCopy.slackApp;
  try {
    const { teamName } = await finishSlackInstall(request, context, viewer);
    return redirectWithToast("/integrations", { type: "success", message: words.installed(teamName) }, { request, headers });
  } catch (error) {
    if (!(error instanceof SlackInstallError)) throw error;
    logWarn(context.requestId, error.message, { companyId: viewer.company.id });
    const message = error.reason === "team-of-another-company" ? words.installRefused : words.installFailed;
    return redirectWithToast("/integrations", { type: "error", message }, { request, headers });
  }
}
