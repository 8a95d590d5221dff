import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sharedCopy } from "~/lib/copy";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { SlackInstallError, startSlackInstall } from "~/modules/slack/install.server";

/** /slack/install ("Add to Slack"): a Slack-type super admin is sent to Slack's install page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewWorkspaces");
  try {
    return await startSlackInstall(request, context, viewer);
  } catch (error) {
    if (!(error instanceof SlackInstallError)) throw error;
    return redirectWithToast("/integrations", { type: "error", message: sharedCopy.slackApp.installFailed }, { request });
  }
}
