import { Fragment, type HTMLAttributes, type ReactNode } from "react";
import { utcDay } from "./format";

/**
 * The frame a wide table scrolls sideways in, so on a phone (a Teams or Slack tab, about 390 px)
 * the table scrolls and the page does not: a named region with a tab stop, so the keyboard can
 * scroll it too. Spread on the table's `overflow-x-auto` wrapper; app/tailwind.css makes that
 * wrapper the table's positioning frame, so its visually hidden texts cannot widen the page.
 */
export function scrollRegion(label: string) {
  return { role: "region", "aria-label": label, tabIndex: 0 } as const;
}

/**
 * A list page's table in its card: an accessible name, one header row (a string is a plain
 * column header, anything else, e.g. a SortHeader, goes in as it is; null and false are left
 * out) and, with `actions`, a last column for the row's buttons named "Actions" for screen
 * readers only. `dataRows` styles the cells from app/tailwind.css (long server-rendered lists);
 * the rest (useClientNavigation's handlers) goes on the card.
 */
export function DataTable({
  label,
  columns,
  actions = false,
  dataRows = false,
  children,
  ...rest
}: {
  label: string;
  columns: ReactNode[];
  actions?: boolean;
  dataRows?: boolean;
  children: ReactNode;
} & Pick<HTMLAttributes<HTMLDivElement>, "onClick" | "onSubmit">) {
  return (
    <div {...scrollRegion(label)} className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm" {...rest}>
      <table className={`${dataRows ? "data-rows " : ""}min-w-full divide-y divide-slate-200 text-sm`} aria-label={label}>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            {columns.map((column, i) =>
              column === null || column === false ? null : typeof column === "string" ? (
                <th key={i} scope="col" className="px-3 py-2 font-semibold">
                  {column}
                </th>
              ) : (
                <Fragment key={i}>{column}</Fragment>
              )
            )}
            {actions ? (
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A cell holding a day (UTC), machine-readable in its <time>. */
export function DayCell({ ms }: { ms: number }) {
  return (
    <td className="whitespace-nowrap px-3 py-2 text-slate-600">
      <time dateTime={new Date(ms).toISOString()}>{utcDay(ms)}</time>
    </td>
  );
}
