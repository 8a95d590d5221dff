import { Form, Link, useLoaderData, useNavigate } from "@remix-run/react";
import { oneOnOnesCopy as t } from "~/lib/copy";
import { buttonClass } from "~/ui/button";
import { utcDateTime } from "~/ui/format";
import { PageHeader } from "~/ui/page-header";
import { DataTable } from "~/ui/table";
import type { OneOnOnesPageData } from "../list.server";
import { ENGAGEMENT_WINDOWS } from "../one-on-one-types";
import type { EngagementOverview } from "../overview";
import { StateBadge } from "./state-badge";

/** /one-on-ones (001 §2): Upcoming and Past, search, the engagement overview, New 1-on-1 for the ADMIN view. */
export function OneOnOnesPage() {
  const data = useLoaderData<OneOnOnesPageData>();
  const tabHref = (tab: "upcoming" | "past", page = 1) => {
    const p = new URLSearchParams();
    if (page > 1) p.set("page", String(page));
    if (tab === "past") p.set("tab", "past");
    if (data.q) p.set("q", data.q);
    if (data.overview.months !== 3) p.set("months", String(data.overview.months));
    const s = p.toString();
    return s ? `/one-on-ones?${s}` : "/one-on-ones";
  };
  return (
    <div className="space-y-6">
      <PageHeader
        title={t.listCaption}
        actions={
          data.admin ? (
            <Link to="/workflows/library/template-types/one-on-one" className={buttonClass("primary")} data-new-one-on-one>
              {t.newOneOnOne}
            </Link>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="one-on-ones-list" className="min-w-0 space-y-4">
          <h2 id="one-on-ones-list" className="sr-only">
            {t.listCaption}
          </h2>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div role="tablist" aria-label={t.listCaption} className="flex gap-1 rounded-md bg-slate-100 p-1">
              {(["upcoming", "past"] as const).map((tab) => (
                <Link
                  key={tab}
                  to={tabHref(tab)}
                  role="tab"
                  id={`tab-${tab}`}
                  aria-selected={data.tab === tab}
                  aria-controls="one-on-ones-panel"
                  className={`rounded px-3 py-1.5 text-sm font-medium ${data.tab === tab ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
                >
                  {tab === "past" ? t.past : t.upcoming}
                </Link>
              ))}
            </div>
            <Form method="get" role="search" className="flex items-end gap-2">
              {data.tab === "past" ? <input type="hidden" name="tab" value="past" /> : null}
              {data.overview.months !== 3 ? <input type="hidden" name="months" value={data.overview.months} /> : null}
              <label htmlFor="one-on-ones-q" className="sr-only">
                {t.searchLabel}
              </label>
              <input
                id="one-on-ones-q"
                type="search"
                name="q"
                defaultValue={data.q}
                maxLength={100}
                placeholder={t.searchPlaceholder}
                className="w-56 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
              />
              <button type="submit" className={buttonClass("secondary")}>
                {t.search}
              </button>
            </Form>
          </div>
          <div role="tabpanel" id="one-on-ones-panel" aria-labelledby={`tab-${data.tab}`}>
            <MeetingList data={data} />
          </div>
          {data.page > 1 || data.hasNext ? (
            <nav aria-label={t.pages} className="flex justify-between text-sm">
              {data.page > 1 ? (
                <Link to={tabHref(data.tab, data.page - 1)} className={buttonClass("secondary")} rel="prev">
                  {t.previousPage}
                </Link>
              ) : (
                <span />
              )}
              {data.hasNext ? (
                <Link to={tabHref(data.tab, data.page + 1)} className={buttonClass("secondary")} rel="next">
                  {t.nextPage}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
        <Overview overview={data.overview} admin={data.admin} tab={data.tab} q={data.q} />
      </div>
    </div>
  );
}

function MeetingList({ data }: { data: OneOnOnesPageData }) {
  const navigate = useNavigate();
  if (data.rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600" data-empty>
        {data.tab === "past" ? t.noPast : t.noUpcoming}
      </p>
    );
  }
  return (
    <DataTable label={data.tab === "past" ? t.past : t.upcoming} columns={[t.withColumn, t.dateColumn, t.stateColumn]} dataRows>
      {data.rows.map((row) => (
        <tr
          key={row.id}
          data-one-on-one={row.id}
          className="cursor-pointer hover:bg-slate-50"
          onClick={(event) => {
            if ((event.target as Element).closest("a")) return;
            navigate(`/one-on-ones/${encodeURIComponent(row.id)}`);
          }}
        >
          <td className="px-4 py-3">
            <a href={`/one-on-ones/${encodeURIComponent(row.id)}`} className="font-medium text-slate-900 hover:underline">
              {row.name}
            </a>
            {row.reviewerName ? <span className="block text-xs text-slate-500">{t.meetingBy(row.reviewerName)}</span> : null}
          </td>
          <td className="px-4 py-3 text-slate-700" data-date>
            {row.date === null ? t.notScheduled : utcDateTime(row.date)}
          </td>
          <td className="px-4 py-3">
            <StateBadge state={row.state} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function Overview({ overview: o, admin, tab, q }: { overview: EngagementOverview; admin: boolean; tab: string; q: string }) {
  const figure = (v: number | null, suffix = "") => (v === null ? t.noFigure : `${v}${suffix}`);
  const word = (v: string | null) => (v ? v.charAt(0).toUpperCase() + v.slice(1) : t.noFigure);
  const bar = (label: string, count: number, width: number, stat: string, colour: string) => (
    <div>
      <div className="flex justify-between text-sm">
        <span className="text-slate-600">{label}</span>
        <span className="font-semibold text-slate-900" data-stat={stat}>
          {count}
        </span>
      </div>
      <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
        <div className={`h-2 rounded-full ${colour}`} style={{ width: `${width}%` }} data-bar={stat} />
      </div>
    </div>
  );
  const stat = (label: string, value: string, key: string) => (
    <div className="flex justify-between gap-2 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900" data-stat={key}>
        {value}
      </dd>
    </div>
  );
  return (
    <section aria-labelledby="engagement-overview" className="space-y-4 self-start rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-overview>
      <div>
        <h2 id="engagement-overview" className="text-base font-semibold text-slate-900">
          {t.overviewTitle}
        </h2>
        <p className="text-xs text-slate-500">{t.overviewScope[admin ? "ADMIN" : "USER"]}</p>
      </div>
      <Form method="get" className="flex items-end gap-2">
        {tab === "past" ? <input type="hidden" name="tab" value="past" /> : null}
        {q ? <input type="hidden" name="q" value={q} /> : null}
        <div className="flex-1">
          <label htmlFor="overview-months" className="block text-xs font-medium text-slate-700">
            {t.overviewWindow}
          </label>
          <select
            id="overview-months"
            name="months"
            defaultValue={o.months}
            className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
          >
            {ENGAGEMENT_WINDOWS.map((m) => (
              <option key={m} value={m}>
                {t.overviewMonths(m)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {t.overviewShow}
        </button>
      </Form>
      <dl className="space-y-2">
        {stat(t.scheduledOneOnOnes, String(o.scheduledOneOnOnes), "scheduled")}
        {stat(t.completedAiOneOnOnes, String(o.completedAiOneOnOnes), "completedAi")}
      </dl>
      {bar(t.completedOneOnOnes, o.completedOneOnOnes, o.bars.completed, "completed", "bg-emerald-500")}
      {bar(t.waitingOneOnOnes, o.waitingOneOnOnes, o.bars.waiting, "waiting", "bg-amber-400")}
      <dl className="space-y-2 border-t border-slate-100 pt-3">
        {stat(t.engagement, `${o.engagementPercent}%`, "engagement")}
        {stat(t.averageAiScore, figure(o.averageAiScore), "averageAiScore")}
        {stat(t.averageSpecificity, figure(o.averageSpecificityScore, "%"), "averageSpecificity")}
        {stat(t.averageActionability, figure(o.averageActionabilityScore, "%"), "averageActionability")}
        {stat(t.commonTone, word(o.commonToneCategory), "tone")}
        {stat(t.commonFocus, word(o.commonFocusCategory), "focus")}
      </dl>
    </section>
  );
}
