import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { OkrPage } from "~/modules/objectives/components/okr-page";
import { loadOkrPage, runOkrAction, type OkrPageData } from "~/modules/objectives/okr-actions.server";

/** /objective-campaign/okr and /objective-campaign/performance-contract (001 §2, the todos permission). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewTodosPage");
  return data(await loadOkrPage(context, viewer, new URL(request.url)));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewTodosPage");
  return runOkrAction(request, context, viewer);
}

export const meta = pageMeta;

export default function OkrRoute() {
  return <OkrPage data={useLoaderData<typeof loader>() as unknown as OkrPageData} />;
}
