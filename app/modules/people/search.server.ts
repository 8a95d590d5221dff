import { sql, type SQL } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import type { Viewer } from "~/modules/auth/session.server";
import { mayPick } from "~/modules/access/pickable-people.server";
import { PEOPLE_QUERY_MAX, PEOPLE_SEARCH_LIMIT, type PickedPerson, type PickScope } from "./search";

/**
 * The people picker's search: the people of the viewer's company the scope lets them pick
 * (access/pickable-people.server.ts) whose name or e-mail matches `q`, at most
 * PEOPLE_SEARCH_LIMIT. Prefix matches come first (name, then e-mail), read as ranges of the
 * (company_id, name COLLATE NOCASE, id) and (company_id, email COLLATE NOCASE, id) indexes; only
 * when they are fewer than the limit does a second statement look for the text inside names and
 * e-mails (a walk of the company's rows). An empty query lists the first people by name.
 */

type Searcher = Pick<Viewer, "user" | "company" | "permissions">;

interface Row {
  id: string;
  name: string;
  title: string | null;
  email: string | null;
  deleted: number;
}

const COLUMNS = sql`u.id AS id, u.name AS name, u.title AS title, u.email AS email, u.is_deleted AS deleted`;
// Above every character a name can hold, so [q, q + TOP) is every string starting with q.
const TOP = "\u{10FFFF}";

export const normalQuery = (q: string | null | undefined) => (q ?? "").trim().slice(0, PEOPLE_QUERY_MAX);

const personOf = (r: Row): PickedPerson => ({
  id: r.id,
  name: r.name,
  title: r.title ?? null,
  email: r.email ?? null,
  deactivated: Boolean(r.deleted),
});

export async function searchPeople(db: Db, viewer: Searcher, scope: PickScope, rawQuery: string): Promise<PickedPerson[]> {
  const q = normalQuery(rawQuery);
  const company = viewer.company.id;
  const allowed = mayPick(viewer, scope);
  const limit = PEOPLE_SEARCH_LIMIT;
  if (!q) {
    const { results } = await d1Statement(
      db,
      sql`SELECT ${COLUMNS} FROM users u WHERE u.company_id = ${company} AND ${allowed}
        ORDER BY u.name COLLATE NOCASE, u.id LIMIT ${limit}`
    ).all<Row>();
    return results.map(personOf);
  }
  const prefix = (column: SQL) => sql`${column} >= ${q} COLLATE NOCASE AND ${column} < ${q + TOP} COLLATE NOCASE`;
  const { results: first } = await d1Statement(
    db,
    sql`SELECT * FROM (SELECT ${COLUMNS}, 0 AS rank FROM users u
        WHERE u.company_id = ${company} AND ${prefix(sql`u.name`)} AND ${allowed}
        ORDER BY u.name COLLATE NOCASE, u.id LIMIT ${limit})
      UNION ALL
      SELECT * FROM (SELECT ${COLUMNS}, 1 AS rank FROM users u
        WHERE u.company_id = ${company} AND ${prefix(sql`u.email`)} AND ${allowed}
        ORDER BY u.email COLLATE NOCASE, u.id LIMIT ${limit})`
  ).all<Row & { rank: number }>();
  const byName = (a: Row, b: Row) => {
    const x = a.name.toLowerCase();
    const y = b.name.toLowerCase();
    return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
  const seen = new Set<string>();
  const found: Row[] = [];
  for (const rank of [0, 1]) {
    for (const r of first.filter((row) => row.rank === rank).sort(byName)) {
      if (!seen.has(r.id)) {
        seen.add(r.id);
        found.push(r);
      }
    }
  }
  if (found.length < limit) {
    const needle = q.toLowerCase();
    const { results: inside } = await d1Statement(
      db,
      sql`SELECT ${COLUMNS} FROM users u
        WHERE u.company_id = ${company} AND (instr(lower(u.name), ${needle}) > 0 OR instr(lower(coalesce(u.email, '')), ${needle}) > 0)
          AND u.id NOT IN (SELECT value FROM json_each(${JSON.stringify([...seen])})) AND ${allowed}
        ORDER BY u.name COLLATE NOCASE, u.id LIMIT ${limit - found.length}`
    ).all<Row>();
    found.push(...inside);
  }
  return found.slice(0, limit).map(personOf);
}

/**
 * The chosen people of a picker (from the address), as the scope lets the viewer pick them, by
 * name: ids that are not (another company's, out of scope) are left out.
 */
export function chosenPeopleStatement(viewer: Searcher, scope: PickScope, ids: readonly string[]): SQL {
  return sql`SELECT ${COLUMNS} FROM users u
    WHERE u.company_id = ${viewer.company.id} AND u.id IN (SELECT value FROM json_each(${JSON.stringify(ids.slice(0, 100))}))
      AND ${mayPick(viewer, scope)}
    ORDER BY u.name COLLATE NOCASE, u.id`;
}

export async function chosenPeople(db: Db, viewer: Searcher, scope: PickScope, ids: readonly string[]): Promise<PickedPerson[]> {
  if (ids.length === 0) return [];
  const { results } = await d1Statement(db, chosenPeopleStatement(viewer, scope, ids)).all<Row>();
  return results.map(personOf);
}

export const peopleOf = (rows: unknown[]): PickedPerson[] => (rows as Row[]).map(personOf);
