import { COMPETENCY_ANALYTICS, type RevieweeReportData } from "../reports/reviewee-report";

/**
 * The competency analytics as a plain SVG bar chart: one group of horizontal bars per competency
 * or behaviour, one bar per review (its reviewers' mean score), with the chart's title, a legend
 * and labelled axes. Server-rendered and script-free, so it is both the PDF's chart and the
 * page's chart until (or unless) ApexCharts loads.
 */

export const SERIES_COLOURS = ["#6366f1", "#10b981", "#f59e0b", "#f43f5e", "#0ea5e9", "#8b5cf6", "#64748b", "#14b8a6"];
const SLATE_200 = "#e2e8f0";
const SLATE_500 = "#64748b";
const SLATE_700 = "#334155";
const SLATE_900 = "#0f172a";

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function CompetencyChartSvg({
  report,
  width = 680,
  showTitle = true,
}: {
  report: Pick<RevieweeReportData, "competencies" | "chart">;
  width?: number;
  /** The visible title (the page has it as the section's heading instead). */
  showTitle?: boolean;
}) {
  const rows = report.competencies;
  const { series, max } = report.chart;
  const labelWidth = 190;
  const left = labelWidth + 10;
  const right = 24;
  const plot = width - left - right;
  const bar = series.length > 3 ? 9 : 12;
  const groupGap = 10;
  const legendRows = Math.ceil(series.length / 2);
  const head = showTitle ? 24 : 0;
  const top = head + 26 + legendRows * 18;
  const group = series.length * bar + groupGap;
  const height = top + rows.length * group + 46;
  const x = (value: number) => left + (plot * value) / max;
  const ticks = Array.from({ length: Math.min(max, 10) + 1 }, (_, i) => Math.round(((max * i) / Math.min(max, 10)) * 100) / 100);
  const bottom = top + rows.length * group;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      role="img"
      aria-labelledby="competency-chart-title"
      data-chart="competency-svg"
      style={{ maxWidth: width, fontFamily: "inherit" }}
    >
      <title id="competency-chart-title">{COMPETENCY_ANALYTICS}</title>
      {showTitle ? (
        <text x={0} y={18} fontSize={15} fontWeight={600} fill={SLATE_900}>
          {COMPETENCY_ANALYTICS}
        </text>
      ) : null}
      {series.map((s, i) => {
        const lx = (i % 2) * (width / 2);
        const ly = head + 10 + Math.floor(i / 2) * 18;
        return (
          <g key={s.name + i}>
            <rect x={lx} y={ly - 9} width={10} height={10} rx={2} fill={SERIES_COLOURS[i % SERIES_COLOURS.length]} />
            <text x={lx + 16} y={ly} fontSize={11} fill={SLATE_700}>
              {clip(s.name, 48)}
            </text>
          </g>
        );
      })}
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={top - 4} y2={bottom} stroke={SLATE_200} strokeDasharray="3 3" />
          <text x={x(t)} y={bottom + 14} fontSize={10} fill={SLATE_500} textAnchor="middle">
            {t}
          </text>
        </g>
      ))}
      <line x1={left} x2={left} y1={top - 4} y2={bottom} stroke={SLATE_500} />
      <line x1={left} x2={left + plot} y1={bottom} y2={bottom} stroke={SLATE_500} />
      <text x={left + plot / 2} y={bottom + 32} fontSize={11} fill={SLATE_700} textAnchor="middle">
        Average score
      </text>
      <text x={0} y={top - 10} fontSize={11} fill={SLATE_700}>
        Competency / behaviour
      </text>
      {rows.map((row, r) => {
        const y0 = top + r * group;
        return (
          <g key={row.key} data-row={row.kind}>
            <text
              x={row.kind === "behaviour" ? 12 : 0}
              y={y0 + (series.length * bar) / 2 + 4}
              fontSize={11}
              fontWeight={row.kind === "competency" ? 600 : 400}
              fill={SLATE_700}
            >
              <title>{row.name}</title>
              {clip(row.name, row.kind === "behaviour" ? 30 : 32)}
            </text>
            {series.map((s, i) => {
              const value = s.data[r];
              if (value === null || value === undefined) return null;
              const w = Math.max(1, x(value) - left);
              return (
                <g key={i}>
                  <rect x={left} y={y0 + i * bar} width={w} height={bar - 2} rx={2} fill={SERIES_COLOURS[i % SERIES_COLOURS.length]} />
                  <text x={left + w + 4} y={y0 + i * bar + bar - 4} fontSize={9} fill={SLATE_700}>
                    {value}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}
