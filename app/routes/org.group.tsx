import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { MembersInsightsTabs } from "~/modules/insights/components/page-tabs";
import { GroupActionSchema } from "~/modules/org/groups.schema";
import { changeGroup, loadGroup } from "~/modules/org/groups.server";
import { pageParam } from "~/modules/org/team.server";
import { Avatar } from "~/ui/avatar";
import { Button } from "~/ui/button";
import { MembersCard, type MembersCardMember } from "~/ui/members-card";
import { PageHeader } from "~/ui/page-header";

const notFound = () => new Response("Not Found", { status: 404 });

/**
 * /organization/settings/groups/:groupId: a group's members (paginated) and admins; add and
 * remove members, make and unmake admins (002 §5 rules enforced in groups.server.ts).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewGroups");
  const group = await loadGroup(context.db, viewer.company.id, params.groupId ?? "", pageParam(new URL(request.url)));
  if (!group) throw notFound();
  return data({ group, crumbLabels: { groupId: group.name } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewGroups");
  const submission = parseWithZod(await request.formData(), { schema: GroupActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const groupId = params.groupId ?? "";
  const outcome = await changeGroup(
    context.db,
    { companyId: viewer.company.id, actorId: viewer.user.id, requestId: context.requestId },
    groupId,
    submission.value,
  );
  if (!outcome.ok && "notFound" in outcome) throw notFound();
  if (!outcome.ok) return data({ result: submission.reply({ formErrors: [outcome.error] }) }, { status: 400 });
  const back = new URL(request.url);
  return redirectWithToast(`${back.pathname}${back.search}`, { type: "success", message: outcome.message }, { request });
}

export const meta = pageMeta;

export default function GroupPage() {
  const { group } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const [form, fields] = useForm({ id: "group-add-member", lastResult: actionData?.result });
  const errors = actionData?.result?.error?.[""] ?? null;

  const rowActions = (member: MembersCardMember) => (
    <div className="flex items-center gap-2">
      {member.isTeamAdmin ? null : (
        <MemberForm intent="make-admin" userId={member.id} label={`Make ${member.name} admin`} text="Make admin" />
      )}
      <MemberForm intent="remove-member" userId={member.id} label={`Remove ${member.name}`} text="Remove" />
    </div>
  );

  return (
    <>
      <PageHeader title={group.name} description={group.channelName ? `Channel: ${group.channelName}` : undefined} />
      <MembersInsightsTabs base={`/organization/settings/groups/${encodeURIComponent(group.id)}`} current="members" name={group.name} />
      {errors && errors.length > 0 ? (
        <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-group-error>
          {errors.join(" ")}
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby="add-member" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="add-member" className="text-base font-semibold text-slate-900">
              Add member
            </h2>
            <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-start gap-2">
              <input type="hidden" name="intent" value="add-member" />
              <div className="min-w-64 flex-1">
                <label htmlFor={fields.email.id} className="sr-only">
                  E-mail
                </label>
                <input
                  {...getInputProps(fields.email, { type: "email" })}
                  placeholder="name@company.com"
                  className="block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
                />
                {fields.email.errors ? (
                  <p id={fields.email.errorId} className="mt-1 text-sm text-red-600" data-field-error>
                    {fields.email.errors.join(" ")}
                  </p>
                ) : null}
              </div>
              <Button type="submit">Add</Button>
            </Form>
          </section>
          <MembersCard
            title="Members"
            members={group.members.members}
            page={group.members.page}
            pageCount={group.members.pageCount}
            total={group.members.total}
            emptyText="No User data available."
            actions={rowActions}
          />
        </div>
        <section aria-labelledby="group-admins" className="h-fit rounded-lg border border-slate-200 bg-white shadow-sm">
          <div className="flex items-center justify-between border-b border-slate-100 px-5 py-3">
            <h2 id="group-admins" className="text-base font-semibold text-slate-900">
              Admins
            </h2>
            <span className="text-sm text-slate-500">{group.adminCount}</span>
          </div>
          <ul className="divide-y divide-slate-100" data-admins>
            {group.admins.map((admin) => (
              <li key={admin.id} className="flex items-center gap-3 px-5 py-3" data-admin-id={admin.id}>
                <Avatar name={admin.name} imageUrl={admin.imageUrl} size="sm" />
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{admin.name}</span>
                <MemberForm intent="unmake-admin" userId={admin.id} label={`Remove ${admin.name} as admin`} text="Remove admin" />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

function MemberForm({ intent, userId, label, text }: { intent: string; userId: string; label: string; text: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={userId} />
      <Button type="submit" variant="ghost" aria-label={label} className="px-2 py-1 text-xs">
        {text}
      </Button>
    </Form>
  );
}
