import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { userId } from "~/db/seed/demo";
import { createLoadContext } from "~/lib/context.server";
import { notify } from "~/modules/notifications/notify.server";
import { loader } from "~/routes/dev.inbox";
import worker from "../../workers/app";
import { appFetch, ORIGIN, sessionFor } from "./helpers";

const db = createDb(env.DB);

const bodyRows = (html: string) => (html.match(/<tr>/g) ?? []).length - 1;

beforeAll(async () => {
  await env.DB.prepare("DELETE FROM notification_outbox").run();
  // One row per message: the demo's per-kind channel choices (Acme's survey reminders also by e-mail) are not in play here.
  await env.DB.prepare("DELETE FROM notification_channel_settings").run();
  await notify(db, {
    companyId: "c-acme",
    recipientUserIds: [userId("acme", "eve")],
    kind: "survey-reminder",
    subject: "Acme survey for Eve",
    body: "Two days left.",
    link: "/surveys/manage-surveys",
  });
  await notify(db, {
    companyId: "c-acme",
    recipientUserIds: [userId("acme", "alice")],
    kind: "report",
    subject: "Acme report for Alice",
    body: "Your report is ready.",
  });
  await notify(db, {
    companyId: "c-globex",
    recipientUserIds: [userId("globex", "tina")],
    kind: "survey",
    subject: "Globex survey for Tina",
    body: "Open",
  });
  // Fixed times, so "newest first" does not depend on how fast the rows were written.
  await env.DB.batch([
    env.DB.prepare("UPDATE notification_outbox SET created_at = ? WHERE subject = 'Acme survey for Eve'").bind(Date.UTC(2026, 2, 2, 9, 0)),
    env.DB.prepare("UPDATE notification_outbox SET created_at = ? WHERE subject = 'Acme report for Alice'").bind(
      Date.UTC(2026, 2, 2, 9, 5)
    ),
  ]);
});

describe("/dev/inbox", () => {
  it("does not exist unless DEV_SIGN_IN is on", async () => {
    const base = createLoadContext(env, createExecutionContext(), "req-test");
    const context: AppLoadContext = { ...base, config: { ...base.config, devSignIn: false } };
    const cookie = await sessionFor("alice@acme.test");
    const request = new Request(`${ORIGIN}/dev/inbox`, { headers: { Cookie: cookie } });
    const thrown = await Promise.resolve(loader({ request, context, params: {} })).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });

  it("answers 404 through the whole app when the Worker runs with DEV_SIGN_IN=false", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const ctx = createExecutionContext();
    const response = await worker.fetch!(
      new Request(`${ORIGIN}/dev/inbox`, { headers: { Cookie: cookie, Host: "127.0.0.1:8787" } }) as never,
      { ...env, DEV_SIGN_IN: "false" } as Env,
      ctx
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Acme survey for Eve");
  });

  it("sends a visitor who is not signed in to sign-in", async () => {
    const response = await appFetch("/dev/inbox");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sign-in");
  });

  it("lists every message of the viewer's company, newest first, and nothing of another company", async () => {
    const response = await appFetch("/dev/inbox", { cookie: await sessionFor("eve@acme.test") });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Acme survey for Eve");
    expect(html).toContain("Acme report for Alice");
    expect(html).not.toContain("Globex survey for Tina");
    expect(html.indexOf("Acme report for Alice")).toBeLessThan(html.indexOf("Acme survey for Eve"));
    expect(html).toContain("survey reminder");
    expect(html).toContain("2026-03-02 09:05 UTC");
    expect(html).toContain('href="/surveys/manage-surveys"');
    expect(html).toContain('href="/"');
    expect(bodyRows(html)).toBe(2);
  });

  it("shows only the viewer's own messages with Only mine", async () => {
    const html = await (await appFetch("/dev/inbox?mine=1", { cookie: await sessionFor("eve@acme.test") })).text();
    expect(html).toContain("Acme survey for Eve");
    expect(html).not.toContain("Acme report for Alice");
    expect(html).toMatch(/<input[^>]*name="mine"[^>]*checked=""/);
  });

  it("says so when there are no messages", async () => {
    const html = await (await appFetch("/dev/inbox?mine=1", { cookie: await sessionFor("gary@globex.test") })).text();
    expect(html).toContain("No messages yet.");
    expect(html).not.toContain("<table");
  });

  it("pages through a long inbox 100 at a time", async () => {
    const people = (await env.DB.prepare("SELECT id FROM users WHERE company_id = 'c-globex'").all<{ id: string }>()).results.map(
      (r) => r.id
    );
    // 27 people × 4 messages: more than one page.
    for (let i = 0; i < 4; i++) {
      await notify(db, { companyId: "c-globex", recipientUserIds: people, kind: "reminder", subject: `Bulk ${i}`, body: "B" });
    }
    const total = people.length * 4 + 1;
    const cookie = await sessionFor("gina@globex.test");
    const first = await (await appFetch("/dev/inbox", { cookie })).text();
    expect(bodyRows(first)).toBe(100);
    expect(first).toContain('href="/dev/inbox?page=2"');
    const second = await (await appFetch("/dev/inbox?page=2", { cookie })).text();
    expect(bodyRows(second)).toBe(total - 100);
    expect(second).toContain("Previous");
    expect(second).not.toContain("page=3");
  });
});
