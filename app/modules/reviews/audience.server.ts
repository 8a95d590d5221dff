import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { groupMembers, users, workspaceMembers } from "~/db/schema";
import { UNSUPPORTED_FILE, readSpreadsheet } from "~/lib/spreadsheet.server";

/**
 * The audience of a review launch (000 §2 "Launch review audience", §4 "Audience building rules",
 * §5 uploads): the people of the chosen workspace or group, the reviewee/reviewer pairs the
 * Auto, Manager Upward, Manager Downward and Self Review buttons suggest, and the uploaded pair
 * and nominee files checked against that audience.
 */

export interface AudienceMember {
  id: string;
  name: string;
  email: string;
  title: string | null;
  departmentId: string | null;
  managerIds: string[];
}

/**
 * The active people of a Slack-type workspace or a Teams-type group, optionally only those of the
 * given departments (none = all), by name, each with their manager ids. One statement for any
 * size: managers come back as a JSON array per person and departments as one bound JSON array,
 * so nothing binds an id per person.
 */
export async function audienceMembers(
  db: Db,
  companyId: string,
  channel: { workspaceId: string | null; groupId: string | null },
  departmentIds?: string[] | null
): Promise<AudienceMember[]> {
  let membership;
  if (channel.workspaceId) {
    membership = {
      table: workspaceMembers,
      on: and(
        eq(workspaceMembers.userId, users.id),
        eq(workspaceMembers.companyId, companyId),
        eq(workspaceMembers.workspaceId, channel.workspaceId)
      ),
    };
  } else if (channel.groupId) {
    membership = {
      table: groupMembers,
      on: and(eq(groupMembers.userId, users.id), eq(groupMembers.companyId, companyId), eq(groupMembers.groupId, channel.groupId)),
    };
  } else {
    return [];
  }
  const departmentFilter = departmentIds?.length
    ? sql`${users.departmentId} IN (SELECT value FROM json_each(${JSON.stringify(departmentIds)}))`
    : undefined;
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      title: users.title,
      departmentId: users.departmentId,
      // "+um.company_id": without it SQLite reads the company's links through user_managers_manager
      // for every person (1.4 s for 5,000 people); this way each person is one primary-key lookup.
      managerIds:
        sql<string>`(SELECT json_group_array(um.manager_id) FROM user_managers um WHERE um.user_id = ${users.id} AND +um.company_id = ${companyId})`.mapWith(
          (v: string) => JSON.parse(v) as string[]
        ),
    })
    .from(membership.table)
    .innerJoin(users, membership.on)
    .where(and(eq(users.companyId, companyId), eq(users.isDeleted, false), eq(users.isExcluded, false), departmentFilter))
    .orderBy(asc(sql`${users.name} COLLATE NOCASE`), asc(users.id));
}

export type PairSuggestion = { revieweeId: string; reviewerId: string };

/** The pairs without repeats (same reviewee and reviewer), first occurrence kept (000 §5). */
export function uniquePairs(pairs: Iterable<PairSuggestion>): PairSuggestion[] {
  const seen = new Set<string>();
  const out: PairSuggestion[] = [];
  for (const p of pairs) {
    const key = `${p.revieweeId}\u0000${p.reviewerId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}

/** Self Review (000 §4): every member is their own reviewer. */
export function selfReview(members: AudienceMember[]): PairSuggestion[] {
  return uniquePairs(members.map((m) => ({ revieweeId: m.id, reviewerId: m.id })));
}

/** A member's managers who are in the workspace or group themselves (a manager elsewhere cannot take part). */
function managersIn(member: AudienceMember, inChannel: Set<string>): string[] {
  return member.managerIds.filter((id) => id !== member.id && inChannel.has(id));
}

/** Manager Downward: each member is reviewed by their manager(s). */
export function managerDownward(members: AudienceMember[], inChannel: Set<string>): PairSuggestion[] {
  return uniquePairs(members.flatMap((m) => managersIn(m, inChannel).map((managerId) => ({ revieweeId: m.id, reviewerId: managerId }))));
}

/** Manager Upward: each member reviews their manager(s). */
export function managerUpward(members: AudienceMember[], inChannel: Set<string>): PairSuggestion[] {
  return uniquePairs(members.flatMap((m) => managersIn(m, inChannel).map((managerId) => ({ revieweeId: managerId, reviewerId: m.id }))));
}

/** Peers suggested per reviewee by Auto. */
export const AUTO_PEERS = 2;

const byName = (a: AudienceMember, b: AudienceMember) => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/**
 * Auto (a 360 suggestion) for each member as reviewee: themselves, their managers, their direct
 * reports and up to two peers (people sharing a manager, by name). Reports and peers are looked
 * for among `all` (the whole workspace or group, by id) when given, so a department filter narrows
 * the reviewees but not who may review them; everyone suggested is in `inChannel`.
 */
export function autoSuggest(members: AudienceMember[], inChannel: Set<string>, all?: Map<string, AudienceMember>): PairSuggestion[] {
  const reportsOf = new Map<string, AudienceMember[]>();
  for (const person of all ? all.values() : members) {
    if (!inChannel.has(person.id)) continue;
    for (const managerId of person.managerIds) {
      if (managerId === person.id) continue;
      const list = reportsOf.get(managerId);
      if (list) list.push(person);
      else reportsOf.set(managerId, [person]);
    }
  }
  for (const list of reportsOf.values()) list.sort(byName);
  const pairs: PairSuggestion[] = [];
  for (const m of members) {
    pairs.push({ revieweeId: m.id, reviewerId: m.id });
    for (const managerId of managersIn(m, inChannel)) pairs.push({ revieweeId: m.id, reviewerId: managerId });
    for (const report of reportsOf.get(m.id) ?? []) pairs.push({ revieweeId: m.id, reviewerId: report.id });
    const peers = new Map<string, AudienceMember>();
    for (const managerId of m.managerIds) for (const p of reportsOf.get(managerId) ?? []) if (p.id !== m.id) peers.set(p.id, p);
    for (const peer of [...peers.values()].sort(byName).slice(0, AUTO_PEERS)) pairs.push({ revieweeId: m.id, reviewerId: peer.id });
  }
  return uniquePairs(pairs);
}

/** 000 §5; the review spec ends it with a full stop, unlike the shared UNSUPPORTED_FILE. */
export const REVIEW_UPLOAD_UNSUPPORTED = "Supported file formats are .xlsx and .csv.";
export const INVALID_EMAILS = "Invalid list of emails.";

/** Why an uploaded row was not added, shown in the invalid-pairs dialog. */
export const UNVERIFIED_REASONS = {
  missing: (who: "Reviewee" | "Reviewer") => `${who} e-mail is missing`,
  invalid: (who: "Reviewee" | "Reviewer") => `${who} e-mail is not valid`,
  unknown: (who: "Reviewee" | "Reviewer") => `${who} is not in the chosen workspace or group`,
} as const;

/** Members keyed by lower-cased e-mail, as the upload readers look them up. */
export function membersByEmail(members: AudienceMember[]): Map<string, AudienceMember> {
  return new Map(members.map((m) => [m.email.trim().toLowerCase(), m]));
}

const EMAIL = z.email();

type Lookup = { member: AudienceMember } | { reason: string };

function lookUp(value: string, who: "Reviewee" | "Reviewer", members: Map<string, AudienceMember>): Lookup {
  if (!value) return { reason: UNVERIFIED_REASONS.missing(who) };
  const member = members.get(value.toLowerCase());
  if (member) return { member };
  return { reason: EMAIL.safeParse(value).success ? UNVERIFIED_REASONS.unknown(who) : UNVERIFIED_REASONS.invalid(who) };
}

const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, "");
const isBlank = (row: string[]) => row.every((cell) => cell.trim() === "");

/**
 * The rows of an upload below its header row (the first non-blank row), with the columns whose
 * header reads "<role> Email" or just "<role>" in any case, and 1-based file row numbers.
 * INVALID_EMAILS when a column is missing or no data row follows.
 */
async function readUpload<R extends string>(
  file: unknown,
  roles: readonly R[]
): Promise<{ ok: true; columns: Record<R, number>; rows: Array<{ row: number; cells: string[] }> } | { ok: false; message: string }> {
  // A chosen file with nothing in it is a bad list, not a missing file.
  if (file instanceof File && file.name && file.size === 0) {
    return { ok: false, message: /\.(csv|xlsx|xls)$/i.test(file.name) ? INVALID_EMAILS : REVIEW_UPLOAD_UNSUPPORTED };
  }
  const read = await readSpreadsheet(file);
  if (!read.ok) {
    if (read.message === UNSUPPORTED_FILE) return { ok: false, message: REVIEW_UPLOAD_UNSUPPORTED };
    return read;
  }
  const headerAt = read.rows.findIndex((row) => !isBlank(row));
  if (headerAt < 0) return { ok: false, message: INVALID_EMAILS };
  const header = read.rows[headerAt].map(headerKey);
  const columns = {} as Record<R, number>;
  for (const role of roles) {
    const index = header.findIndex((key) => key === `${role}email` || key === role);
    if (index < 0) return { ok: false, message: INVALID_EMAILS };
    columns[role] = index;
  }
  const rows: Array<{ row: number; cells: string[] }> = [];
  for (let i = headerAt + 1; i < read.rows.length; i++) {
    if (!isBlank(read.rows[i])) rows.push({ row: i + 1, cells: read.rows[i] });
  }
  if (rows.length === 0) return { ok: false, message: INVALID_EMAILS };
  return { ok: true, columns, rows };
}

export type PairsUpload =
  | { ok: true; verified: PairSuggestion[]; unverified: Array<{ row: number; reviewee: string; reviewer: string; reason: string }> }
  | { ok: false; message: string };

/**
 * An uploaded reviewee-reviewer pairs file (header "Reviewee Email, Reviewer Email"): pairs of
 * people in `members` (keyed by lower-cased e-mail), unique; the other rows with their reason.
 */
export async function readPairsUpload(file: unknown, members: Map<string, AudienceMember>): Promise<PairsUpload> {
  const upload = await readUpload(file, ["reviewee", "reviewer"] as const);
  if (!upload.ok) return upload;
  const verified: PairSuggestion[] = [];
  const unverified: Array<{ row: number; reviewee: string; reviewer: string; reason: string }> = [];
  for (const { row, cells } of upload.rows) {
    const reviewee = (cells[upload.columns.reviewee] ?? "").trim();
    const reviewer = (cells[upload.columns.reviewer] ?? "").trim();
    const a = lookUp(reviewee, "Reviewee", members);
    const b = lookUp(reviewer, "Reviewer", members);
    if ("member" in a && "member" in b) verified.push({ revieweeId: a.member.id, reviewerId: b.member.id });
    else unverified.push({ row, reviewee, reviewer, reason: [a, b].flatMap((r) => ("reason" in r ? [r.reason] : [])).join("; ") });
  }
  return { ok: true, verified: uniquePairs(verified), unverified };
}

export type NomineesUpload =
  | { ok: true; verified: string[]; unverified: Array<{ row: number; email: string; reason: string }> }
  | { ok: false; message: string };

/**
 * An uploaded reviewees-to-nominate file (header "Reviewee Email"): the ids of the people in
 * `members`, each once (000 §5: duplicate nomination reviewees are removed by id); the other rows
 * with their reason.
 */
export async function readNomineesUpload(file: unknown, members: Map<string, AudienceMember>): Promise<NomineesUpload> {
  const upload = await readUpload(file, ["reviewee"] as const);
  if (!upload.ok) return upload;
  const verified = new Set<string>();
  const unverified: Array<{ row: number; email: string; reason: string }> = [];
  for (const { row, cells } of upload.rows) {
    const email = (cells[upload.columns.reviewee] ?? "").trim();
    const found = lookUp(email, "Reviewee", members);
    if ("member" in found) verified.add(found.member.id);
    else unverified.push({ row, email, reason: found.reason });
  }
  return { ok: true, verified: [...verified], unverified };
}
