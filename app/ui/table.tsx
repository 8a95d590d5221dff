import { Fragment, type HTMLAttributes, type ReactNode, type TableHTMLAttributes, type ThHTMLAttributes } from "react";
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
 * Cell padding of a card table: `normal` for list pages, `wide` for My Reviews and integrations,
 * `roomy` for the org admin lists.
 */
export const DENSITY = { normal: "px-3 py-2", wide: "px-4 py-2", roomy: "px-4 py-3" } as const;
export type Density = keyof typeof DENSITY;

/**
 * A card table's header band: `plain` (list pages), `muted` (org admin lists), `caps` (small
 * uppercase labels: groups, channels, inbox), `dialog` (no band) and `rule` (no band, a rule under the header).
 */
export const HEADER = {
  plain: "bg-slate-50 text-left text-slate-700",
  muted: "bg-slate-50 text-left text-slate-600",
  caps: "bg-slate-50 text-left text-xs font-semibold uppercase tracking-wider text-slate-500",
  /** The same, a shade darker and closer set: the inbox and My Reviews. */
  capsStrong: "bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600",
  /** No band: tables in a dialog. */
  dialog: "text-left text-slate-700",
  /** No band, a rule under the header: tables inside a card. */
  rule: "border-b border-slate-200 text-left text-slate-600",
} as const;
export type HeaderStyle = keyof typeof HEADER;

/**
 * A column: a string is a plain column header, `{ label, align }` one aligned like its figures,
 * anything else (e.g. a SortHeader) goes in as it is; null and false are left out.
 */
export type Column = ReactNode | { label: string; align: "right" | "center" };

/** One header row's cells from `columns`, each string a `<th scope="col">` with `className`. */
export function HeaderCells({ columns, className }: { columns: readonly Column[]; className?: string }) {
  return (
    <>
      {columns.map((column, i) =>
        column === null || column === false || column === undefined ? null : typeof column === "string" ? (
          <th key={i} scope="col" className={className}>
            {column}
          </th>
        ) : typeof column === "object" && "align" in column ? (
          <th key={i} scope="col" className={`${className ?? ""} ${column.align === "right" ? "text-right" : "text-center"}`.trim()}>
            {column.label}
          </th>
        ) : (
          <Fragment key={i}>{column as ReactNode}</Fragment>
        )
      )}
    </>
  );
}

/** A header cell, a column's header unless `scope` says otherwise. */
export function HeaderCell({ scope = "col", ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope={scope} {...rest} />;
}

/**
 * A column header for screen readers only: by default "Actions", the row buttons' column; also
 * e.g. "Select" over a column of checkboxes.
 */
export function HiddenHeader({ className, label = "Actions" }: { className?: string; label?: string }) {
  return (
    <th scope="col" className={className}>
      <span className="sr-only">{label}</span>
    </th>
  );
}

/**
 * The bare table, for tables inside another card or dialog and for the print documents: an
 * accessible name (`label`) or a `caption` (visually hidden unless `captionClassName` says
 * otherwise), one header row from `columns` (with `actions`, a last column for the row's buttons)
 * or a whole `head` for grouped headers, and the body.
 * `header` picks a header band (`headClassName` overrides it); otherwise every class is the
 * caller's, so a print document keeps its look. The rest (`data-*`) goes on the table.
 */
export function Table({
  label,
  caption,
  captionClassName = "sr-only",
  columns = [],
  columnClassName,
  actions = false,
  actionsClassName = columnClassName,
  head,
  header,
  headClassName = header ? HEADER[header] : undefined,
  headRowClassName,
  bodyClassName,
  children,
  ...rest
}: {
  label?: string;
  caption?: ReactNode;
  captionClassName?: string;
  columns?: readonly Column[];
  columnClassName?: string;
  actions?: boolean | string;
  actionsClassName?: string;
  head?: ReactNode;
  header?: HeaderStyle;
  headClassName?: string;
  headRowClassName?: string;
  bodyClassName?: string;
  children: ReactNode;
} & Omit<TableHTMLAttributes<HTMLTableElement>, "children" | "aria-label">) {
  return (
    <table aria-label={label} {...rest}>
      {caption === undefined ? null : <caption className={captionClassName}>{caption}</caption>}
      <thead className={headClassName}>
        {head ?? (
          <tr className={headRowClassName}>
            <HeaderCells columns={columns} className={columnClassName} />
            {actions ? <HiddenHeader className={actionsClassName} label={actions === true ? undefined : actions} /> : null}
          </tr>
        )}
      </thead>
      <tbody className={bodyClassName}>{children}</tbody>
    </table>
  );
}

/**
 * A list page's table in its card: the card is a scroll region named `label`; `naming` says
 * whether the table carries that name too (`label`), as a visually hidden caption (`caption`) or
 * not at all (`frame`). One header row from `columns` and, with `actions`, a
 * last column for the row's buttons named "Actions" for screen readers only. `header` and
 * `density` pick the header band and the header cells' padding (`columnClassName` overrides the
 * latter); `flat` leaves out the card's shadow. `dataRows` styles the cells from
 * app/tailwind.css (long server-rendered lists); `tableProps` go on the table, the rest
 * (useClientNavigation's handlers) on the card.
 */
export function DataTable({
  label,
  naming = "label",
  columns,
  actions = false,
  dataRows = false,
  header = "plain",
  density = "normal",
  columnClassName = `${DENSITY[density]} font-semibold`,
  actionsClassName = `${DENSITY[density]} text-right font-semibold`,
  flat = false,
  bodyClassName = "divide-y divide-slate-100",
  tableProps,
  children,
  ...rest
}: {
  label: string;
  naming?: "label" | "caption" | "frame";
  columns: readonly Column[];
  actions?: boolean | string;
  actionsClassName?: string;
  dataRows?: boolean;
  header?: HeaderStyle;
  density?: Density;
  columnClassName?: string;
  flat?: boolean;
  bodyClassName?: string;
  tableProps?: Omit<TableHTMLAttributes<HTMLTableElement>, "children"> & { [data: `data-${string}`]: string | boolean | undefined };
  children: ReactNode;
} & Pick<HTMLAttributes<HTMLDivElement>, "onClick" | "onSubmit">) {
  return (
    <div
      {...scrollRegion(label)}
      className={`overflow-x-auto rounded-lg border border-slate-200 bg-white${flat ? "" : " shadow-sm"}`}
      {...rest}
    >
      <Table
        label={naming === "label" ? label : undefined}
        caption={naming === "caption" ? label : undefined}
        className={`${dataRows ? "data-rows " : ""}min-w-full divide-y divide-slate-200 text-sm`}
        header={header}
        bodyClassName={bodyClassName}
        columns={columns}
        columnClassName={columnClassName}
        actions={actions}
        actionsClassName={actionsClassName}
        {...tableProps}
      >
        {children}
      </Table>
    </div>
  );
}

/**
 * A matrix of choices (a grid question, in the form and in the builder's preview): small type,
 * the first column's header (`rowsLabel`, e.g. "Behaviour") for screen readers only, then one
 * column per option; each body row starts with a RowHeader.
 */
export function MatrixTable({
  caption,
  rowsLabel,
  options,
  children,
}: {
  caption?: string;
  rowsLabel: string;
  options: Array<{ key: string; text: string }>;
  children: ReactNode;
}) {
  return (
    <Table
      className="min-w-full text-xs"
      caption={caption}
      columns={[
        <HiddenHeader key="rows" label={rowsLabel} className="p-1 text-left font-medium text-slate-500" />,
        ...options.map((o) => (
          <HeaderCell key={o.key} className="p-1 font-medium text-slate-600">
            {o.text}
          </HeaderCell>
        )),
      ]}
    >
      {children}
    </Table>
  );
}

/** A body row's header cell in a matrix. */
export function RowHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className="p-1 text-left font-normal text-slate-700">
      {children}
    </th>
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
