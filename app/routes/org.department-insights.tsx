import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { GroupInsightsCard } from "~/modules/insights/components/group-insights-card";
import { MembersInsightsTabs } from "~/modules/insights/components/page-tabs";
import { findInsightsDepartment, groupInsightsCard, orgProfileBase } from "~/modules/insights/pages.server";
import { PageHeader } from "~/ui/page-header";

/** A department's Feedback Insights (Teams-type super admin: ViewDepartmentDetails); another company's department is a 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewDepartmentDetails");
  const department = await findInsightsDepartment(context.db, viewer, params.departmentId ?? "");
  if (!department) throw new Response("Not Found", { status: 404 });
  const card = await groupInsightsCard(context.db, viewer, new URL(request.url), {
    kind: "departmentInsights",
    population: { kind: "department", departmentId: department.id },
    showScope: true,
    profileBase: orgProfileBase(viewer),
  });
  return data(
    { department, platform: viewer.company.platform, card, crumbLabels: { departmentId: department.name } },
    { headers: { "Cache-Control": "private, no-store" } }
  );
}

export const meta = pageMeta;

export default function DepartmentInsightsPage() {
  const { department, platform, card } = useLoaderData<typeof loader>();
  const base = `/organization/settings/departments/${encodeURIComponent(department.id)}`;
  return (
    <>
      <PageHeader title={department.name} />
      <MembersInsightsTabs base={base} current="insights" name={department.name} />
      <GroupInsightsCard platform={platform} action={`${base}/feedback-insights`} card={card} />
    </>
  );
}
