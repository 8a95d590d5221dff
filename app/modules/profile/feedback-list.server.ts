import { sql, type SQL } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import { feedbackAboutPerson, shownSenderId } from "~/modules/access/feedback.server";
import type { Viewer } from "~/modules/auth/session.server";
import type { LoopBlock } from "~/modules/feedback/feedback-blocks";
import type { TagCatalogue } from "~/modules/feedback/give";
import { tagCatalogue } from "~/modules/feedback/give.server";
import { FEEDBACK_TEXT_FIELDS, type FeedbackTextField } from "~/modules/feedback/item-record";
import type { DimensionInfo, FeedbackAnswers, FeedbackFormat, FeedbackKind, FocusArea } from "~/modules/feedback/loop-types";
import {
  answerEntries,
  dayBounds,
  FEEDBACK_LIST_LIMIT,
  previewEntries,
  SENDER_FILTER_GATE,
  type AnswerEntry,
  type FeedbackListFilters,
} from "./feedback-list";

/**
 * The feedback a person received that the viewer may see (002 §2.5 "Feedback list", §3
 * "Feedback item", §9 page limit): every access and anonymity rule comes from
 * app/modules/access/feedback.server.ts (feedbackAboutPerson for the rows, shownSenderId for the
 * sender), so an anonymous item names no one here, whoever asks, and its sender's name is never
 * searched. The filters are SQL over the same statement, newest first, at most
 * FEEDBACK_LIST_LIMIT rows: one statement driven by the (company_id, receiver_id, sent_at) index.
 */

type ListViewer = Pick<Viewer, "user" | "company" | "permissions">;

export interface FeedbackTag {
  id: string;
  name: string;
  kind: "competency" | "behaviour";
}

export interface FeedbackCard {
  id: string;
  feedbackType: FeedbackKind;
  typeTitle: string;
  /** Null for an anonymous item (shownSenderId). */
  senderId: string | null;
  senderName: string | null;
  anonymous: boolean;
  sentAt: number;
  /** YYYY-MM-DD, UTC. */
  sentDay: string;
  tags: FeedbackTag[];
  preview: AnswerEntry[];
}

export interface FeedbackSuggestion {
  type: "video" | "text";
  title: string;
  desc: string;
  text: string;
  /** Only an http(s) address; anything else is dropped. */
  url: string | null;
}

export interface FeedbackFocusArea {
  id: string;
  name: string;
  strength: boolean;
  suggestion: boolean;
  suggestions: FeedbackSuggestion[];
}

export interface FeedbackDimension {
  id: string;
  name: string;
  focusAreas: FeedbackFocusArea[];
}

export interface FeedbackDetail extends FeedbackCard {
  entries: AnswerEntry[];
  dimensions: FeedbackDimension[];
}

export interface FeedbackCatalogue {
  competencies: TagCatalogue[];
  /** The people the viewer may filter by (non-anonymous senders of items they may see); null without ViewFeedbackSenderFilter. */
  senders: Array<{ id: string; name: string }> | null;
}

export const maySeeSenderFilter = (viewer: Pick<Viewer, "permissions">) => viewer.permissions.includes(SENDER_FILTER_GATE);

/** The company's competencies and, with the gate, the senders of the person's feedback the viewer may see. */
export async function loadFeedbackCatalogue(db: Db, viewer: ListViewer, personId: string): Promise<FeedbackCatalogue> {
  const senders = maySeeSenderFilter(viewer)
    ? d1Statement(
        db,
        sql`SELECT DISTINCT fi.sender_id AS id, su.name AS name FROM feedback_items fi
          JOIN users su ON su.id = fi.sender_id AND su.company_id = fi.company_id
          WHERE ${feedbackAboutPerson(viewer, personId)} AND fi.anonymous = 0
          ORDER BY su.name COLLATE NOCASE, fi.sender_id`
      )
        .all<{ id: string; name: string }>()
        .then((r) => r.results)
    : Promise.resolve(null);
  const [competencies, senderRows] = await Promise.all([tagCatalogue(db, viewer.company.id), senders]);
  return { competencies, senders: senderRows };
}

const COLUMNS = sql`fi.id AS id, fi.feedback_type AS feedback_type, fi.feedback_type_title AS type_title, fi.template_type AS template_type,
  fi.feedback_text, fi.situation_text, fi.behavior_text, fi.impact_text, fi.sbi_next_step_text, fi.strength_text,
  fi.development_area_text, fi.sd_next_step_text, fi.blocks AS blocks, fi.answers AS answers, fi.dimension_infos AS dimension_infos,
  fi.anonymous AS anonymous, CASE WHEN fi.anonymous = 0 THEN fi.sender_id END AS sender_id,
  CASE WHEN fi.anonymous = 0 THEN su.name END AS sender_name, fi.sent_at AS sent_at`;

// The sender's name only for a named item: an anonymous item joins no one.
const FROM = sql`FROM feedback_items fi LEFT JOIN users su ON fi.anonymous = 0 AND su.id = fi.sender_id AND su.company_id = fi.company_id`;

/** The filters as SQL over `fi` (the item) and `su` (its named sender). */
export function filterConditions(viewer: Pick<Viewer, "permissions">, filters: FeedbackListFilters): SQL[] {
  const out: SQL[] = [];
  if (filters.search) {
    // instr, not LIKE: D1 refuses LIKE patterns longer than 50 characters. lower() folds ASCII as LIKE would.
    const needle = filters.search.toLowerCase();
    const has = (column: SQL) => sql`instr(lower(${column}), ${needle}) > 0`;
    const texts = FEEDBACK_TEXT_FIELDS.map((f) => has(sql.raw(`fi.${snake(f)}`)));
    out.push(sql`(${sql.join(
      [
        ...texts,
        has(sql`fi.feedback_type_title`),
        sql`(fi.anonymous = 0 AND ${has(sql`su.name`)})`,
        sql`EXISTS (SELECT 1 FROM json_each(fi.answers) a WHERE (json_type(a.value, '$.value') = 'text' AND ${has(sql`json_extract(a.value, '$.value')`)})
          OR (json_type(a.value, '$.comment') = 'text' AND ${has(sql`json_extract(a.value, '$.comment')`)}))`,
      ],
      sql` OR `
    )})`);
  }
  if (filters.feedbackType) out.push(sql`fi.feedback_type = ${filters.feedbackType}`);
  // Without the gate the member filter is no filter; it never matches an anonymous item.
  if (filters.member && maySeeSenderFilter(viewer)) out.push(sql`(fi.anonymous = 0 AND fi.sender_id = ${filters.member})`);
  if (filters.competency || filters.behaviour || filters.behaviourType) {
    const dimension: SQL[] = [];
    if (filters.competency) dimension.push(sql`json_extract(d.value, '$.id') = ${filters.competency}`);
    if (filters.behaviour || filters.behaviourType) {
      const focus: SQL[] = [];
      if (filters.behaviour) focus.push(sql`json_extract(f.value, '$.id') = ${filters.behaviour}`);
      // As the insights count them (item-record.ts): a strength wins over a development area.
      if (filters.behaviourType === "strength") focus.push(sql`json_extract(f.value, '$.str') = 1`);
      if (filters.behaviourType === "developmentArea")
        focus.push(sql`coalesce(json_extract(f.value, '$.str'), 0) = 0 AND json_extract(f.value, '$.sug') = 1`);
      dimension.push(sql`EXISTS (SELECT 1 FROM json_each(d.value, '$.focusAreas') f WHERE ${sql.join(focus, sql` AND `)})`);
    }
    out.push(sql`EXISTS (SELECT 1 FROM json_each(fi.dimension_infos) d WHERE ${sql.join(dimension, sql` AND `)})`);
  }
  const { from, before } = dayBounds(filters);
  if (from !== null) out.push(sql`fi.sent_at >= ${from}`);
  if (before !== null) out.push(sql`fi.sent_at < ${before}`);
  return out;
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The statement of the list: the person's items the viewer may see, filtered, newest first. */
export function feedbackListStatement(
  viewer: ListViewer,
  personId: string,
  filters: FeedbackListFilters,
  options: { onlyIds?: readonly string[]; limit?: number; idsOnly?: boolean } = {}
): SQL {
  const conditions = [feedbackAboutPerson(viewer, personId), ...filterConditions(viewer, filters)];
  if (options.onlyIds) conditions.push(sql`fi.id IN (SELECT value FROM json_each(${JSON.stringify(options.onlyIds)}))`);
  return sql`SELECT ${options.idsOnly ? sql`fi.id` : COLUMNS} ${FROM} WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY fi.sent_at DESC, fi.id DESC LIMIT ${options.limit ?? FEEDBACK_LIST_LIMIT}`;
}

export type ItemRow = Record<string, unknown>;

function parsed<T>(value: unknown, fallback: T): T {
  if (typeof value !== "string") return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

function answersOf(row: ItemRow) {
  const texts = Object.fromEntries(FEEDBACK_TEXT_FIELDS.map((f) => [f, (row[snake(f)] as string | null) ?? null])) as Record<
    FeedbackTextField,
    string | null
  >;
  return {
    templateType: (row.template_type as FeedbackFormat | null) ?? null,
    texts,
    blocks: parsed<LoopBlock[]>(row.blocks, []),
    answers: parsed<FeedbackAnswers>(row.answers, {}),
  };
}

/** Names of the company's competencies and behaviours by id. */
export function namesOf(catalogue: readonly TagCatalogue[]) {
  const competencies = new Map(catalogue.map((c) => [c.id, c.name]));
  const behaviours = new Map(catalogue.flatMap((c) => c.behaviours.map((b) => [b.id, b.name] as const)));
  return { competencies, behaviours };
}
type Names = ReturnType<typeof namesOf>;

function tagsOf(dimensions: DimensionInfo[], names: Names): FeedbackTag[] {
  const out: FeedbackTag[] = [];
  for (const d of dimensions) {
    const name = names.competencies.get(d.id);
    if (name) out.push({ id: d.id, name, kind: "competency" });
    for (const f of d.focusAreas ?? []) {
      const behaviour = names.behaviours.get(f.id);
      if (behaviour && !out.some((t) => t.kind === "behaviour" && t.id === f.id)) out.push({ id: f.id, name: behaviour, kind: "behaviour" });
    }
  }
  return out;
}

export function cardOf(row: ItemRow, names: Names): FeedbackCard {
  const anonymous = Boolean(row.anonymous);
  const senderId = shownSenderId({ anonymous, senderId: (row.sender_id as string | null) ?? null });
  const sentAt = Number(row.sent_at);
  return {
    id: String(row.id),
    feedbackType: row.feedback_type as FeedbackKind,
    typeTitle: String(row.type_title),
    senderId,
    senderName: senderId ? ((row.sender_name as string | null) ?? null) : null,
    anonymous,
    sentAt,
    sentDay: new Date(sentAt).toISOString().slice(0, 10),
    tags: tagsOf(parsed<DimensionInfo[]>(row.dimension_infos, []), names),
    preview: previewEntries(answersOf(row)).map((e) => ({ label: e.label, text: clip(e.text) })),
  };
}

/** A card's preview keeps the page light with hundreds of cards; Details shows it all. */
export const PREVIEW_CHARS = 300;
const clip = (text: string) => (text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text);

const httpUrl = (url: unknown) => (typeof url === "string" && /^https?:\/\/[^\s]+$/i.test(url.trim()) ? url.trim() : null);

function focusAreaOf(f: FocusArea, names: Names): FeedbackFocusArea | null {
  const name = names.behaviours.get(f.id);
  if (!name) return null;
  return {
    id: f.id,
    name,
    strength: Boolean(f.str),
    suggestion: Boolean(f.sug),
    suggestions: (Array.isArray(f.suggestions) ? f.suggestions : []).map((s) => ({
      type: s.type === "video" ? "video" : "text",
      title: String(s.title ?? ""),
      desc: String(s.desc ?? ""),
      text: String(s.text ?? ""),
      url: httpUrl(s.url),
    })),
  };
}

export function detailOf(row: ItemRow, names: Names): FeedbackDetail {
  const card = cardOf(row, names);
  const entries = answerEntries(answersOf(row));
  const dimensions = parsed<DimensionInfo[]>(row.dimension_infos, [])
    .map((d) => ({
      id: d.id,
      name: names.competencies.get(d.id) ?? "",
      focusAreas: (d.focusAreas ?? []).map((f) => focusAreaOf(f, names)).filter((f): f is FeedbackFocusArea => f !== null),
    }))
    .filter((d) => d.name);
  return { ...card, preview: entries.slice(0, card.preview.length), entries, dimensions };
}

/**
 * The list and, when asked, one item for the Details dialog (by id, whatever the filters, still
 * only if the viewer may see it), in one D1 round trip.
 */
export async function listFeedback(
  db: Db,
  viewer: ListViewer,
  personId: string,
  filters: FeedbackListFilters,
  catalogue: readonly TagCatalogue[],
  detailId: string | null = null,
  page: { page: number; size: number } | null = null
): Promise<{ rows: FeedbackCard[]; detail: FeedbackDetail | null; total: number }> {
  const names = namesOf(catalogue);
  // A page of the list (within the page limit) and how many rows the whole list has.
  const statement = feedbackListStatement(viewer, personId, filters);
  const list = d1Statement(db, page ? sql`SELECT * FROM (${statement}) LIMIT ${page.size} OFFSET ${(page.page - 1) * page.size}` : statement);
  const statements = [list, d1Statement(db, sql`SELECT count(*) AS n FROM (${feedbackListStatement(viewer, personId, filters, { idsOnly: true })})`)];
  if (detailId) {
    statements.push(
      d1Statement(db, sql`SELECT ${COLUMNS} ${FROM} WHERE fi.id = ${detailId} AND ${feedbackAboutPerson(viewer, personId)} LIMIT 1`)
    );
  }
  const [rows, counted, detail] = await db.$client.batch<ItemRow>(statements);
  const detailRow = detail?.results[0];
  return {
    rows: rows.results.map((r) => cardOf(r, names)),
    detail: detailRow ? detailOf(detailRow, names) : null,
    total: Number(counted.results[0]?.n ?? 0),
  };
}

/** Full items (every answer and tag) of the list, for the PDF. */
export async function feedbackDetails(
  db: Db,
  viewer: ListViewer,
  personId: string,
  filters: FeedbackListFilters,
  catalogue: readonly TagCatalogue[],
  onlyIds?: readonly string[]
): Promise<FeedbackDetail[]> {
  const names = namesOf(catalogue);
  const { results } = await d1Statement(db, feedbackListStatement(viewer, personId, filters, { onlyIds })).all<ItemRow>();
  return results.map((r) => detailOf(r, names));
}
