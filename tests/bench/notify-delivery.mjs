// `notify-delivery`: 5,000 notifications through a fake Slack that answers 429 to every tenth
// chat.postMessage, for tests/bench/run.mjs (or alone: `node tests/bench/notify-delivery.mjs`).
//
// What runs is the app's own delivery code, bundled with esbuild for Node: notify() writes the
// outbox rows, claimPendingOutbox() claims them in rounds of 100 as the minute cron does, and
// deliverOutboxMessage() sends each through the Slack adapter to the fake on 127.0.0.1 — with
// the delivering claim, the pacer's rules (app/modules/notifications/pacing.ts, applied in this
// process the way the DeliveryPacer Durable Object applies them, one call at a time) and the
// consumer's defer / retry handling. D1 is miniflare's own D1 (workerd's SQLite) with the app's
// migrations. The queue is simulated in this process: 20 consumers at once, batches of 10,
// deferred messages queued again after their delay, and 2% of messages delivered twice (as a
// queue may). Not simulated: the cron's one claim run per minute (all rows are claimed at once).
//
// Checks: every row sent, each outbox row posted exactly once (the fake's successful posts per
// row = 1), and no channel (a person's DM) posted to faster than one message a second.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { readdirSync, readFileSync } from "node:fs";
import { bundleForNode } from "./node-bundle.mjs";

export const NOTIFICATIONS = Number(process.env.NOTIFY_BENCH_N ?? 5000);
export const PEOPLE = NOTIFICATIONS / 10;
export const RATE_LIMIT_EVERY = 10;
export const CHANNEL_INTERVAL_MS = 1000;
/** Timer and loopback jitter allowed below the one-second gap. */
export const GAP_TOLERANCE_MS = 25;
const CONSUMERS = 20;
const BATCH = 10;
const REDELIVER_SHARE = 0.02;
const TEAM = "T0BENCH";
const COMPANY = "c-bench";

const bundle = (root, outDir) =>
  bundleForNode(root, outDir, "notify-delivery", [
    'export { createDb } from "./app/db/client.server";',
    'export { notify } from "./app/modules/notifications/notify.server";',
    'export { claimPendingOutbox, deliverOutboxMessage, RetryableDeliveryError } from "./app/modules/notifications/deliver.server";',
    'export { readConfig } from "./app/lib/config.server";',
    'export { reserveSlot, applyReport, pruneState, emptyPacerState, pacerName } from "./app/modules/notifications/pacing";',
    'export { startFakeSlack } from "./tests/support/fake-slack";',
  ]);

/** The DeliveryPacer's two calls over the same rules, one state per workspace, each call atomic. */
function memoryPacer(m) {
  const states = new Map();
  return {
    async reserve(platform, workspace, channel) {
      const key = m.pacerName(platform, workspace);
      const now = Date.now();
      const { state, reservation } = m.reserveSlot(m.pruneState(states.get(key) ?? m.emptyPacerState(), now), platform, channel, now);
      states.set(key, state);
      return reservation;
    },
    async report(platform, workspace, report) {
      const key = m.pacerName(platform, workspace);
      const state = m.applyReport(states.get(key) ?? m.emptyPacerState(), platform, report, Date.now(), Math.random);
      states.set(key, state);
      return { holdUntil: state.holdUntil };
    },
  };
}

async function applyMigrations(d1, root) {
  const dir = path.join(root, "migrations");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".sql")).sort()) {
    const statements = readFileSync(path.join(dir, file), "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
    await d1.batch(statements.map((s) => d1.prepare(s)));
  }
}

export async function notifyDeliveryBench({ root, outDir, log = () => {} }) {
  mkdirSync(outDir, { recursive: true });
  const m = await import(pathToFileURL(await bundle(root, outDir)).href);
  // A fresh local D1 (workerd's SQLite) through wrangler's platform proxy, with nothing else bound.
  const { getPlatformProxy } = await import(pathToFileURL(path.join(root, "node_modules", "wrangler", "wrangler-dist", "cli.js")).href);
  const stateDir = path.join(outDir, "state");
  rmSync(stateDir, { recursive: true, force: true });
  const configPath = path.join(outDir, "wrangler.json");
  writeFileSync(
    configPath,
    JSON.stringify({ name: "notify-delivery-bench", compatibility_date: "2025-09-01", d1_databases: [{ binding: "DB", database_name: "bench", database_id: "bench" }] })
  );
  const proxy = await getPlatformProxy({ configPath, persist: { path: stateDir } });
  const fake = await m.startFakeSlack({ rateLimitEvery: RATE_LIMIT_EVERY });
  try {
    const d1 = proxy.env.DB;
    await applyMigrations(d1, root);
    const people = Array.from({ length: PEOPLE }, (_, i) => ({ id: `u-bench-${i}`, slack: `UBENCH${String(i).padStart(5, "0")}` }));
    await d1.prepare("INSERT INTO companies (id, name, platform, external_id) VALUES (?, 'Bench Inc', 'slack', ?)").bind(COMPANY, TEAM).run();
    for (let i = 0; i < people.length; i += 50) {
      await d1.batch(
        people.slice(i, i + 50).map((p, j) =>
          d1.prepare("INSERT INTO users (id, company_id, name, email, slack_user_id) VALUES (?, ?, ?, ?, ?)").bind(p.id, COMPANY, `Person ${i + j}`, `p${i + j}@bench.test`, p.slack)
        )
      );
    }
    const db = m.createDb(d1);
    const config = m.readConfig({ DEV_SIGN_IN: "true", NOTIFY_ADAPTER: "chat", SLACK_API_BASE_URL: `${fake.url}/api`, SLACK_BOT_TOKEN: "xoxb-bench" });
    const rounds = NOTIFICATIONS / PEOPLE;
    for (let r = 0; r < rounds; r++) {
      await m.notify(db, { companyId: COMPANY, recipientUserIds: people.map((p) => p.id), kind: "survey", subject: `Bench ${r}`, body: "B", link: "/surveys" });
    }
    // Each message is told apart at the fake by its subject and recipient.
    const rows = (await d1.prepare("SELECT id, recipient_user_id AS who, subject FROM notification_outbox").all()).results;
    const slackOf = new Map(people.map((p) => [p.id, p.slack]));
    const rowOf = new Map(rows.map((r) => [`${slackOf.get(r.who)}\u0000${r.subject}`, r.id]));

    // The app's info lines (a redelivered copy skipped) would drown the bench's output.
    const consoleLog = console.log;
    console.log = () => {};
    const started = performance.now();
    const queue = [];
    let claimed = 0;
    for (;;) {
      const refs = await m.claimPendingOutbox(db, 100);
      if (refs.length === 0) break;
      claimed += refs.length;
      for (const ref of refs) {
        queue.push({ body: ref, attempts: 1 });
        if (Math.random() < REDELIVER_SHARE) queue.push({ body: ref, attempts: 1, redelivery: true });
      }
    }
    const pacer = memoryPacer(m);
    let pendingTimers = 0;
    const stats = { deferred: 0, retried: 0, skipped: 0, sent: 0, failed: 0, redelivered: queue.filter((q) => q.redelivery).length };
    const later = (item, seconds) => {
      pendingTimers++;
      setTimeout(() => {
        pendingTimers--;
        queue.push(item);
      }, seconds * 1000);
    };
    async function consumer() {
      for (;;) {
        const batch = queue.splice(0, BATCH);
        if (batch.length === 0) {
          if (pendingTimers === 0 && queue.length === 0) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        for (const item of batch) {
          try {
            const result = await m.deliverOutboxMessage(db, config, item.body, { pacer });
            if (result.status === "deferred") {
              stats.deferred++;
              later({ body: item.body, attempts: 1 }, result.delaySeconds);
              continue;
            }
            if (result.writes.length) await db.batch(result.writes);
            stats[result.status]++;
          } catch (error) {
            if (!(error instanceof m.RetryableDeliveryError)) throw error;
            stats.retried++;
            later({ body: item.body, attempts: item.attempts + 1 }, error.retryAfterSeconds ?? 30 * 2 ** (item.attempts - 1));
          }
        }
      }
    }
    const progress = setInterval(() => log(`notify-delivery: ${((performance.now() - started) / 1000).toFixed(0)} s, queued ${queue.length}, waiting ${pendingTimers}, ${JSON.stringify(stats)}`), 5000);
    try {
      await Promise.all(Array.from({ length: CONSUMERS }, consumer));
    } finally {
      clearInterval(progress);
      console.log = consoleLog;
    }
    const seconds = (performance.now() - started) / 1000;

    const statuses = Object.fromEntries(
      (await d1.prepare("SELECT status, count(*) AS n FROM notification_outbox GROUP BY status").all()).results.map((r) => [r.status, r.n])
    );
    const posts = fake.calls.filter((c) => c.method === "chat.postMessage");
    const perRow = new Map();
    const perChannel = new Map();
    posts.forEach((call, i) => {
      const channel = String(call.body.channel);
      perChannel.set(channel, [...(perChannel.get(channel) ?? []), call.at]);
      if ((i + 1) % RATE_LIMIT_EVERY === 0) return; // answered 429: not delivered
      const header = Array.isArray(call.body.blocks) ? call.body.blocks.find((b) => b.type === "header")?.text?.text : null;
      const subject = header ?? String(call.body.text ?? "").split("\n")[0].replace(/^\*|\*$/g, "");
      const id = rowOf.get(`${channel}\u0000${subject}`) ?? `unknown:${channel}:${subject}`;
      perRow.set(id, (perRow.get(id) ?? 0) + 1);
    });
    let minGapMs = Infinity;
    for (const times of perChannel.values()) {
      times.sort((a, b) => a - b);
      for (let i = 1; i < times.length; i++) minGapMs = Math.min(minGapMs, times[i] - times[i - 1]);
    }
    const counts = [...perRow.values()];
    const result = {
      ok: true,
      notifications: rows.length,
      claimed,
      seconds,
      perSecond: rows.length / seconds,
      posts: posts.length,
      throttled: posts.filter((_, i) => (i + 1) % RATE_LIMIT_EVERY === 0).length,
      rowsPosted: perRow.size,
      postedTwice: counts.filter((n) => n > 1).length,
      unknownPosts: [...perRow.keys()].filter((k) => k.startsWith("unknown:")).length,
      statuses,
      minGapMs,
      channels: perChannel.size,
      stats,
    };
    log(`notify-delivery: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await fake.close();
    await proxy.dispose();
  }
}

export function notifyDeliveryCheck(r) {
  const allSent = r.statuses.sent === r.notifications && Object.keys(r.statuses).length === 1;
  const once = r.rowsPosted === r.notifications && r.postedTwice === 0 && r.unknownPosts === 0;
  const paced = r.minGapMs >= CHANNEL_INTERVAL_MS - GAP_TOLERANCE_MS;
  return [
    `notify-delivery: ${r.notifications.toLocaleString("en")} notifications to ${r.channels} Slack DMs through a fake answering 429 to every ${RATE_LIMIT_EVERY}th post: ` +
      `${r.statuses.sent ?? 0} sent in ${r.seconds.toFixed(1)} s (${r.perSecond.toFixed(0)}/s), ${r.posts} posts of which ${r.throttled} throttled, ` +
      `${r.postedTwice} rows posted twice (${r.stats.redelivered} messages delivered twice by the queue), minimum gap per channel ${r.minGapMs} ms ` +
      `(target: all sent, each once, gap >= ${CHANNEL_INTERVAL_MS} ms less ${GAP_TOLERANCE_MS} ms)`,
    allSent && once && paced,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const result = await notifyDeliveryBench({ root, outDir: path.join(root, ".builds", "bench-notify"), log: (line) => console.error(line) });
  const [label, ok] = notifyDeliveryCheck(result);
  console.log(`${ok ? "PASS" : "FAIL"}  ${label}`);
  process.exit(ok ? 0 : 1);
}
