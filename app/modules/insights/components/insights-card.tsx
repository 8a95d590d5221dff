import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Copy } from "~/lib/copy";
import { Button } from "~/ui/button";
import { useClientNavigation } from "~/ui/client-navigation";
import type { InsightsCharts, ChartItem } from "../types";
import { InsightsTreemap } from "./insights-treemap";
import { CHARTS, type InsightsCardData } from "./insights-view";

export type { InsightsCardData };

/**
 * The frame of every Feedback Insights card (002 §2.5): its heading, the Download button where the
 * card has one (`downloadQuery`: personal insights only) and its body. The personal card
 * (personal-insights-tab.tsx) and the group card (group-insights-card.tsx) fill it, each in its
 * own module so a profile page does not load the leaderboard.
 */
export function InsightsCardFrame({
  words,
  kind,
  title,
  downloadQuery,
  children,
}: {
  words: Copy;
  kind: InsightsCardData["kind"];
  title?: string;
  downloadQuery?: string;
  children: ReactNode;
}) {
  const navigation = useClientNavigation();
  return (
    <section aria-labelledby="feedback-insights" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-insights={kind} {...navigation}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <h2 id="feedback-insights" className="text-base font-semibold text-slate-900">
          {title ?? words.insights.title}
        </h2>
        {downloadQuery !== undefined ? (
          <Form method="post">
            <input type="hidden" name="intent" value="download-insights" />
            <input type="hidden" name="query" value={downloadQuery} />
            <Button type="submit" variant="secondary">
              {words.insights.downloadPdf}
            </Button>
          </Form>
        ) : null}
      </div>
      <div className="space-y-5">{children}</div>
    </section>
  );
}

/** The three treemaps (competencies, strengths, development areas); `href` makes their tiles links. */
export function Treemaps({ words, charts, href }: { words: Copy; charts: InsightsCharts; href?: (item: ChartItem) => string }) {
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
