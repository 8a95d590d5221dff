import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { resultReaders, type ResultAudience } from "~/modules/access/review-results.server";

/**
 * Who is told that a review result is shared (000 §4 "Result sharing") is decided by the access
 * module, by the rules of My Reviews' tabs: the reviewee, the reviewee's managers, and the other
 * members of a chosen custom relationship the reviewee belongs to, never the reviewer; all within
 * the company. In the demo company Acme, Eve's manager is Mona and Eve, Ed, Priya, Liam and Bella
 * are Project Phoenix; Alice, Sam, Zara and Leo are the Mentoring Circle.
 */

const EVERYONE: ResultAudience = { reviewees: true, managers: true, relationships: ["rel-acme-phoenix"] };

async function readers(company: string, pairs: [reviewee: string, reviewer: string][], audience: ResultAudience) {
  const db = createDb(env.DB);
  const shared = sql`(SELECT value ->> 0 AS reviewee, value ->> 1 AS reviewer FROM json_each(${JSON.stringify(pairs)}))`;
  const rows = await db.all<{ recipient: string; tab: string }>(resultReaders(company, shared, audience));
  return rows.map((r) => `${r.tab}:${r.recipient}`).sort();
}

describe("review result readers (app/modules/access)", () => {
  it("the reviewee, their manager and the other members of the chosen relationship, not the reviewer", async () => {
    expect(await readers("c-acme", [["u-acme-eve", "u-acme-ed"]], EVERYONE)).toEqual([
      "received:u-acme-eve",
      "shared:u-acme-bella",
      "shared:u-acme-liam",
      "shared:u-acme-priya",
      "team:u-acme-mona",
    ]);
  });

  it("only the people the configuration names", async () => {
    expect(await readers("c-acme", [["u-acme-eve", "u-acme-ed"]], { reviewees: false, managers: true, relationships: [] })).toEqual([
      "team:u-acme-mona",
    ]);
    expect(await readers("c-acme", [["u-acme-eve", "u-acme-ed"]], { reviewees: true, managers: false, relationships: [] })).toEqual([
      "received:u-acme-eve",
    ]);
  });

  it("a chosen relationship the reviewee is not in tells nobody of it", async () => {
    const mentoring = { reviewees: false, managers: false, relationships: ["rel-acme-mentoring"] };
    expect(await readers("c-acme", [["u-acme-eve", "u-acme-ed"]], mentoring)).toEqual([]);
    expect(await readers("c-acme", [["u-acme-sam", "u-acme-eve"]], mentoring)).toEqual([
      "shared:u-acme-alice",
      "shared:u-acme-leo",
      "shared:u-acme-zara",
    ]);
  });

  it("reads another company's links for nobody", async () => {
    expect(await readers("c-globex", [["u-acme-eve", "u-acme-ed"]], { ...EVERYONE, reviewees: false })).toEqual([]);
  });
});
