import type { ApexOptions } from "apexcharts";
import { CHART_BASE, LazyChart } from "~/ui/chart";
import type { SentimentShare } from "../survey-analytics";

/**
 * Survey analytics charts, drawn by the app's one lazy chart (app/ui/chart.tsx). Each stands above
 * a server-rendered table of the same figures (the fallback without JavaScript, and what
 * assistive technology reads), so the charts are hidden from it. A run whose figures are not
 * shown has no bar (null), never a zero.
 */

const INDIGO_500 = "#6366f1";
const EMERALD_500 = "#10b981";
const SLATE_400 = "#94a3b8";
const ROSE_500 = "#f43f5e";
const SLATE_200 = "#e2e8f0";
const SLATE_600 = "#475569";

/** Vertical bars over the runs (participation, eNPS, an average). */
export function RunBarsChart({
  name,
  label,
  categories,
  values,
  min,
  max,
  suffix = "",
}: {
  name: string;
  label: string;
  categories: string[];
  values: Array<number | null>;
  min: number;
  max: number;
  suffix?: string;
}) {
  if (values.every((v) => v === null)) return null;
  const options: ApexOptions = {
    chart: { ...CHART_BASE, type: "bar" },
    colors: [INDIGO_500],
    plotOptions: { bar: { borderRadius: 3, columnWidth: "45%" } },
    dataLabels: { enabled: true, formatter: (v) => (v === null ? "" : `${v}${suffix}`), style: { fontSize: "11px" } },
    xaxis: { categories, labels: { style: { colors: SLATE_600, fontSize: "11px" } }, axisTicks: { show: false } },
    yaxis: { min, max, tickAmount: 4, labels: { formatter: (v) => `${Math.round(v)}${suffix}`, style: { colors: SLATE_600 } } },
    grid: { borderColor: SLATE_200, strokeDashArray: 3 },
    tooltip: { theme: "light", y: { formatter: (v) => `${v}${suffix}` } },
    legend: { show: false },
    states: { active: { filter: { type: "none" } } },
  };
  return (
    <LazyChart name={name} label={label} type="bar" height={220} options={options} series={[{ name: label, data: values }]} fallback={null} />
  );
}

/** The sentiment shares as a donut. */
export function SentimentChart({ shares, labels }: { shares: SentimentShare[]; labels: Record<SentimentShare["sentiment"], string> }) {
  if (shares.every((s) => s.count === 0)) return null;
  const options: ApexOptions = {
    chart: { ...CHART_BASE, type: "donut" },
    labels: shares.map((s) => labels[s.sentiment]),
    colors: [EMERALD_500, SLATE_400, ROSE_500],
    stroke: { width: 2, colors: ["#ffffff"] },
    dataLabels: { enabled: false },
    legend: { position: "bottom" },
    tooltip: { theme: "light", y: { formatter: (v, o) => `${v} (${shares[o?.seriesIndex ?? 0]?.percent ?? 0}%)` } },
    plotOptions: { pie: { expandOnClick: false, donut: { size: "62%" } } },
    states: { active: { filter: { type: "none" } } },
  };
  return (
    <LazyChart name="sentiments" label="Donut chart of the sentiment shares" type="donut" height={220} options={options} series={shares.map((s) => s.count)} fallback={null} />
  );
}
