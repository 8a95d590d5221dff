import type { ApexOptions } from "apexcharts";
import { Component, lazy, Suspense, type ReactNode } from "react";
import { useHydrated } from "~/ui/use-hydrated";
import type { RevieweeReportData } from "../reports/reviewee-report";
import { CompetencyChartSvg, SERIES_COLOURS } from "./reviewee-report-svg";

/**
 * The competency analytics chart with ApexCharts, loaded lazily in the browser only (the approach
 * of app/modules/surveys/components/report-chart.tsx: a dynamic import compiled out of the server
 * build, its own chunk fetched after hydration). Until it arrives, without JavaScript or if it
 * fails to load, the server-rendered SVG chart stays. The table beside it carries the same
 * numbers, so the interactive chart is hidden from assistive technology.
 */
const ApexChart = lazy(() =>
  import.meta.env.SSR ? Promise.reject(new Error("Charts load in the browser only")) : import("react-apexcharts")
);

const SLATE_200 = "#e2e8f0";
const SLATE_600 = "#475569";
const SLATE_700 = "#334155";

class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function CompetencyChart({ report }: { report: Pick<RevieweeReportData, "competencies" | "chart"> }) {
  const hydrated = useHydrated();
  const fallback = <CompetencyChartSvg report={report} showTitle={false} />;
  if (!hydrated) return fallback;
  const rows = report.competencies;
  const options: ApexOptions = {
    chart: {
      type: "bar",
      fontFamily: "inherit",
      toolbar: { show: false },
      zoom: { enabled: false },
      parentHeightOffset: 0,
      animations: { enabled: true, speed: 300 },
    },
    colors: SERIES_COLOURS,
    plotOptions: { bar: { horizontal: true, borderRadius: 2, barHeight: "75%" } },
    dataLabels: { enabled: false },
    xaxis: {
      categories: rows.map((r) => (r.kind === "behaviour" ? `· ${r.name}` : r.name)),
      min: 0,
      max: report.chart.max,
      decimalsInFloat: 1,
      title: { text: "Average score", style: { color: SLATE_700, fontSize: "11px", fontWeight: 500 } },
      labels: { style: { colors: SLATE_600, fontSize: "11px" } },
    },
    yaxis: {
      title: { text: "Competency / behaviour", style: { color: SLATE_700, fontSize: "11px", fontWeight: 500 } },
      labels: { maxWidth: 200, style: { colors: SLATE_700, fontSize: "12px" } },
    },
    grid: { borderColor: SLATE_200, strokeDashArray: 3, xaxis: { lines: { show: true } }, yaxis: { lines: { show: false } } },
    legend: { show: report.chart.series.length > 1, position: "top", horizontalAlign: "left" },
    tooltip: { theme: "light" },
    states: { active: { filter: { type: "none" } } },
  };
  const height = Math.max(180, rows.length * Math.max(22, report.chart.series.length * 14) + 90);
  return (
    <ChartBoundary fallback={fallback}>
      <Suspense fallback={fallback}>
        <figure aria-hidden="true" data-chart="competency-apex" className="min-w-0">
          <ApexChart
            type="bar"
            height={height}
            width="100%"
            options={options}
            series={report.chart.series.map((s) => ({ name: s.name, data: s.data }))}
          />
        </figure>
      </Suspense>
    </ChartBoundary>
  );
}
