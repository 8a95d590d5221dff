import type { ApexOptions } from "apexcharts";
import { CHART_BASE, LazyChart } from "~/ui/chart";
import type { RevieweeReportData } from "../reports/reviewee-report";
import { CompetencyChartSvg, SERIES_COLOURS } from "./reviewee-report-svg";

/**
 * The competency analytics chart with ApexCharts, drawn by the app's one lazy chart
 * (app/ui/chart.tsx). Until it arrives, without JavaScript or if it fails to load, the
 * server-rendered SVG chart stays. The table beside it carries the same numbers, so the
 * interactive chart is hidden from assistive technology.
 */

const SLATE_200 = "#e2e8f0";
const SLATE_600 = "#475569";
const SLATE_700 = "#334155";

export function CompetencyChart({ report }: { report: Pick<RevieweeReportData, "competencies" | "chart"> }) {
  const fallback = <CompetencyChartSvg report={report} showTitle={false} />;
  const rows = report.competencies;
  const options: ApexOptions = {
    chart: { ...CHART_BASE, type: "bar" },
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
    <LazyChart
      name="competency-apex"
      type="bar"
      height={height}
      options={options}
      series={report.chart.series.map((s) => ({ name: s.name, data: s.data }))}
      fallback={fallback}
    />
  );
}
