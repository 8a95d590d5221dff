/**
 * Analytics › Reports (002 §3 "Report row: id, uniqueId, type, name, anonymity, children", §6, §7
 * /filter-reports): the list of what the viewer may report on. Pure and client-safe: the filters
 * as read from the GET form, the sort (002 §9: a column sorts ascending first, a date column
 * descending first) and the row shape the page renders.
 */

export const REPORT_LIST_PATH = "/analytics/reports";
export const REPORT_LIST_PAGE_SIZE = 25;

export const REPORT_TYPES = ["review", "survey", "feedback-loop", "data-studio"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_SORTS = ["name", "type", "date"] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export type SortDir = "asc" | "desc";

export interface ReportListFilters {
  type: ReportType | null;
  search: string;
  /** YYYY-MM-DD, inclusive. */
  from: string | null;
  to: string | null;
  sort: ReportSort;
  dir: SortDir;
  page: number;
}

export interface ReportChild {
  id: string;
  uniqueId: string;
  name: string;
  state: string;
  at: number;
  /** Where the child's report lives. */
  href: string;
  /** A queued download the viewer may ask for (survey runs: the report PDF). */
  download: boolean;
}

export interface ReportRowData {
  id: string;
  /** `type:id`, unique across the list (002 §3 uniqueId). */
  uniqueId: string;
  type: ReportType;
  name: string;
  anonymous: boolean;
  at: number;
  href: string;
  download: boolean;
  /** Runs of a survey or feedback loop; null when the type has none, or when they may not be expanded (002 §6). */
  children: ReportChild[] | null;
  childCount: number;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string | null) => (v && DAY_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : null);

/** The first sort direction of a column (002 §9). */
export const firstDir = (sort: ReportSort): SortDir => (sort === "date" ? "desc" : "asc");

export function reportListFilters(params: URLSearchParams): ReportListFilters | { error: "dates" } {
  const type = params.get("type");
  const sort = params.get("sort");
  const s = (REPORT_SORTS as readonly string[]).includes(sort ?? "") ? (sort as ReportSort) : "date";
  const dir = params.get("dir") === "asc" ? "asc" : params.get("dir") === "desc" ? "desc" : firstDir(s);
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(params.get("page") ?? "1")) || 1));
  const from = validDay(params.get("from"));
  const to = validDay(params.get("to"));
  if (from && to && from > to) return { error: "dates" };
  return {
    type: (REPORT_TYPES as readonly string[]).includes(type ?? "") ? (type as ReportType) : null,
    search: (params.get("search") ?? "").trim().slice(0, 100),
    from,
    to,
    sort: s,
    dir,
    page,
  };
}

/** The list's address with these filters (page 1 unless given). */
export function reportListHref(f: ReportListFilters, change: Partial<ReportListFilters> = {}) {
  const next = { ...f, page: 1, ...change };
  const q = new URLSearchParams();
  if (next.type) q.set("type", next.type);
  if (next.search) q.set("search", next.search);
  if (next.from) q.set("from", next.from);
  if (next.to) q.set("to", next.to);
  if (next.sort !== "date" || next.dir !== "desc") {
    q.set("sort", next.sort);
    q.set("dir", next.dir);
  }
  if (next.page > 1) q.set("page", String(next.page));
  const s = q.toString();
  return `${REPORT_LIST_PATH}${s ? `?${s}` : ""}`;
}

/** A sortable column's link: the same column flips, another starts at its first direction. */
export function sortHref(f: ReportListFilters, column: ReportSort) {
  const dir = f.sort === column ? (f.dir === "asc" ? "desc" : "asc") : firstDir(column);
  return reportListHref(f, { sort: column, dir });
}
