import { z } from "zod";

/**
 * The admin report pages' filters and report keys (000 §2 "Review reports (admin)"),
 * client-safe: the report table and the super admin's report table read them from the address
 * (a GET form), and the streaming download posts them as JSON.
 */

/** 000 §2 empty states, quoted exactly. */
export const NO_REPORTS = "No reports available.";
export const NO_FILTERS = "No filters available.";
/** What a bulk action without a checked report says (nothing is queued or shared). */
export const NONE_SELECTED = "Select at least one report.";

/**
 * 000 §2 "user status (include, exclude, deactivate options; default is include)", applied to the
 * reviewee of each report: include = active people (neither excluded nor deactivated), exclude =
 * people excluded from the product, deactivate = deactivated people.
 */
export const USER_STATUSES = ["include", "exclude", "deactivate"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = { include: "Include", exclude: "Exclude", deactivate: "Deactivate" };

/** Reports per page of the report table. */
export const REPORTS_PAGE_SIZE = 50;
/** Rows of the super admin's table shown on its page (the download has them all). */
export const PREVIEW_ROWS = 10;

/** At most this many ids per filter (a multi-select's choice); more are ignored. */
export const MAX_FILTER_IDS = 50;
const ID = z.string().trim().min(1).max(100);
const ids = z
  .array(ID)
  .max(500)
  .default([])
  .transform((list) => [...new Set(list)].slice(0, MAX_FILTER_IDS));

export const ReportFiltersSchema = z.object({
  reviewIds: ids,
  reviewerIds: ids,
  revieweeIds: ids,
  departmentIds: ids,
  userStatus: z.enum(USER_STATUSES).default("include"),
});
export type ReportFilters = z.output<typeof ReportFiltersSchema>;

/** The filters' names in the address (the GET form's fields). */
export const FILTER_PARAMS = {
  reviewIds: "reviews",
  reviewerIds: "reviewers",
  revieweeIds: "reviewees",
  departmentIds: "departments",
  userStatus: "status",
} as const;

/** The people filters' search fields without JavaScript (the page answers them with matches). */
export const PEOPLE_QUERY_PARAMS = { reviewerIds: "reviewersQ", revieweeIds: "revieweesQ" } as const;

/** The filters in an address; unknown or malformed values fall back to no filter (include). */
export function filtersFromSearch(params: URLSearchParams): ReportFilters {
  const list = (name: string) =>
    params
      .getAll(name)
      .map((v) => v.trim())
      .filter((v) => v && v.length <= 100);
  const status = params.get(FILTER_PARAMS.userStatus);
  return ReportFiltersSchema.parse({
    reviewIds: list(FILTER_PARAMS.reviewIds),
    reviewerIds: list(FILTER_PARAMS.reviewerIds),
    revieweeIds: list(FILTER_PARAMS.revieweeIds),
    departmentIds: list(FILTER_PARAMS.departmentIds),
    userStatus: USER_STATUSES.includes(status as UserStatus) ? status : "include",
  });
}

/** The filters as address parameters (the default status is left out). */
export function filterEntries(filters: ReportFilters): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const key of ["reviewIds", "reviewerIds", "revieweeIds", "departmentIds"] as const) {
    for (const id of filters[key]) out.push([FILTER_PARAMS[key], id]);
  }
  if (filters.userStatus !== "include") out.push([FILTER_PARAMS.userStatus, filters.userStatus]);
  return out;
}

export function filterSearch(filters: ReportFilters, extra: Record<string, string | string[] | null | undefined> = {}): string {
  const params = new URLSearchParams(filterEntries(filters));
  for (const [name, value] of Object.entries(extra)) {
    if (value === null || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, v);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * A report is one reviewee in one review: `{campaignId}:{revieweeId}` in the table's forms (the
 * share dialog posts `{campaignId}|{revieweeId}`; both are read).
 */
export interface ReportKey {
  campaignId: string;
  revieweeId: string;
}
export const reportKey = (r: ReportKey) => `${r.campaignId}:${r.revieweeId}`;

export function parseReportKey(value: string): ReportKey | null {
  const at = value.search(/[:|]/);
  if (at <= 0 || at === value.length - 1 || value.length > 201) return null;
  return { campaignId: value.slice(0, at), revieweeId: value.slice(at + 1) };
}

/** At most this many reports in one bulk action (a page of the table holds fewer). */
export const MAX_BULK_REPORTS = 200;

/** The checked reports of a posted form (`report` fields), without repeats; null when one is malformed. */
export function reportKeysOf(values: string[]): ReportKey[] | null {
  const seen = new Set<string>();
  const out: ReportKey[] = [];
  for (const value of values) {
    const key = parseReportKey(value);
    if (!key) return null;
    const k = reportKey(key);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(key);
  }
  return out;
}

export const REPORTS_PATH = "/reviews/reports";
export const REPORTS_TABLE_PATH = "/reviews/reports-table";
export const REPORTS_TABLE_DOWNLOAD_PATH = "/reviews/reports-table/download";

/** The answer-level rows' columns (the flat table, the streamed download and the bulk XLSX). */
export const ANSWER_COLUMNS = ["Review", "Reviewee", "Reviewer", "Question", "Answer", "Score", "Comment"] as const;
export type AnswerCells = [string, string, string, string, string, number | "", string];

/** The streaming download's body (000 §7: a POST with a JSON body including title). */
export const DownloadRequestSchema = z.object({
  title: z.string({ error: "A title is required." }).trim().min(1, "A title is required.").max(100, "The title is at most 100 characters."),
  filters: z
    .object({
      reviewIds: z.array(ID).max(MAX_FILTER_IDS).optional(),
      reviewerIds: z.array(ID).max(MAX_FILTER_IDS).optional(),
      revieweeIds: z.array(ID).max(MAX_FILTER_IDS).optional(),
      departmentIds: z.array(ID).max(MAX_FILTER_IDS).optional(),
      userStatus: z.enum(USER_STATUSES).optional(),
    })
    .strict()
    .default({}),
});

/** A file name from a title: characters file systems refuse are replaced. */
export function fileNameOf(title: string, extension: string) {
  const base =
    title
      .replace(/[\\/:*?"<>|\u0000-\u001f]/g, " ")
      .replace(/\s+/g, " ")
      .trim() || "Report";
  return `${base.slice(0, 100)}.${extension}`;
}
