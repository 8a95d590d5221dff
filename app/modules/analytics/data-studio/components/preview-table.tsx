import { sharedCopy } from "~/lib/copy";
import { DataTable } from "~/ui/table";
import type { DataStudioState } from "../page.server";
import type { AttributeKind, QueryCell } from "../query-types";

/** The preview of the last run (001 §9: the first 10 rows); empty before a run and after a failed one (§8). */

const T = sharedCopy.dataStudio;

function cellText(cell: QueryCell, kind: AttributeKind) {
  if (cell === null || cell === "") return T.emptyCell;
  if (kind === "boolean" || typeof cell === "boolean") return cell === true || cell === 1 ? T.yes : T.no;
  if (typeof cell === "number") return kind === "date" ? new Date(cell).toISOString().slice(0, 10) : cell.toLocaleString("en");
  return cell;
}

export function PreviewTable({ result }: { result: DataStudioState["result"] }) {
  if (!result) return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{T.notRunYet}</p>;
  if (result.rows.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600" data-ds-no-rows>{T.noRows}</p>;
  return (
    <>
      <DataTable
        label={T.preview}
        columns={result.columns.map((c) => c.label)}
        tableProps={{ "data-ds-preview": true, "data-row-count": String(result.rowCount) }}
      >
        {result.rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) => (
              <td key={j} className="px-3 py-2 text-slate-800">
                {cellText(cell, result.columns[j]?.kind ?? "text")}
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
      <p className="mt-2 text-sm text-slate-600">{T.previewRows(result.rows.length, result.rowCount)}</p>
    </>
  );
}
