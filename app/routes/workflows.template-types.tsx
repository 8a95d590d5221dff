import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { TemplateTypesPage } from "~/modules/feedback/components/template-types-page";

/** 002 §2.4: choose the template type of a new feedback loop. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewFeedbackLoops");
  return data({ platform: viewer.company.platform });
}

export const meta = pageMeta;

export default function WorkflowTemplateTypes() {
  const { platform } = useLoaderData<typeof loader>();
  return <TemplateTypesPage platform={platform} />;
}
