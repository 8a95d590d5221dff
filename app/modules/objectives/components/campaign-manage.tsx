import { Form, Link } from "@remix-run/react";
import { sharedCopy } from "~/lib/copy";
import { PARTICIPANT_STATES } from "../objective-types";
import { Button, ButtonLink, buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { Pager } from "~/ui/pager";
import { DataTable } from "~/ui/table";
import { campaignDay, campaignTime } from "./campaign-parts";

/**
 * /objective-campaigns/manage/:id (001 §2): the campaign's details, its participants by state,
 * who has set objectives and who has not (searched and filtered with a GET form, 50 a page), and
 * Send Reminder to one pending person or to all of them.
 */

const T = sharedCopy.objectiveCampaigns;
const REMIND_CLASS = buttonClass("secondary");

export interface ManageView {
  campaign: {
    id: string;
    title: string;
    startAt: number;
    endAt: number;
    audienceType: string;
    notifyEmployees: boolean;
    notifyManagers: boolean;
    launchedAt: number | null;
  };
  filter: { q: string; state: string | null; page: number };
  counts: Record<string, number>;
  total: number;
  pages: number;
  participants: Array<{
    userId: string;
    name: string;
    department: string | null;
    state: string;
    objectives: number;
    submittedAt: number | null;
    approvedAt: number | null;
    remindedAt: number | null;
  }>;
  requestId: string;
  editHref: string;
}

export function CampaignManagePage(view: ManageView) {
  const { campaign, filter, counts, participants, total, pages, requestId } = view;
  const everyone = PARTICIPANT_STATES.reduce((n, s) => n + (counts[s] ?? 0), 0);
  const hrefFor = (page: number) => {
    const params = new URLSearchParams();
    if (filter.q) params.set("q", filter.q);
    if (filter.state) params.set("state", filter.state);
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return `/objective-campaigns/manage/${encodeURIComponent(campaign.id)}${query ? `?${query}` : ""}`;
  };
  return (
    <>
      <PageHeader
        title={campaign.title}
        actions={
          <ButtonLink to={view.editHref} variant="secondary">
            {T.update}
          </ButtonLink>
        }
      />
      <section aria-labelledby="campaign-details" className="mb-4 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
        <h2 id="campaign-details" className="mb-2 font-semibold text-slate-900">
          {T.details}
        </h2>
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
          <div className="flex gap-2">
            <dt className="text-slate-600">{T.startDate}</dt>
            <dd>{campaignTime(campaign.startAt)}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-slate-600">{T.endDate}</dt>
            <dd>{campaignTime(campaign.endAt)}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-slate-600">{T.audience}</dt>
            <dd>{campaign.audienceType === "users" ? T.audienceUsers : T.audienceCompany}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-slate-600">{T.state}</dt>
            <dd>{T.states.launched}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-slate-600">{T.notifyEmployees}</dt>
            <dd>{campaign.notifyEmployees ? "Yes" : "No"}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-slate-600">{T.notifyManagers}</dt>
            <dd>{campaign.notifyManagers ? "Yes" : "No"}</dd>
          </div>
        </dl>
      </section>
      <ul aria-label="Participants by state" className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <li className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm" data-count="all">
          <span className="block text-xs text-slate-600">{T.participants}</span>
          <span className="text-xl font-semibold">{everyone}</span>
        </li>
        {PARTICIPANT_STATES.map((s) => (
          <li key={s} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm" data-count={s}>
            <span className="block text-xs text-slate-600">{T.participantStates[s]}</span>
            <span className="text-xl font-semibold">{counts[s] ?? 0}</span>
          </li>
        ))}
      </ul>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <Form method="get" className="flex flex-wrap items-end gap-3 text-sm" aria-label="Find participants">
          <label className="flex flex-col text-slate-700">
            {T.search}
            <input type="search" name="q" defaultValue={filter.q} placeholder="Name or e-mail" className="rounded-md border border-slate-300 px-2 py-1" />
          </label>
          <label className="flex flex-col text-slate-700">
            {T.state}
            <select name="state" defaultValue={filter.state ?? ""} className="rounded-md border border-slate-300 px-2 py-1">
              <option value="">{T.all}</option>
              {PARTICIPANT_STATES.map((s) => (
                <option key={s} value={s}>
                  {T.participantStates[s]}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="secondary">
            {T.filter}
          </Button>
        </Form>
        {(counts.pending ?? 0) > 0 ? (
          <Form method="post">
            <input type="hidden" name="requestId" value={requestId} />
            <Button type="submit" name="intent" value="remind">
              {T.remindAll}
            </Button>
          </Form>
        ) : null}
      </div>
      {participants.length === 0 ? (
        <EmptyState icon="users" title={T.noMatches} />
      ) : (
        <>
          {/* One form for the rows' Send Reminder buttons: each names its person. */}
          <Form method="post" id="remind-one">
            <input type="hidden" name="requestId" value={requestId} />
            <input type="hidden" name="intent" value="remind" />
          </Form>
          <DataTable label={T.participants} columns={[T.name, T.department, T.state, T.objectivesCount, T.submitted, T.approved]} actions dataRows>
            {participants.map((p) => (
              <tr key={p.userId} data-participant={p.userId} data-state={p.state}>
                <td className="font-medium text-slate-900">
                  <Link to={`/organization/settings/users/${encodeURIComponent(p.userId)}/objectives`} className="hover:text-indigo-700">
                    {p.name}
                  </Link>
                </td>
                <td>{p.department ?? "—"}</td>
                <td>{T.participantStates[p.state] ?? p.state}</td>
                <td className="num">{p.objectives}</td>
                <td className="whitespace-nowrap">{campaignDay(p.submittedAt)}</td>
                <td className="whitespace-nowrap">{campaignDay(p.approvedAt)}</td>
                <td className="text-right">
                  {p.state === "pending" ? (
                    <button type="submit" form="remind-one" name="userId" value={p.userId} className={REMIND_CLASS} aria-label={`${T.sendReminder} to ${p.name}`}>
                      {T.sendReminder}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
          <Pager page={filter.page} pages={pages} total={total} noun="people" hrefFor={hrefFor} />
        </>
      )}
    </>
  );
}
