import type { InsightsResult } from "../report";
import { HEADER, HeaderCell, Table } from "~/ui/table";

/**
 * Insights by department: one row per choice question, one column per department, each cell the
 * department's average answer, coloured on the company's scale (Default low blue → high red,
 * Reverse the opposite). The number is always written in the cell; colour is never the only cue.
 */
export function ReportDepartmentTable({ insights, scale }: { insights: InsightsResult; scale: "default" | "reverse" }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <Table
        className="min-w-full text-sm"
        data-color-scale={scale}
        caption={`Average answer per department (${scale === "reverse" ? "Reverse scale: low red, high blue" : "Default scale: low blue, high red"})`}
        captionClassName="px-4 pt-3 pb-1 text-left text-xs text-slate-500"
        headRowClassName={HEADER.rule}
        columns={[
          <HeaderCell key="question" className="px-4 py-2 font-medium">
            Question
          </HeaderCell>,
          ...insights.departments.map((d) => (
            <HeaderCell key={d.id} className="px-3 py-2 text-center font-medium" data-department={d.name} data-responses={d.responses}>
              {d.name}
              <span className="block text-xs font-normal text-slate-500">
                {d.responses} {d.responses === 1 ? "response" : "responses"}
              </span>
            </HeaderCell>
          )),
        ]}
      >
          {insights.rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-100" data-question={row.id}>
              <th scope="row" className="max-w-md px-4 py-2 text-left font-normal text-slate-900">
                {row.question}
                <span className="block text-xs text-slate-500">
                  Scale {row.min}–{row.max}
                </span>
              </th>
              {row.departments.map((cell) => (
                <td
                  key={cell.departmentId}
                  className="px-3 py-2 text-center font-medium tabular-nums"
                  style={cell.color ? { backgroundColor: cell.color, color: cell.textColor ?? undefined } : undefined}
                  data-value={cell.value ?? ""}
                  data-color={cell.color ?? ""}
                >
                  {cell.value === null ? "–" : cell.value.toFixed(2)}
                </td>
              ))}
            </tr>
          ))}
      </Table>
    </div>
  );
}
