import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEMO, DEMO_FEEDBACK } from "~/db/seed/demo";

// The database every worker test starts from (tests/workers/setup.ts) holds the demo feedback,
// and its counts are the counts of its items, as D1 itself adds them up.
const all = async <T>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;

describe("the seeded demo feedback in D1", () => {
  it.each([
    ["acme", DEMO.acme.id],
    ["globex", DEMO.globex.id],
  ] as const)("%s: items in every format, praise, requests in every state, and the fixed rows", async (short, cid) => {
    const kinds = await all<{ source: string; template_type: string; n: number }>(
      "SELECT source, template_type, count(*) AS n FROM feedback_items WHERE company_id = ? GROUP BY source, template_type",
      cid
    );
    expect(kinds.reduce((s, k) => s + k.n, 0)).toBeGreaterThan(250);
    expect(new Set(kinds.filter((k) => k.source === "direct").map((k) => k.template_type))).toEqual(new Set(["SBI", "SaD", "FreeText"]));
    expect(kinds.some((k) => k.source === "praise")).toBe(true);
    const states = await all<{ state: string }>("SELECT DISTINCT state FROM feedback_requests WHERE company_id = ?", cid);
    expect(new Set(states.map((s) => s.state))).toEqual(new Set(["open", "given", "declined"]));
    const ids = DEMO_FEEDBACK[short];
    const fixed = await all<{ id: string; receiver_id: string }>(
      "SELECT id, receiver_id FROM feedback_items WHERE company_id = ? AND id IN (?, ?, ?, ?, ?)",
      cid,
      ids.sbi,
      ids.sad,
      ids.freeText,
      ids.praise,
      ids.givenRequestItem
    );
    expect(fixed.map((f) => f.receiver_id)).toEqual(Array(5).fill(ids.receiver));
  });

  it("per person and day, the counts table says what the items and requests say", async () => {
    // Visible items counted for their named sender and their receiver, requests for their requester;
    // an anonymous loop's released items for the senders of its run's given pairs, on the deadline day.
    const mismatches = await all(
      `WITH tally AS (
         SELECT company_id, sender_id AS user_id, strftime('%Y-%m-%d', sent_at / 1000, 'unixepoch') AS day,
                SUM(source <> 'praise') AS sent, 0 AS received, 0 AS requested, SUM(source = 'praise') AS praise_sent, 0 AS praise_received
           FROM feedback_items WHERE visible = 1 AND sender_id IS NOT NULL GROUP BY 1, 2, 3
         UNION ALL
         SELECT company_id, receiver_id, strftime('%Y-%m-%d', sent_at / 1000, 'unixepoch'),
                0, SUM(source <> 'praise'), 0, 0, SUM(source = 'praise')
           FROM feedback_items WHERE visible = 1 GROUP BY 1, 2, 3
         UNION ALL
         SELECT p.company_id, p.sender_id, strftime('%Y-%m-%d', r.deadline_at / 1000, 'unixepoch'), count(*), 0, 0, 0, 0
           FROM feedback_loop_pairs p
           JOIN feedback_loops l ON l.id = p.loop_id AND l.anonymous = 1
           JOIN feedback_loop_runs r ON r.id = p.run_id
          WHERE p.state = 'given'
            AND EXISTS (SELECT 1 FROM feedback_items i WHERE i.run_id = p.run_id AND i.receiver_id = p.receiver_id AND i.visible = 1)
          GROUP BY 1, 2, 3
         UNION ALL
         SELECT company_id, requester_id, strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), 0, 0, count(*), 0, 0
           FROM feedback_requests GROUP BY 1, 2, 3
       ), expected AS (
         SELECT company_id, user_id, day, SUM(sent) AS sent, SUM(received) AS received, SUM(requested) AS requested,
                SUM(praise_sent) AS praise_sent, SUM(praise_received) AS praise_received
           FROM tally GROUP BY 1, 2, 3
       )
       SELECT e.*, c.sent AS c_sent FROM expected e
         LEFT JOIN feedback_daily_counts c ON c.company_id = e.company_id AND c.user_id = e.user_id AND c.day = e.day
        WHERE c.user_id IS NULL OR c.sent <> e.sent OR c.received <> e.received OR c.requested <> e.requested
           OR c.praise_sent <> e.praise_sent OR c.praise_received <> e.praise_received
       UNION ALL
       SELECT c.*, NULL FROM feedback_daily_counts c
        WHERE NOT EXISTS (SELECT 1 FROM expected e WHERE e.company_id = c.company_id AND e.user_id = c.user_id AND e.day = c.day)
       LIMIT 5`
    );
    expect(mismatches).toEqual([]);
    const rows = await all<{ n: number }>("SELECT count(*) AS n FROM feedback_daily_counts");
    expect(rows[0].n).toBeGreaterThan(500);
  });

  it("per receiver, day and competency, the counts table says what the items' tags say", async () => {
    const mismatches = await all(
      `WITH tags AS (
         SELECT i.company_id, i.receiver_id AS user_id, strftime('%Y-%m-%d', i.sent_at / 1000, 'unixepoch') AS day,
                json_extract(d.value, '$.id') AS competency_id, '' AS behaviour_id, '' AS behaviour_type
           FROM feedback_items i, json_each(i.dimension_infos) d WHERE i.visible = 1
         UNION ALL
         SELECT i.company_id, i.receiver_id, strftime('%Y-%m-%d', i.sent_at / 1000, 'unixepoch'), json_extract(d.value, '$.id'),
                json_extract(f.value, '$.id'),
                CASE WHEN json_extract(f.value, '$.str') THEN 'strength' WHEN json_extract(f.value, '$.sug') THEN 'developmentArea' ELSE '' END
           FROM feedback_items i, json_each(i.dimension_infos) d, json_each(json_extract(d.value, '$.focusAreas')) f WHERE i.visible = 1
       ), expected AS (
         SELECT company_id, user_id, day, competency_id, behaviour_id, behaviour_type, count(*) AS n FROM tags GROUP BY 1, 2, 3, 4, 5, 6
       )
       SELECT e.*, c.count FROM expected e
         LEFT JOIN feedback_competency_counts c USING (company_id, user_id, day, competency_id, behaviour_id, behaviour_type)
        WHERE c.count IS NULL OR c.count <> e.n
       UNION ALL
       SELECT c.company_id, c.user_id, c.day, c.competency_id, c.behaviour_id, c.behaviour_type, NULL, c.count FROM feedback_competency_counts c
        WHERE NOT EXISTS (SELECT 1 FROM expected e WHERE e.company_id = c.company_id AND e.user_id = c.user_id AND e.day = c.day
                            AND e.competency_id = c.competency_id AND e.behaviour_id = c.behaviour_id AND e.behaviour_type = c.behaviour_type)
       LIMIT 5`
    );
    expect(mismatches).toEqual([]);
    const rows = await all<{ n: number }>("SELECT count(*) AS n FROM feedback_competency_counts");
    expect(rows[0].n).toBeGreaterThan(500);
  });
});
