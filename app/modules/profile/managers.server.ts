import { data, redirect } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { hasPermission } from "~/lib/permissions/names";
import { redirectWithToast } from "~/lib/toast.server";
import type { ManagerChoices } from "~/modules/org/users-page";
import { companyUser, managerCandidates, replaceManagers } from "~/modules/org/users.server";
import { ManagersIntent, type ProfileAction } from "./profile.schema";
import type { ProfileTabArgs } from "./tab-args";

/** A refused form: its errors for the page (useActionData), with a 400. */
export type ProfileActionReply = ReturnType<typeof data<{ result: SubmissionResult<string[]> }>>;

/** The query string that opens the managers form on a profile (server-rendered, so without JavaScript too). */
export const MANAGERS_DIALOG = "managers";

/** Whether the viewer may change the managers of the profile's person: UpdateUserManagers, other people's profiles only. */
export function mayEditManagers(args: Pick<ProfileTabArgs, "viewer" | "isOwn">) {
  return !args.isOwn && hasPermission(args.viewer.permissions, "UpdateUserManagers");
}

/**
 * The managers form's choices when the address asks for it (`?dialog=managers`) and the viewer
 * may edit them; else null. A search (`mq` present) carries the ticks of the form it came from
 * (the Users page's dialog does the same); else the current managers are ticked.
 */
export async function loadManagersDialog(args: ProfileTabArgs): Promise<ManagerChoices | null> {
  const params = args.url.searchParams;
  if (params.get("dialog") !== MANAGERS_DIALOG || !mayEditManagers(args) || args.person.isDeleted) return null;
  const searched = params.has("mq");
  const search = (params.get("mq") ?? "").trim().slice(0, 200);
  const ticked = searched ? params.getAll("managerIds").slice(0, 50) : undefined;
  return {
    search,
    ...(await managerCandidates(args.context, args.viewer, args.person.id, {
      search,
      ticked,
    })),
  };
}

/**
 * Save of the managers form: the gate by name (a redirect home without it, as for a route), the
 * person of the viewer's company (else 404), then the Users page's write, which refuses the person
 * as their own manager, unknown or deactivated people and a managee as manager, writing nothing.
 * Back to the profile's tab with a toast; a refusal keeps the form open with its errors.
 */
export async function saveManagers(
  args: ProfileTabArgs,
  action: Extract<ProfileAction, { intent: "managers" }>
): Promise<Response | ProfileActionReply> {
  if (!mayEditManagers(args)) return redirect("/");
  const target = await companyUser(args.context, args.viewer, args.person.id);
  const outcome = await replaceManagers(args.context, args.viewer, target, action.managerIds);
  const submission = parseWithZod(formOf(action), { schema: ManagersIntent });
  if (!outcome.ok) {
    return data(
      {
        result: submission.reply({
          formErrors: outcome.formError ? [outcome.formError] : undefined,
          fieldErrors: outcome.fieldErrors,
        }),
      },
      { status: 400 }
    );
  }
  return redirectWithToast(args.url.pathname, { type: "success", message: outcome.message }, { request: new Request(args.url) });
}

/** The parsed fields again as a form, so the refusal's reply keeps what was ticked. */
function formOf(action: Extract<ProfileAction, { intent: "managers" }>) {
  const form = new FormData();
  form.set("intent", action.intent);
  for (const id of action.managerIds) form.append("managerIds", id);
  return form;
}
