import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { demoSeed, seedStatements } from "~/db/seed/demo";

// Each test file starts from migrations plus the demo companies (Acme, Globex). Files run one after
// another in the same workerd (vitest.workers.config.ts: isolate false), so first every binding
// (D1, R2, KV, Durable Object storage) is emptied of what the previous file wrote.
await reset();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const existing = await env.DB.prepare("SELECT count(*) AS n FROM companies").first<{ n: number }>();
if (!existing?.n) {
  await env.DB.batch(seedStatements(demoSeed()).map((sql) => env.DB.prepare(sql)));
}
