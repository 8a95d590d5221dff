import { sql, type SQL } from "drizzle-orm";
import { anonymityMinimum, DEFAULT_ANONYMITY_FLOOR, meetsAnonymityMinimum } from "~/modules/access/anonymity";

/**
 * How the answers of an anonymous review's reviewers reach someone who may not see their names
 * (the per-reviewee report and its files, shared reports, answer rows, My Reviews):
 * - only once at least the company's anonymity floor of the reviewee's reviewers have completed
 *   (below it, one or two answers would point at the one or two people asked);
 * - in an order that says nothing about who they are or when they answered: a keyed hash of the
 *   pair id. Not submission order, not the id's own order (ids may be made in creation order), and
 *   not predictable without the server's secret even by someone who knows the ids.
 * Those who may see the names anyway (ExpandAnonymousReportRows) are not held to the floor.
 */

/** Whether the answers of an anonymous reviewee's `completed` reviewers may be shown without names. */
export function anonymousAnswersShown(completed: number, companyFloor: number | null | undefined): boolean {
  return meetsAnonymityMinimum(completed, anonymityMinimum(companyFloor));
}

/** The same floor as SQL, for a statement that counts the completed reviewers itself (`company`: the company id expression). */
export function anonymousAnswersFloor(company: SQL): SQL {
  return sql`max(${DEFAULT_ANONYMITY_FLOOR}, (SELECT co.anonymity_floor FROM companies co WHERE co.id = ${company}))`;
}

const keys = new Map<string, Promise<CryptoKey>>();

function orderKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    const raw = new TextEncoder().encode(`anonymous-reviewer-order\n${secret}`);
    key = crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, key);
  }
  return key;
}

/** A pair's place among anonymous reviewers: the hex HMAC-SHA-256 of its id under the server's secret. */
export async function anonymousRank(secret: string, pairId: string): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await orderKey(secret), new TextEncoder().encode(pairId)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The items in their anonymous order (stable: the same pairs always come out the same way). */
export async function inAnonymousOrder<T>(secret: string, items: readonly T[], pairIdOf: (item: T) => string): Promise<T[]> {
  const ranked = await Promise.all(items.map(async (item) => ({ item, rank: await anonymousRank(secret, pairIdOf(item)) })));
  return ranked.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0)).map((r) => r.item);
}
