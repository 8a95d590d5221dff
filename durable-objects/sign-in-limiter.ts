import { DurableObject } from "cloudflare:workers";

export interface LimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * Sign-in rate limit, one object per client key (the caller's IP): a sliding window of attempts.
 * A single Durable Object is the one writer for its key, so concurrent attempts cannot both
 * slip under the limit. State is in the object's SQLite storage so it survives eviction.
 */
export class SignInLimiter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS attempts (at INTEGER NOT NULL)");
    });
  }

  /** Records one attempt and says whether it is within `limit` per `windowSeconds`. */
  async hit(limit: number, windowSeconds: number, now = Date.now()): Promise<LimitResult> {
    const sql = this.ctx.storage.sql;
    const since = now - windowSeconds * 1000;
    sql.exec("DELETE FROM attempts WHERE at <= ?", since);
    const count = sql.exec<{ n: number }>("SELECT count(*) AS n FROM attempts").one().n;
    if (count >= limit) {
      const oldest = sql.exec<{ at: number }>("SELECT min(at) AS at FROM attempts").one().at;
      return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowSeconds * 1000 - now) / 1000)) };
    }
    sql.exec("INSERT INTO attempts (at) VALUES (?)", now);
    await this.ctx.storage.setAlarm(now + windowSeconds * 1000);
    return { allowed: true, remaining: limit - count - 1, retryAfterSeconds: 0 };
  }

  /** Idempotent clean-up: drop expired attempts; nothing left means nothing stored. */
  async alarm() {
    this.ctx.storage.sql.exec("DELETE FROM attempts WHERE at <= ?", Date.now() - 3600_000);
  }
}
