import { Form } from "@remix-run/react";
import { copy, type Copy } from "~/lib/copy";
import type { Platform } from "~/lib/permissions/registry";
import { Button } from "~/ui/button";
import { useClientNavigation } from "~/ui/client-navigation";
import { EmptyState } from "~/ui/empty-state";
import type { ChartItem, InsightsCharts } from "../types";
import { InsightsFiltersForm } from "./insights-filters";
import { InsightsLeaderboard } from "./insights-leaderboard";
import { StatTiles } from "./insights-tiles";
import { InsightsTreemap } from "./insights-treemap";
import { CHARTS, everyFigureZero, GROUP_TILES, leaderboardProfileHref, PERSONAL_TILES, tileHref, type InsightsCardData } from "./insights-view";

export type { InsightsCardData };

/**
 * The Feedback Insights card (002 §2.5): filters, the Download button (personal insights only),
 * the overview tiles, three treemaps and, for a group, the leaderboard; 'No Feedback Analytics
 * data available!' when every figure is 0. `action` is the page's path (the filters' GET form).
 */
export function InsightsCard({ platform, action, card, title }: { platform: Platform; action: string; card: InsightsCardData; title?: string }) {
  const words = copy(platform);
  const t = words.insights;
  const navigation = useClientNavigation();
  return (
    <section aria-labelledby="feedback-insights" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-insights={card.kind} {...navigation}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <h2 id="feedback-insights" className="text-base font-semibold text-slate-900">
          {title ?? t.title}
        </h2>
        {card.kind === "personal" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="download-insights" />
            <input type="hidden" name="query" value={card.query} />
            <Button type="submit" variant="secondary">
              {t.downloadPdf}
            </Button>
          </Form>
        ) : null}
      </div>
      {card.kind === "not-shared" ? (
        <p className="text-sm text-slate-600" data-insights-not-shared>
          {t.notShared(card.name)}
        </p>
      ) : (
        <div className="space-y-5">
          <InsightsFiltersForm
            words={words}
            action={action}
            filters={card.filters}
            showScope={card.kind === "group" && card.showScope}
            groupOptions={card.kind === "group" ? card.groupOptions : undefined}
          />
          {card.kind === "personal" ? <PersonalBody words={words} card={card} /> : <GroupBody words={words} card={card} />}
        </div>
      )}
    </section>
  );
}

function PersonalBody({ words, card }: { words: Copy; card: Extract<InsightsCardData, { kind: "personal" }> }) {
  const { overview, charts } = card.insights;
  if (everyFigureZero(overview, charts)) return <EmptyState icon="analytics" title={words.noFeedbackAnalytics} />;
  const range = { startDate: card.filters.startDate, endDate: card.rangeEnd };
  return (
    <>
      <StatTiles label={words.insights.overviewLabel} fields={PERSONAL_TILES} names={words.insights.personalTiles} overview={overview} />
      <Treemaps words={words} charts={charts} href={(item) => tileHref(card.basePath, item, range)} />
    </>
  );
}

function GroupBody({ words, card }: { words: Copy; card: Extract<InsightsCardData, { kind: "group" }> }) {
  const t = words.insights;
  const insights = card.insights;
  if (insights.withheld) {
    return (
      <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-insights-withheld>
        {t.withheld(insights.memberCount, card.minimum)}
      </p>
    );
  }
  if (everyFigureZero(insights.overview, insights.charts) && insights.leaderboard.every((row) => row.total === 0)) {
    return <EmptyState icon="analytics" title={words.noFeedbackAnalytics} />;
  }
  return (
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
        </div>
      ) : null}
    </>
  );
}

function Treemaps({ words, charts, href }: { words: Copy; charts: InsightsCharts; href?: (item: ChartItem) => string }) {
  const t = words.insights;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {CHARTS.map((chart) => (
        <InsightsTreemap
          key={chart}
          chart={chart}
          title={t.charts[chart]}
          label={t.chartLabel(t.charts[chart])}
          emptyText={t.chartEmpty}
          items={charts[chart]}
          itemText={(item) => t.tileText(item.name, item.count, item.avg)}
          href={href}
        />
      ))}
    </div>
  );
}
