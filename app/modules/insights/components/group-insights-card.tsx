import { copy } from "~/lib/copy";
import type { Platform } from "~/lib/permissions/registry";
import { EmptyState } from "~/ui/empty-state";
import { Pager } from "~/ui/pager";
import { LEADERBOARD_PAGE_PARAM } from "../leaderboard";
import { InsightsCardFrame, Treemaps } from "./insights-card";
import { InsightsFiltersForm } from "./insights-filters";
import { InsightsLeaderboard } from "./insights-leaderboard";
import { StatTiles } from "./insights-tiles";
import { everyFigureZero, GROUP_TILES, leaderboardProfileHref, type InsightsCardData } from "./insights-view";

/**
 * A group's Feedback Insights card (department, group, relationship, channel, workspace): filters,
 * tiles, treemaps and the leaderboard as `card.parts` says; the withheld sentence below the
 * anonymity minimum; 'No Feedback Analytics data available!' when every figure is 0. `action` is
 * the page's path (the filters' GET form).
 */
export function GroupInsightsCard({
  platform,
  action,
  card,
  title,
}: {
  platform: Platform;
  action: string;
  card: Extract<InsightsCardData, { kind: "group" }>;
  title?: string;
}) {
  const words = copy(platform);
  const t = words.insights;
  const insights = card.insights;
  return (
    <InsightsCardFrame words={words} kind={card.kind} title={title}>
      <InsightsFiltersForm words={words} action={action} filters={card.filters} showScope={card.showScope} groupOptions={card.groupOptions} />
      {insights.withheld ? (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-insights-withheld>
          {t.withheld(insights.memberCount, card.minimum)}
        </p>
      ) : everyFigureZero(insights.overview, insights.charts) && insights.leaderboard.every((row) => row.total === 0) ? (
        <EmptyState icon="analytics" title={words.noFeedbackAnalytics} />
      ) : (
        <>
          {card.parts.overview ? (
            <>
              <StatTiles label={t.overviewLabel} fields={GROUP_TILES} names={t.groupTiles} overview={insights.overview} />
              <Treemaps words={words} charts={insights.charts} />
            </>
          ) : null}
          {card.parts.leaderboard ? (
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">{t.leaderboard}</h3>
              <InsightsLeaderboard words={words} rows={insights.leaderboard} profileHref={leaderboardProfileHref(card.profileBase, card.viewerId)} />
              {card.leaderboardPage.pages > 1 ? (
                <Pager
                  page={card.leaderboardPage.page}
                  pages={card.leaderboardPage.pages}
                  total={card.leaderboardPage.total}
                  noun={t.people}
                  hrefFor={(n) => `${action}?${pageQuery(card.leaderboardPage.query, n)}`}
                />
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </InsightsCardFrame>
  );
}

const pageQuery = (query: string, page: number) => {
  const q = new URLSearchParams(query);
  if (page > 1) q.set(LEADERBOARD_PAGE_PARAM, String(page));
  return q.toString();
};
