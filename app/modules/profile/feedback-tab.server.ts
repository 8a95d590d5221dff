import { redirect } from "@remix-run/cloudflare";
import { FEEDBACK_KINDS, FEEDBACK_KIND_TITLES, type FeedbackKind } from "~/modules/feedback/loop-types";
import type { TagCatalogue } from "~/modules/feedback/give";
import {
  DETAIL_PARAM,
  FEEDBACK_LIST_LIMIT,
  feedbackListQuery,
  hasAdvancedFilters,
  parseFeedbackListFilters,
  type FeedbackListFilters,
} from "./feedback-list";
import { listFeedback, loadFeedbackCatalogue, type FeedbackCard, type FeedbackDetail } from "./feedback-list.server";
import type { ProfileTabArgs } from "./tab-args";

/** The Feedback tab (002 §2.5 "Feedback list"): the filters as used, the rows, the options of the filter form and the open item. */
export interface FeedbackTabData {
  filters: FeedbackListFilters;
  /** The filters' query string, set values only (the Download form posts it). */
  query: string;
  advancedOpen: boolean;
  /** The cards of this page of the list (FEEDBACK_CARDS_PER_PAGE a page). */
  rows: FeedbackCard[];
  /** How many items the whole list has (at most the page limit). */
  total: number;
  page: number;
  pageCount: number;
  /** The list stopped at the page limit (002 §9). */
  limited: boolean;
  limit: number;
  feedbackKinds: Array<{ id: FeedbackKind; title: string }>;
  competencies: TagCatalogue[];
  /** Null: the viewer has no sender filter. */
  senders: Array<{ id: string; name: string }> | null;
  /** The item of `?feedback=<id>`, when the viewer may see it. */
  detail: FeedbackDetail | null;
}

/**
 * Cards a page: a person's list runs to the page limit of 5,000 (002 §9), which is megabytes of
 * cards; the list is read a page at a time with ?page=N (links that keep the filters).
 */
export const FEEDBACK_CARDS_PER_PAGE = 25;

export async function loadFeedbackTab(args: ProfileTabArgs): Promise<FeedbackTabData> {
  const db = args.context.db;
  const catalogue = await loadFeedbackCatalogue(db, args.viewer, args.person.id);
  const filters = parseFeedbackListFilters(args.url.searchParams, {
    competencies: catalogue.competencies,
    senderIds: catalogue.senders ? catalogue.senders.map((s) => s.id) : null,
  });
  const detailId = (args.url.searchParams.get(DETAIL_PARAM) ?? "").trim().slice(0, 200) || null;
  const asked = Number.parseInt(args.url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(asked) && asked > 0 ? Math.min(asked, Math.ceil(FEEDBACK_LIST_LIMIT / FEEDBACK_CARDS_PER_PAGE)) : 1;
  const { rows, detail, total } = await listFeedback(db, args.viewer, args.person.id, filters, catalogue.competencies, detailId, {
    page,
    size: FEEDBACK_CARDS_PER_PAGE,
  });
  // A page past the end (a stale link after the list shrank): the last page.
  if (rows.length === 0 && total > 0) {
    const last = new URLSearchParams(args.url.searchParams);
    last.set("page", String(Math.ceil(total / FEEDBACK_CARDS_PER_PAGE)));
    throw redirect(`${args.basePath}/feedback?${last}`);
  }
  return {
    filters,
    query: feedbackListQuery(filters).toString(),
    advancedOpen: hasAdvancedFilters(filters),
    rows,
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / FEEDBACK_CARDS_PER_PAGE)),
    limited: total >= FEEDBACK_LIST_LIMIT,
    limit: FEEDBACK_LIST_LIMIT,
    feedbackKinds: FEEDBACK_KINDS.map((id) => ({ id, title: FEEDBACK_KIND_TITLES[id] })),
    competencies: catalogue.competencies,
    senders: catalogue.senders,
    detail,
  };
}
