import { sharedCopy } from "~/lib/copy";
import type { Platform } from "~/lib/permissions/registry";
import { MembersCard, type MembersCardMember } from "~/ui/members-card";
import { PageHeader } from "~/ui/page-header";
import { GroupInsightsCard } from "./group-insights-card";
import type { InsightsCardData } from "./insights-view";

/** A team's page (My Team's relationship, My Groups' group): its Feedback Insights above its members card. */
export function InsightsMembersPage({
  data,
  action,
}: {
  data: {
    name: string;
    platform: Platform;
    card: Extract<InsightsCardData, { kind: "group" }>;
    detailsPath: string;
    members: MembersCardMember[];
    page: number;
    pageCount: number;
    total: number;
  };
  /** The page's path (the filters' GET form). */
  action: string;
}) {
  return (
    <>
      <PageHeader title={data.name} />
      <div className="space-y-6">
        <GroupInsightsCard platform={data.platform} action={action} card={data.card} />
        <MembersCard
          title="Members"
          members={data.members}
          detailsPath={data.detailsPath}
          page={data.page}
          pageCount={data.pageCount}
          total={data.total}
          emptyText={sharedCopy.noUserData}
        />
      </div>
    </>
  );
}
