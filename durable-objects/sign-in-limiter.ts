import { DurableObject } from "cloudflare:workers";

export interface LimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * Sign-in rate limit, one object per client key (the caller's IP): a sliding window of attempts.
 * A single Durable Object is the one writer for its key, and each hit reads, decides and writes
 * with no await in between, so concurrent attempts cannot both slip under the limit. State is in
 * the object's SQLite storage so it survives eviction.
 */
export class SignInLimiter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      // Each hit keeps its own expiry, so clean-up needs no knowledge of the caller's window.
      this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS hits (at INTEGER NOT NULL, expires_at INTEGER NOT NULL)");
    });
  }

  /**
   * Records one attempt and says whether it is within `limit` per `windowSeconds`. A refused
   * attempt is not recorded, so hammering does not push the window further out. `now` exists
   * for tests.
   */
  async hit(limit: number, windowSeconds: number, now = Date.now()): Promise<LimitResult> {
    const sql = this.ctx.storage.sql;
    const windowMs = windowSeconds * 1000;
    sql.exec("DELETE FROM hits WHERE at <= ?", now - windowMs);
    const count = sql.exec<{ n: number }>("SELECT count(*) AS n FROM hits").one().n;
    if (count >= limit) {
      // Another attempt fits once enough of the oldest ones have left the window.
      const leaving = sql.exec<{ at: number }>("SELECT at FROM hits ORDER BY at LIMIT 1 OFFSET ?", count - limit).one().at;
      return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((leaving + windowMs - now) / 1000)) };
    }
    sql.exec("INSERT INTO hits (at, expires_at) VALUES (?, ?)", now, now + windowMs);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(now + windowMs);
    return { allowed: true, remaining: limit - count - 1, retryAfterSeconds: 0 };
  }

  /** Drops expired attempts and wakes again for the next expiry; running it twice changes nothing more. */
  async alarm() {
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM hits WHERE expires_at <= ?", Date.now());
    const next = sql.exec<{ at: number | null }>("SELECT min(expires_at) AS at FROM hits").one().at;
    if (next !== null) await this.ctx.storage.setAlarm(next);
  }
}
