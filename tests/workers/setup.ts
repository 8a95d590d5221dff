import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { demoSeed, seedStatements } from "~/db/seed/demo";

// Each test file starts from migrations plus the demo companies (Acme, Globex).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const existing = await env.DB.prepare("SELECT count(*) AS n FROM companies").first<{ n: number }>();
if (!existing?.n) {
  await env.DB.batch(seedStatements(demoSeed()).map((sql) => env.DB.prepare(sql)));
}
