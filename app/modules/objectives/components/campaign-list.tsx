import { Link } from "@remix-run/react";
import { sharedCopy } from "~/lib/copy";
import { ButtonLink } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { DataTable } from "~/ui/table";
import { campaignTime } from "./campaign-parts";

/** /objective-campaigns (001 §2): Title, Start Date, End Date, State; a row opens its draft or manage page. */

const T = sharedCopy.objectiveCampaigns;

export interface CampaignListRow {
  id: string;
  title: string;
  startAt: number;
  endAt: number;
  state: string;
  href: string;
}

export function CampaignListPage({ rows }: { rows: CampaignListRow[] }) {
  return (
    <>
      <PageHeader title="Objective Campaigns" actions={<ButtonLink to="/objective-campaigns/launch-review">{T.addNew}</ButtonLink>} />
      {rows.length === 0 ? (
        <EmptyState icon="objectives" title={T.empty} description={T.emptyHint} />
      ) : (
        <DataTable label="Objectives campaigns" columns={[T.title, T.startDate, T.endDate, T.state]} dataRows>
          {rows.map((r) => (
            <tr key={r.id} data-campaign-id={r.id} className="relative hover:bg-slate-50">
              <td className="font-medium text-slate-900">
                {/* The link covers the row: a row click opens the draft or the manage page (001 §2). */}
                <Link to={r.href} className="after:absolute after:inset-0 hover:text-indigo-700">
                  {r.title}
                </Link>
              </td>
              <td className="whitespace-nowrap">{campaignTime(r.startAt)}</td>
              <td className="whitespace-nowrap">{campaignTime(r.endAt)}</td>
              <td data-state={r.state}>{T.states[r.state] ?? r.state}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
