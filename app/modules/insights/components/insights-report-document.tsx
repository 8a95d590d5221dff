import { CHARTS, NO_INSIGHTS, PERSONAL_TILES } from "../labels";
import { treemapLayout } from "../treemap-layout";
import type { ChartItem, PersonalInsights } from "../types";
import { utcDateTime } from "~/ui/format";
import { Table } from "~/ui/table";

/**
 * A person's Feedback Insights as a whole HTML document for the PDF (rendered on the server with
 * renderToStaticMarkup, printed by Browser Rendering): the person, the range, the six tiles and
 * the three treemaps as inline SVG with their tiles' names and shares as text (searchable, and
 * readable by pdftotext), each followed by its table. No script, nothing to fetch.
 */

export interface InsightsReportDocumentProps {
  person: { name: string; title: string | null; departmentName: string | null };
  range: { startDate: string; endDate: string };
  insights: PersonalInsights;
  generatedAt: number;
}

const INDIGO = ["#312e81", "#3730a3", "#4338ca", "#4f46e5", "#6366f1", "#818cf8"];
const SLATE_500 = "#64748b";
const SLATE_900 = "#0f172a";

const CSS = `
@page { size: A4; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "Helvetica Neue", Arial, "DejaVu Sans", "Liberation Sans", sans-serif; color: ${SLATE_900}; font-size: 11pt; line-height: 1.4; }
header { border-bottom: 2px solid #6366f1; padding-bottom: 10px; margin-bottom: 16px; }
h1 { font-size: 20pt; margin: 0 0 4px; }
h2 { font-size: 13pt; margin: 16px 0 6px; break-after: avoid; page-break-after: avoid; }
.kicker { color: ${SLATE_500}; font-size: 9pt; text-transform: uppercase; letter-spacing: .06em; margin: 0; }
.muted { color: ${SLATE_500}; font-size: 10pt; margin: 0; }
ul.tiles { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; list-style: none; padding: 0; margin: 0; }
ul.tiles li { border: 1px solid #e2e8f0; border-radius: 6px; padding: 8px 10px; }
ul.tiles .value { font-size: 18pt; font-weight: 700; margin-right: 6px; }
ul.tiles .label { color: ${SLATE_500}; font-size: 9.5pt; }
section.chart { break-inside: avoid; page-break-inside: avoid; }
table { border-collapse: collapse; width: 100%; font-size: 10pt; margin-top: 6px; }
th, td { text-align: left; padding: 2px 6px; border-bottom: 1px solid #e2e8f0; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
svg { display: block; }
footer { color: ${SLATE_500}; font-size: 8.5pt; margin-top: 12px; }
`;

export function InsightsReportDocument({ person, range, insights, generatedAt }: InsightsReportDocumentProps) {
  const { overview, charts } = insights;
  const empty = PERSONAL_TILES.every((t) => overview[t.key] === 0) && CHARTS.every((c) => charts[c.key].length === 0);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{`${person.name} — Feedback Insights`}</title>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>
        <header>
          <p className="kicker">Feedback Insights</p>
          <h1>{person.name}</h1>
          <p className="muted">
            {[person.title, person.departmentName].filter(Boolean).join(" · ")}
            {person.title || person.departmentName ? " · " : ""}
            {range.startDate} to {range.endDate}
          </p>
        </header>
        {empty ? <p>{NO_INSIGHTS}</p> : null}
        <ul className="tiles">
          {PERSONAL_TILES.map((tile) => (
            <li key={tile.key}>
              {/* Figure and name on one line, so the PDF's text reads "12 Feedback received". */}
              <span className="value">{overview[tile.key]}</span> <span className="label">{tile.label}</span>
            </li>
          ))}
        </ul>
        {CHARTS.map((chart) => (
          <section className="chart" key={chart.key}>
            <h2>{chart.label}</h2>
            {charts[chart.key].length === 0 ? (
              <p className="muted">None in this period.</p>
            ) : (
              <>
                <Treemap items={charts[chart.key]} label={chart.label} />
                <Table label={chart.label} columns={["Name", { label: "Times", align: "right" }, { label: "Share", align: "right" }]}>
                  {charts[chart.key].map((item) => (
                    <tr key={`${item.dimensionId}:${item.id}`}>
                      <td>{tileName(item)}</td>
                      <td className="num">{item.count}</td>
                      <td className="num">{item.avg.toFixed(2)}%</td>
                    </tr>
                  ))}
                </Table>
              </>
            )}
          </section>
        ))}
        <footer>Generated {utcDateTime(generatedAt)}</footer>
      </body>
    </html>
  );
}

const WIDTH = 680;
const HEIGHT = 220;

function Treemap({ items, label }: { items: ChartItem[]; label: string }) {
  const tiles = treemapLayout(items, (i) => i.count, { x: 0, y: 0, width: WIDTH, height: HEIGHT });
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      {tiles.map((t, i) => {
        const roomy = t.width > 70 && t.height > 30;
        return (
          <g key={`${t.item.dimensionId}:${t.item.id}`}>
            <rect x={t.x} y={t.y} width={t.width} height={t.height} fill={INDIGO[Math.min(i, INDIGO.length - 1)]} stroke="#fff" strokeWidth={2} />
            {roomy ? (
              <text x={t.x + 6} y={t.y + 16} fill="#fff" fontSize={10}>
                {clip(tileName(t.item), Math.floor(t.width / 6))}
                <tspan x={t.x + 6} dy={13}>{`${t.item.avg.toFixed(2)}%`}</tspan>
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** A competency's tile is its name; a behaviour's is the behaviour with its competency (two competencies may share a behaviour's name). */
const tileName = (item: ChartItem) => (item.behaviourType && item.name !== item.title ? `${item.name} (${item.title})` : item.name);

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text);
