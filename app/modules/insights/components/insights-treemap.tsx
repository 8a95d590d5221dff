import type { ApexOptions } from "apexcharts";
import { useNavigate } from "@remix-run/react";
import { CHART_BASE, LazyChart } from "~/ui/chart";
import type { ChartItem } from "../types";

// Tailwind palette (the app's colours): indigo for competencies, emerald strengths, amber development areas.
const COLOURS = { competency: "#6366f1", strengthCompetency: "#10b981", developmentCompetency: "#f59e0b" } as const;

/**
 * One treemap (002 §9 "charts are treemaps") and its tiles as a list. The list is what works
 * without JavaScript, with a keyboard and with a screen reader; the chart, drawn lazily in the
 * browser, is one image named by `label`. With `href`, each tile opens the feedback behind it
 * (a link in the list, a click on the chart).
 */
export function InsightsTreemap({
  chart,
  title,
  label,
  emptyText,
  items,
  itemText,
  href,
}: {
  chart: keyof typeof COLOURS;
  title: string;
  label: string;
  emptyText: string;
  items: ChartItem[];
  itemText: (item: ChartItem) => string;
  href?: (item: ChartItem) => string;
}) {
  const navigate = useNavigate();
  const headingId = `insights-${chart}`;
  const shown = items.filter((item) => item.count > 0);
  const options: ApexOptions = {
    chart: {
      ...CHART_BASE,
      type: "treemap",
      // An explicit `events: undefined` would replace ApexCharts' defaults, which it reads on mount.
      ...(href
        ? {
            events: {
              dataPointSelection: (_event: unknown, _context: unknown, config: { dataPointIndex: number }) => {
                const item = shown[config.dataPointIndex];
                if (item) navigate(href(item));
              },
            },
          }
        : {}),
    },
    colors: [COLOURS[chart]],
    legend: { show: false },
    dataLabels: { enabled: true, style: { fontSize: "12px" } },
    plotOptions: { treemap: { distributed: false, enableShades: true, shadeIntensity: 0.5 } },
    tooltip: { theme: "light", y: { formatter: (value, opts) => `${value} (${shown[opts?.dataPointIndex ?? -1]?.avg ?? 0}%)` } },
    states: { active: { filter: { type: "none" } } },
  };
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-lg border border-slate-200 p-4" data-treemap={chart}>
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{emptyText}</p>
      ) : (
        <>
          <div className={href ? "cursor-pointer" : undefined}>
            <LazyChart
              name={`treemap-${chart}`}
              type="treemap"
              height={220}
              label={label}
              a11y="img"
              options={options}
              series={[{ name: title, data: shown.map((item) => ({ x: item.name, y: item.count })) }]}
              fallback={null}
            />
          </div>
          <ul aria-label={title} className="mt-3 flex flex-wrap gap-2 text-sm" data-treemap-tiles>
            {shown.map((item) => (
              <li key={`${item.dimensionId}:${item.id}:${item.behaviourType}`} data-tile={item.id} data-competency={item.dimensionId} data-count={item.count}>
                {href ? (
                  <a
                    href={href(item)}
                    className="inline-block rounded-md bg-slate-100 px-2 py-1 text-indigo-700 hover:bg-indigo-50 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                    data-tile-link
                  >
                    {itemText(item)}
                  </a>
                ) : (
                  <span className="inline-block rounded-md bg-slate-100 px-2 py-1 text-slate-700">{itemText(item)}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
