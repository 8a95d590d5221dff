import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { OPEN_BEFORE_MS, SESSION_MS } from "~/modules/one-on-ones/meeting-machine";
import { oneOnOneSchedules } from "../../workers/one-on-one-due-work";

// The clock's moves of 1-on-1s (001 §4): prep opens a day ahead, the session starts at the
// scheduled time (start_at), and closes an hour later (closed_at), each once however often the cron fires.

const ID = "oo-globex-sales-1on1-1-02";
const run = (at: number) => oneOnOneSchedules.run({ env: env as Env, db: createDb(env.DB), now: new Date(at) });
const row = () => env.DB.prepare("SELECT state, start_at, closed_at FROM one_on_ones WHERE id = ?").bind(ID).first<{ state: string; start_at: number | null; closed_at: number | null }>();

describe("1-on-1 schedules", () => {
  it("moves a meeting through open, session and closed at its times, once each", async () => {
    const at = Date.UTC(2030, 0, 15, 10);
    await env.DB.batch([
      env.DB.prepare("UPDATE one_on_ones SET state = 'closed' WHERE id <> ?").bind(ID),
      env.DB.prepare("UPDATE one_on_ones SET state = 'prep', scheduled_at = ?, start_at = NULL, closed_at = NULL WHERE id = ?").bind(at, ID),
    ]);
    await run(at - OPEN_BEFORE_MS - 60_000);
    expect((await row())!.state).toBe("prep");
    expect(await run(at - OPEN_BEFORE_MS)).toMatchObject({ moved: 1 });
    expect((await row())!.state).toBe("open");
    await run(at - 1);
    expect((await row())!.state).toBe("open");
    await run(at);
    expect(await row()).toEqual({ state: "session", start_at: at, closed_at: null });
    expect(await run(at)).toMatchObject({ moved: 0 });
    await run(at + SESSION_MS);
    expect(await row()).toEqual({ state: "closed", start_at: at, closed_at: at + SESSION_MS });
    expect(await run(at + 2 * SESSION_MS)).toMatchObject({ due: 0, moved: 0 });
  });

  it("takes a meeting the cron missed straight to closed with its real times", async () => {
    const at = Date.UTC(2030, 1, 1, 9);
    await env.DB.prepare("UPDATE one_on_ones SET state = 'prep', scheduled_at = ?, start_at = NULL, closed_at = NULL WHERE id = ?").bind(at, ID).run();
    await run(at + 5 * SESSION_MS);
    expect(await row()).toEqual({ state: "closed", start_at: at, closed_at: at + SESSION_MS });
  });
});
