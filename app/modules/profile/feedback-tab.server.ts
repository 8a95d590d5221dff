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
  rows: FeedbackCard[];
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

export async function loadFeedbackTab(args: ProfileTabArgs): Promise<FeedbackTabData> {
  const db = args.context.db;
  const catalogue = await loadFeedbackCatalogue(db, args.viewer, args.person.id);
  const filters = parseFeedbackListFilters(args.url.searchParams, {
    competencies: catalogue.competencies,
    senderIds: catalogue.senders ? catalogue.senders.map((s) => s.id) : null,
  });
  const detailId = (args.url.searchParams.get(DETAIL_PARAM) ?? "").trim().slice(0, 200) || null;
  const { rows, detail } = await listFeedback(db, args.viewer, args.person.id, filters, catalogue.competencies, detailId);
  return {
    filters,
    query: feedbackListQuery(filters).toString(),
    advancedOpen: hasAdvancedFilters(filters),
    rows,
    limited: rows.length >= FEEDBACK_LIST_LIMIT,
    limit: FEEDBACK_LIST_LIMIT,
    feedbackKinds: FEEDBACK_KINDS.map((id) => ({ id, title: FEEDBACK_KIND_TITLES[id] })),
    competencies: catalogue.competencies,
    senders: catalogue.senders,
    detail,
  };
}
