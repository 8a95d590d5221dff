import type { QuestionBreakdown } from "./pair-answers";

/** One colour per segment, in order; literal class names so Tailwind generates them. */
const COLOURS = [
  "bg-indigo-500",
  "bg-sky-500",
  "bg-emerald-500",
  "bg-amber-500",
  "bg-rose-500",
  "bg-violet-500",
  "bg-teal-500",
  "bg-orange-500",
  "bg-lime-500",
  "bg-fuchsia-500",
  "bg-cyan-500",
];
const SWATCH = "inline-block size-2.5 shrink-0 rounded-sm";

const shown = (percent: number) => `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;

/**
 * A stacked percentage bar, rendered on the server: a row of coloured segments as wide as their
 * share (each with a tooltip), and a legend giving every choice's count and percentage in text,
 * so the numbers reach everyone (the bar itself is decoration for screen readers).
 */
export function StackedBar({ breakdown, emptyText = "No answers yet" }: { breakdown: QuestionBreakdown; emptyText?: string }) {
  const headingId = `bar-${breakdown.blockId}`;
  return (
    <figure
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-question={breakdown.blockId}
    >
      <figcaption id={headingId} className="text-sm font-semibold text-slate-900">
        {breakdown.question}
        <span className="ml-2 font-normal text-slate-500">
          ({breakdown.total} {breakdown.total === 1 ? "answer" : "answers"})
        </span>
      </figcaption>
      {breakdown.total === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{emptyText}</p>
      ) : (
        <>
          <div className="mt-3 flex h-6 w-full overflow-hidden rounded-md bg-slate-100" aria-hidden="true">
            {breakdown.segments.map((segment, i) =>
              segment.count === 0 ? null : (
                <div
                  key={segment.label}
                  className={`${
                    COLOURS[i % COLOURS.length]
                  } flex items-center justify-center overflow-hidden text-xs font-medium whitespace-nowrap text-white`}
                  style={{ width: `${segment.percent}%` }}
                  title={`${segment.label}: ${segment.count} (${shown(segment.percent)})`}
                >
                  {segment.percent >= 8 ? shown(segment.percent) : null}
                </div>
              )
            )}
          </div>
          <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
            {breakdown.segments.map((segment, i) => (
              <li key={segment.label} className="flex items-center gap-1.5" data-choice={segment.label} data-percent={segment.percent}>
                <span className={`${SWATCH} ${COLOURS[i % COLOURS.length]}`} aria-hidden="true" />
                {segment.label}: {segment.count} ({shown(segment.percent)})
              </li>
            ))}
          </ul>
        </>
      )}
    </figure>
  );
}
