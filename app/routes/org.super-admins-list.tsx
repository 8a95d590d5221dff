import type { SubmissionResult } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/lib/copy";
import { AdminListPage } from "~/modules/org/admin-list-page";
import { adminListAction, adminListLoader } from "~/modules/org/admin-list.route.server";

export const loader = adminListLoader("super");
export const action = adminListAction("super");
export const meta: MetaFunction = () => [{ title: pageTitle("Super Admins List") }];

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  return <AdminListPage data={data} result={actionData?.result} />;
}
