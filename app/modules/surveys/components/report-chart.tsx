import type { ApexOptions } from "apexcharts";
import type { ReactNode } from "react";
import { CHART_BASE, LazyChart } from "~/ui/chart";
import type { ChoiceCount, NpsResult } from "../report";

/**
 * ApexCharts charts for the survey report, drawn by the app's one lazy chart (app/ui/chart.tsx):
 * until the chart chunk arrives, without JavaScript, or if it fails to load, the caller's
 * server-rendered fallback (CSS bars) stays. The charts duplicate the table beside them, so they
 * are hidden from assistive technology.
 */

// Tailwind palette (the app's colours): indigo is the brand colour, slate the text and lines.
const INDIGO_500 = "#6366f1";
const EMERALD_500 = "#10b981";
const AMBER_400 = "#fbbf24";
const ROSE_500 = "#f43f5e";
const SLATE_200 = "#e2e8f0";
const SLATE_600 = "#475569";
const SLATE_700 = "#334155";

const shown = (percent: number) => `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;

/** Horizontal bars: one per choice, its length the count, its label the percentage. */
export function ChoiceChart({ label, choices, fallback }: { label: string; choices: ChoiceCount[]; fallback: ReactNode }) {
  const max = Math.max(1, ...choices.map((c) => c.count));
  const options: ApexOptions = {
    chart: { ...CHART_BASE, type: "bar" },
    colors: [INDIGO_500],
    plotOptions: { bar: { horizontal: true, borderRadius: 3, barHeight: "70%" } },
    dataLabels: {
      enabled: true,
      formatter: (_value, { dataPointIndex }) => (choices[dataPointIndex]?.count ? shown(choices[dataPointIndex].percent) : ""),
      style: { fontSize: "11px", fontWeight: 600, colors: ["#ffffff"] },
    },
    xaxis: {
      categories: choices.map((c) => c.text),
      min: 0,
      max,
      tickAmount: Math.min(max, 5),
      decimalsInFloat: 0,
      labels: { style: { colors: SLATE_600, fontSize: "11px" } },
      axisBorder: { show: false },
      axisTicks: { show: false },
    },
    yaxis: { labels: { maxWidth: 160, style: { colors: SLATE_700, fontSize: "12px" } } },
    grid: { borderColor: SLATE_200, strokeDashArray: 3, xaxis: { lines: { show: true } }, yaxis: { lines: { show: false } } },
    legend: { show: false },
    tooltip: {
      theme: "light",
      y: {
        formatter: (value, opts) => {
          const choice = choices[opts?.dataPointIndex ?? -1];
          return choice ? `${value} (${shown(choice.percent)})` : String(value);
        },
      },
    },
    states: { active: { filter: { type: "none" } } },
  };
  return (
    <LazyChart
      label={`Bar chart of the answers to ${label}`}
      name="bar"
      type="bar"
      height={Math.max(140, choices.length * 34 + 40)}
      options={options}
      series={[{ name: "Count", data: choices.map((c) => c.count) }]}
      fallback={fallback}
    />
  );
}

/** Promoters, passives and detractors as a donut, the score in its centre. */
export function NpsChart({ label, nps, fallback }: { label: string; nps: NpsResult; fallback: ReactNode }) {
  const parts = [
    { name: "Promoters", n: nps.promoters, percent: nps.promotersPercent },
    { name: "Passives", n: nps.passives, percent: nps.passivesPercent },
    { name: "Detractors", n: nps.detractors, percent: nps.detractorsPercent },
  ];
  const options: ApexOptions = {
    chart: { ...CHART_BASE, type: "donut" },
    labels: parts.map((p) => p.name),
    colors: [EMERALD_500, AMBER_400, ROSE_500],
    stroke: { width: 2, colors: ["#ffffff"] },
    dataLabels: { enabled: false },
    legend: { show: false },
    plotOptions: {
      pie: {
        expandOnClick: false,
        donut: {
          size: "68%",
          labels: {
            show: true,
            name: { show: true, offsetY: 18, color: SLATE_600, fontSize: "11px" },
            value: { show: true, offsetY: -14, color: SLATE_700, fontSize: "20px", fontWeight: 600 },
            total: { show: true, showAlways: true, label: "NPS", color: SLATE_600, fontSize: "11px", formatter: () => String(nps.score) },
          },
        },
      },
    },
    tooltip: {
      theme: "light",
      y: { formatter: (value, opts) => `${value} (${shown(parts[opts?.seriesIndex ?? -1]?.percent ?? 0)})` },
    },
    states: { active: { filter: { type: "none" } } },
  };
  return (
    <LazyChart
      label={`Donut chart of the promoters, passives and detractors of ${label}`}
      name="donut"
      type="donut"
      height={150}
      options={options}
      series={parts.map((p) => p.n)}
      fallback={fallback}
    />
  );
}
