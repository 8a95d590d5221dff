import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta, sameOriginPath } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { UsersPage } from "~/modules/org/components/users-page";
import { BASE, DIALOGS, listSearch, type DialogKind, type UserDialogData } from "~/modules/org/users-page";
import { parseUsersQuery, UserActionSchema } from "~/modules/org/users.schema";
import {
  companyDepartmentsAndRoles,
  companyUser,
  requireUsersPage,
  managerCandidates,
  runUserAction,
  statusOf,
} from "~/modules/org/users.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = parseUsersQuery(url.searchParams);
  const { viewer, list } = await requireUsersPage(request, context, query);

  const kind = url.searchParams.get("dialog") as DialogKind | null;
  const targetId = url.searchParams.get("user");
  let dialog: null | UserDialogData = null;
  if (kind && DIALOGS.includes(kind) && targetId) {
    const target = await companyUser(context, viewer, targetId);
    dialog = {
      kind,
      user: {
        id: target.id,
        name: target.name,
        title: target.title,
        departmentId: target.departmentId,
        roleId: target.roleId,
        status: statusOf(target),
      },
    };
    if (kind === "edit") Object.assign(dialog, await companyDepartmentsAndRoles(context, viewer));
    if (kind === "managers") {
      // A search (`mq` present) carries the ticks of the form it came from; else the current managers.
      const searched = url.searchParams.has("mq");
      const search = (url.searchParams.get("mq") ?? "").trim().slice(0, 200);
      const ticked = searched ? url.searchParams.getAll("managerIds") : undefined;
      dialog.managers = { search, ...(await managerCandidates(context, viewer, target.id, { search, ticked })) };
    }
  }
  return data({
    platform: viewer.company.platform,
    viewerId: viewer.user.id,
    canUpdateManagers: viewer.permissions.includes("UpdateUserManagers"),
    query,
    back: BASE + listSearch(url),
    ...list,
    dialog,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewUsers");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: UserActionSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  if (submission.value.intent === "managers") await requirePermission(request, context, "UpdateUserManagers");
  const outcome = await runUserAction(context, viewer, submission.value);
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
  const back = sameOriginPath(submission.value.back, BASE);
  return redirectWithToast(back.startsWith(BASE) ? back : BASE, { type: "success", message: outcome.message }, { request });
}

export const meta = pageMeta;

export default function UsersRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  return <UsersPage data={data} result={actionData?.result} />;
}
