import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { DataStudioPage } from "~/modules/analytics/data-studio/components/data-studio-page";
import { dataStudioAction, dataStudioPage, type DataStudioReply } from "~/modules/analytics/data-studio/page.server";

/**
 * Data Studio (001 §2, §7): /analytics/my-queries, ViewAnalytics. `?view=<id>` loads one of the
 * person's saved views; every builder step, Run, Save View and Download post the page's one form.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // Who asks (ViewAnalytics) and their views are one D1 batch.
  return data(await dataStudioPage(request, context, "ViewAnalytics"), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewAnalytics");
  return dataStudioAction(context, viewer, request);
}

export const meta = pageMeta;

/** The page's own posts answer its whole state; loading it again would put back the query as first loaded. */
export function shouldRevalidate({ formMethod, formAction, currentUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod?.toUpperCase() === "POST" && formAction && new URL(formAction, currentUrl).pathname === currentUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function DataStudio() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<DataStudioReply>();
  return <DataStudioPage page={page} reply={reply?.kind === "state" ? reply : null} />;
}
