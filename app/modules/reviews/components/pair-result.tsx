import type { AnswerRow } from "./pair-answers";

/** A pair's answers, read-only: each question with the chosen option (or the text) and the comment. */
export function PairResult({ rows }: { rows: AnswerRow[] }) {
  if (rows.length === 0) return <p className="mt-4 text-sm text-slate-600">No questions available!</p>;
  return (
    <ol className="mt-4 space-y-4" data-answers>
      {rows.map((row, i) => (
        <li key={row.blockId} className="rounded-md border border-slate-200 p-3" data-block-id={row.blockId}>
          <p className="text-sm font-semibold text-slate-900">
            {i + 1}. {row.question}
          </p>
          <p className="mt-1 text-sm text-slate-700" data-answer>
            {row.answer}
          </p>
          {row.comment ? (
            <p className="mt-2 border-l-2 border-slate-200 pl-3 text-sm text-slate-600" data-comment>
              <span className="sr-only">Comment: </span>
              {row.comment}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
