import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { userId } from "~/db/seed/demo";
import worker from "../../workers/app";
import { JOBS_DEAD_LETTER_QUEUE, JOBS_QUEUE } from "../../workers/queues";
import { appFetch, cookieFrom, postForm, sessionFor } from "./helpers";

const FAKE = env.FAKE_HRIS_URL;
const control = (path: string, body: unknown) =>
  fetch(`${FAKE}/control/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

async function consume(queue: string, messages: Array<{ id: string; body: unknown; attempts?: number }>) {
  const batch = createMessageBatch(queue, messages.map((m) => ({ id: m.id, timestamp: new Date(), attempts: m.attempts ?? 1, body: m.body })));
  // getQueueResult does not report the delay asked for; record it here.
  const delays: Array<{ msgId: string; delaySeconds?: number }> = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    Object.defineProperty(message, "retry", {
      value: (options?: { delaySeconds?: number }) => {
        delays.push({ msgId: message.id, delaySeconds: options?.delaySeconds });
        retry(options);
      },
    });
  }
  const ctx = createExecutionContext();
  await worker.queue!(batch as MessageBatch<never>, env);
  return { ...(await getQueueResult(batch, ctx)), delays };
}

const q = <T>(sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds).all<T>().then((r) => r.results);
const one = <T>(sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds).first<T>();

let sent: unknown[] = [];
beforeEach(() => {
  sent = [];
  // Record what would be queued; the tests hand messages to the consumer themselves.
  vi.spyOn(env.JOBS, "send").mockImplementation(async (body: unknown) => {
    sent.push(body);
    return {} as QueueSendResponse;
  });
});
afterEach(() => vi.restoreAllMocks());

/** Creates an integration through the page as the given super admin; returns its row. */
async function create(email: string, fields: Record<string, string>) {
  const cookie = await sessionFor(email);
  const response = await postForm("/integrations", { intent: "create", ...fields }, cookie);
  return { response, cookie };
}

/** "Sync now" through the page; returns the queued message. */
async function syncNow(email: string, integrationId: string) {
  const cookie = await sessionFor(email);
  const response = await postForm("/integrations", { intent: "sync", integrationId }, cookie);
  expect(response.status).toBe(302);
  const message = sent.at(-1) as { syncRunId: string };
  return { response, message, cookie };
}

const run = (id: string) =>
  one<{ status: string; created: number; updated: number; deactivated: number; error: string | null; finished_at: number | null }>(
    "SELECT status, created, updated, deactivated, error, finished_at FROM integration_sync_runs WHERE id = ?",
    id,
  );

describe("/integrations page", () => {
  it("gina and alice create integrations: stored encrypted, the page never shows the key", async () => {
    for (const [email, company, type, domain] of [
      ["gina@globex.test", "c-globex", "hiBob", "globex-corp"],
      ["alice@acme.test", "c-acme", "bamboohr", "acme"],
    ] as const) {
      const { response, cookie } = await create(email, { type, domain, apiKey: `secret-key-${company}` });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/integrations");
      const row = await one<{ type: string; domain: string; api_key_ciphertext: string; api_key_iv: string }>(
        "SELECT * FROM integrations WHERE company_id = ? AND domain = ?",
        company,
        domain,
      );
      expect(row?.type).toBe(type);
      expect(row?.api_key_ciphertext).not.toContain("secret-key");
      expect(atob(row!.api_key_iv)).toHaveLength(12);
      const audit = await one<{ n: number }>("SELECT count(*) AS n FROM audit_events WHERE company_id = ? AND action = 'integration.created'", company);
      expect(audit?.n).toBeGreaterThan(0);
      const page = await appFetch("/integrations", { cookie: `${cookie}; ${cookieFrom(response)}` });
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain(type === "hiBob" ? "HiBob" : "BambooHR");
      expect(html).toContain("•••• saved");
      expect(html).not.toContain(`secret-key-${company}`);
      expect(html).toContain("integration saved.");
    }
  });

  it("bad input answers 400 with the required-field message and writes nothing", async () => {
    const before = await one<{ n: number }>("SELECT count(*) AS n FROM integrations");
    const { response } = await create("alice@acme.test", { type: "bamboohr", domain: "", apiKey: "" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This is a required field.");
    const bad = await create("alice@acme.test", { type: "bamboohr", domain: "acme/../x", apiKey: "k" });
    expect(bad.response.status).toBe(400);
    expect(await bad.response.text()).toContain("Use letters, digits, dots and hyphens only.");
    const after = await one<{ n: number }>("SELECT count(*) AS n FROM integrations");
    expect(after?.n).toBe(before?.n);
  });

  it("adam and sam are sent home", async () => {
    for (const email of ["adam@acme.test", "sam@acme.test"]) {
      const cookie = await sessionFor(email);
      const page = await appFetch("/integrations", { cookie });
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe("/");
      const post = await postForm("/integrations", { intent: "create", type: "bamboohr", domain: "x", apiKey: "y" }, cookie);
      expect(post.status).toBe(302);
      expect(post.headers.get("Location")).toBe("/");
    }
  });

  it("another company's integration id is a 404 and queues nothing", async () => {
    const globex = await one<{ id: string }>("SELECT id FROM integrations WHERE company_id = 'c-globex' LIMIT 1");
    const cookie = await sessionFor("alice@acme.test");
    const response = await postForm("/integrations", { intent: "sync", integrationId: globex!.id }, cookie);
    expect(response.status).toBe(404);
    expect(sent).toEqual([]);
  });
});

describe("hris.sync job", () => {
  let acmeIntegration: string;
  let globexIntegration: string;
  beforeEach(async () => {
    // Each test may run on its own (-t): the integrations are made through the page when missing.
    for (const [email, company, type, domain] of [
      ["alice@acme.test", "c-acme", "bamboohr", "acme"],
      ["gina@globex.test", "c-globex", "hiBob", "globex-corp"],
    ] as const) {
      if (!(await one("SELECT id FROM integrations WHERE company_id = ?", company))) await create(email, { type, domain, apiKey: `secret-key-${company}` });
    }
    acmeIntegration = (await one<{ id: string }>("SELECT id FROM integrations WHERE company_id = 'c-acme' LIMIT 1"))!.id;
    globexIntegration = (await one<{ id: string }>("SELECT id FROM integrations WHERE company_id = 'c-globex' LIMIT 1"))!.id;
  });

  it("BambooHR: creates, updates, makes departments, sets managers, deactivates; counts right; redelivery does nothing", async () => {
    // Alice is matched by e-mail (different case) and gets a new title; Zed and Yara are new.
    const employees = [
      { id: "b-1", displayName: "Alice Anderson", workEmail: "ALICE@acme.test", jobTitle: "Chief People Officer", department: "People", supervisorEid: null },
      { id: "b-2", displayName: "Zed New", workEmail: "zed@acme.test", jobTitle: "Engineer", department: "Robotics", supervisorEid: "b-1" },
      { id: "b-3", displayName: "Yara New", workEmail: "yara@acme.test", jobTitle: "Engineer", department: "Robotics", supervisorEid: "b-2" },
    ];
    await control("employees", { provider: "bamboohr", employees });
    const { message, response } = await syncNow("alice@acme.test", acmeIntegration);
    expect(response.headers.get("Location")).toBe("/integrations");
    expect(message).toMatchObject({ type: "hris.sync", integrationId: acmeIntegration, companyId: "c-acme", requestedBy: { companyId: "c-acme", userId: userId("acme", "alice") } });
    expect((await run(message.syncRunId))?.status).toBe("queued");

    const result = await consume(JOBS_QUEUE, [{ id: "sync-1", body: message }]);
    expect(result.explicitAcks).toEqual(["sync-1"]);
    const r1 = await run(message.syncRunId);
    expect(r1).toMatchObject({ status: "succeeded", created: 2, updated: 1, deactivated: 0, error: null });
    const requests = (await (await fetch(`${FAKE}/control/requests`, { method: "POST" })).json()) as Array<{ path: string; authorization: string }>;
    expect(requests.at(-1)).toEqual({ path: "/bamboohr/acme/v1/employees/directory", authorization: `Basic ${btoa("secret-key-c-acme:x")}` });

    const alice = await one<{ title: string; hris_id: string; source: string }>("SELECT title, hris_id, source FROM users WHERE id = ?", userId("acme", "alice"));
    expect(alice).toEqual({ title: "Chief People Officer", hris_id: "b-1", source: "chat" });
    const zed = await one<{ id: string; source: string; department: string }>(
      "SELECT u.id, u.source, d.name AS department FROM users u JOIN departments d ON d.id = u.department_id WHERE u.company_id = 'c-acme' AND u.email = 'zed@acme.test'",
    );
    expect(zed).toMatchObject({ source: "hris", department: "Robotics" });
    expect(await q("SELECT id FROM departments WHERE company_id = 'c-acme' AND name = 'Robotics'")).toHaveLength(1);
    const links = await q<{ manager: string }>(
      "SELECT m.email AS manager FROM user_managers l JOIN users m ON m.id = l.manager_id JOIN users u ON u.id = l.user_id WHERE u.email IN ('zed@acme.test', 'yara@acme.test') ORDER BY u.email",
    );
    // Yara reports to Zed, Zed to Alice.
    expect(links.map((l) => l.manager)).toEqual(["zed@acme.test", "alice@acme.test"]);
    const integration = await one<{ last_synced_at: number | null }>("SELECT last_synced_at FROM integrations WHERE id = ?", acmeIntegration);
    expect(integration?.last_synced_at).toBeGreaterThan(0);
    const told = await q<{ subject: string; body: string }>("SELECT subject, body FROM notification_outbox WHERE recipient_user_id = ? AND kind = 'system'", userId("acme", "alice"));
    expect(told).toContainEqual({ subject: "BambooHR sync finished", body: "Created 2 · updated 1 · deactivated 0." });

    // The same message again, then a new message for the same (finished) run: nothing happens.
    await env.DB.prepare("UPDATE users SET title = 'Changed meanwhile' WHERE id = ?").bind(userId("acme", "alice")).run();
    expect((await consume(JOBS_QUEUE, [{ id: "sync-1", body: message }])).explicitAcks).toEqual(["sync-1"]);
    expect((await consume(JOBS_QUEUE, [{ id: "sync-1-redelivered", body: message }])).explicitAcks).toEqual(["sync-1-redelivered"]);
    expect((await one<{ title: string }>("SELECT title FROM users WHERE id = ?", userId("acme", "alice")))?.title).toBe("Changed meanwhile");
    expect(await run(message.syncRunId)).toEqual(r1);

    // Yara leaves the HR system: deactivated, never deleted; Zed's title changes.
    await control("employees", { provider: "bamboohr", employees: [employees[0], { ...employees[1], jobTitle: "Senior Engineer" }] });
    const second = await syncNow("alice@acme.test", acmeIntegration);
    await consume(JOBS_QUEUE, [{ id: "sync-2", body: second.message }]);
    expect(await run(second.message.syncRunId)).toMatchObject({ status: "succeeded", created: 0, updated: 2, deactivated: 1 });
    expect(await one("SELECT is_deleted, title FROM users WHERE email = 'yara@acme.test'")).toEqual({ is_deleted: 1, title: "Engineer" });
    expect(await one("SELECT is_deleted, title FROM users WHERE email = 'zed@acme.test'")).toEqual({ is_deleted: 0, title: "Senior Engineer" });

    const page = await appFetch("/integrations", { cookie: second.cookie });
    expect(await page.text()).toMatch(/created <!-- -->0<!-- --> · updated <!-- -->2<!-- --> · deactivated <!-- -->1|created 0 · updated 2 · deactivated 1/);
  });

  it("HiBob: reads its shape with the key in the Authorization header", async () => {
    await control("employees", {
      provider: "hibob",
      employees: [
        { id: "h-1", displayName: "Gina Boss", email: "gina@globex.test", work: { title: "CEO", department: "Leadership", reportsTo: null } },
        { id: "h-2", displayName: "Hannah Hire", email: "hannah.hire@globex.test", work: { title: "Analyst", department: "Leadership", reportsTo: { id: "h-1" } } },
      ],
    });
    const { message } = await syncNow("gina@globex.test", globexIntegration);
    await consume(JOBS_QUEUE, [{ id: "hibob-1", body: message }]);
    expect(await run(message.syncRunId)).toMatchObject({ status: "succeeded", created: 1, updated: 1, deactivated: 0 });
    const requests = (await (await fetch(`${FAKE}/control/requests`, { method: "POST" })).json()) as Array<{ path: string; authorization: string }>;
    expect(requests.at(-1)).toEqual({ path: "/hibob/v1/people?showInactive=false&humanReadable=REPLACE", authorization: "secret-key-c-globex" });
    const hank = await one<{ manager: string }>(
      "SELECT m.email AS manager FROM users u JOIN user_managers l ON l.user_id = u.id JOIN users m ON m.id = l.manager_id WHERE u.email = 'hannah.hire@globex.test'",
    );
    expect(hank?.manager).toBe("gina@globex.test");
  });

  it("401: the run fails with a clear error, not retried, nobody changed", async () => {
    const before = await q("SELECT id, name, title, is_deleted FROM users WHERE company_id = 'c-acme' ORDER BY id");
    await control("next", { provider: "bamboohr", status: 401 });
    const { message } = await syncNow("alice@acme.test", acmeIntegration);
    const result = await consume(JOBS_QUEUE, [{ id: "sync-401", body: message }]);
    expect(result.explicitAcks).toEqual(["sync-401"]);
    expect(result.retryMessages).toEqual([]);
    expect(await run(message.syncRunId)).toMatchObject({ status: "failed", error: "The HR system refused the API key (401)" });
    expect(await q("SELECT id, name, title, is_deleted FROM users WHERE company_id = 'c-acme' ORDER BY id")).toEqual(before);
    const page = await appFetch("/integrations", { cookie: await sessionFor("alice@acme.test") });
    expect(await page.text()).toContain("The HR system refused the API key (401)");
  });

  it("429: the queue retries after the Retry-After delay; the dead-letter queue fails the run", async () => {
    await control("next", { provider: "bamboohr", status: 429, retryAfter: "42" });
    const { message } = await syncNow("alice@acme.test", acmeIntegration);
    const result = await consume(JOBS_QUEUE, [{ id: "sync-429", body: message }]);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toEqual([{ msgId: "sync-429" }]);
    expect(result.delays).toEqual([{ msgId: "sync-429", delaySeconds: 42 }]);
    expect((await run(message.syncRunId))?.status).toBe("running");
    await consume(JOBS_DEAD_LETTER_QUEUE, [{ id: "sync-429", body: message }]);
    expect(await run(message.syncRunId)).toMatchObject({ status: "failed", error: "The HR system could not be read after several attempts." });
  });

  it("malformed JSON: the run fails", async () => {
    await control("next", { provider: "bamboohr", status: "malformed" });
    const { message } = await syncNow("alice@acme.test", acmeIntegration);
    const result = await consume(JOBS_QUEUE, [{ id: "sync-bad", body: message }]);
    expect(result.retryMessages).toEqual([]);
    expect(await run(message.syncRunId)).toMatchObject({ status: "failed", error: "BambooHR answered with malformed JSON" });
  });

  it("5,000 employees sync within 10 s", async () => {
    await control("employees", { provider: "hibob", generate: 5000 });
    const { message } = await syncNow("gina@globex.test", globexIntegration);
    const started = performance.now();
    const result = await consume(JOBS_QUEUE, [{ id: "bulk", body: message }]);
    const seconds = (performance.now() - started) / 1000;
    console.log(`hris.sync of 5,000 employees: ${seconds.toFixed(2)} s`);
    expect(result.explicitAcks).toEqual(["bulk"]);
    expect(await run(message.syncRunId)).toMatchObject({ status: "succeeded", created: 5000 });
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM users WHERE company_id = 'c-globex' AND email LIKE '%@bulk.test'"))?.n).toBe(5000);
    expect(seconds).toBeLessThan(10);
  }, 30_000);
});
