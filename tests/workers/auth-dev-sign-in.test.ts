import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEMO, userId } from "~/db/seed/demo";
import { action, loader } from "~/routes/dev.sign-in";
import { countSessions, freshIp, location, postFormFrom, sessionRow, cookieFrom, appFetch } from "../support/sign-in-flow";

describe("demo sign-in (DEV_SIGN_IN=true)", () => {
  it("lists the seeded people grouped by company with role hints and one plain POST form per person", async () => {
    const response = await appFetch("/dev/sign-in");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(DEMO.acme.name);
    expect(html).toContain(DEMO.globex.name);
    for (const email of ["alice@acme.test", "adam@acme.test", "mona@acme.test", "sam@acme.test", "gina@globex.test", "gary@globex.test", "tom@globex.test"]) {
      expect(html).toContain(`<input type="hidden" name="email" value="${email}"/>`);
    }
    expect(html).toContain("super admin");
    expect(html).toContain("team admin");
    expect(html).toContain("group admin");
    expect(html).toContain("manager");
    // Acme's heading comes before any Globex person, Globex's before its people.
    const at = (email: string) => html.indexOf(`value="${email}"`);
    expect(html.indexOf(`>${DEMO.acme.name}`)).toBeLessThan(at("alice@acme.test"));
    expect(at("sam@acme.test")).toBeLessThan(html.indexOf(`>${DEMO.globex.name}`));
    expect(html.indexOf(`>${DEMO.globex.name}`)).toBeLessThan(at("gina@globex.test"));
    expect(html.match(/<form method="post">/g)?.length ?? 0).toBeGreaterThanOrEqual(11);
  });

  it("signs a person in from a plain form post of their e-mail", async () => {
    const response = await postFormFrom(freshIp(), "/dev/sign-in", { email: "mike@globex.test" });
    expect(response.status).toBe(302);
    expect(location(response)).toBe(`/my-profile/${userId("globex", "mike")}`);
    expect(await sessionRow(cookieFrom(response))).toMatchObject({ user_id: userId("globex", "mike"), company_id: DEMO.globex.id });
  });

  it("answers an unknown e-mail with 400, a field error and no session", async () => {
    const before = (await env.DB.prepare("SELECT count(*) AS n FROM sessions").first<{ n: number }>())!.n;
    const response = await postFormFrom(freshIp(), "/dev/sign-in", { email: "nobody@acme.test" });
    expect(response.status).toBe(400);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await response.text()).toContain("No demo person has this e-mail");
    expect((await env.DB.prepare("SELECT count(*) AS n FROM sessions").first<{ n: number }>())!.n).toBe(before);
  });

  it("answers a malformed e-mail with 400 and a field error", async () => {
    const response = await postFormFrom(freshIp(), "/dev/sign-in", { email: "not-an-email" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Enter a valid e-mail address");
  });

  it("replaces the session a browser already had instead of leaving it behind", async () => {
    const ip = freshIp();
    const first = await postFormFrom(ip, "/dev/sign-in", { email: "tom@globex.test" });
    const firstCookie = cookieFrom(first);
    const firstRow = await sessionRow(firstCookie);
    const second = await postFormFrom(ip, "/dev/sign-in", { email: "tina@globex.test" }, firstCookie);
    expect(location(second)).toBe(`/my-profile/${userId("globex", "tina")}`);
    expect(await env.DB.prepare("SELECT id FROM sessions WHERE id = ?").bind(firstRow!.id).first()).toBeNull();
    expect(await countSessions(userId("globex", "tina"))).toBeGreaterThanOrEqual(1);
  });

  it("shows a big company's admins and search results instead of everyone", async () => {
    const cid = "c-bigco";
    await env.DB.prepare("INSERT INTO companies (id, name, platform, external_id) VALUES (?, 'BigCo', 'slack', 'T0BIGCO')").bind(cid).run();
    const inserts = Array.from({ length: 80 }, (_, i) =>
      env.DB.prepare("INSERT INTO users (id, company_id, name, email, is_super_admin) VALUES (?, ?, ?, ?, ?)").bind(
        `u-bigco-${i}`,
        cid,
        `Big Person ${String(i).padStart(2, "0")}`,
        `person${i}@bigco.test`,
        i === 0 ? 1 : 0,
      ),
    );
    await env.DB.batch(inserts);
    try {
      const html = await (await appFetch("/dev/sign-in")).text();
      expect(html).toContain("person0@bigco.test");
      expect(html).not.toContain("person42@bigco.test");
      expect(html).toMatch(/name="q"/);
      const searched = await (await appFetch("/dev/sign-in?q=person42")).text();
      expect(searched).toContain("person42@bigco.test");
      expect(searched).not.toContain("person41@bigco.test");
      // Small companies are still listed in full.
      expect(searched).toContain("sam@acme.test");
    } finally {
      await env.DB.batch([env.DB.prepare("DELETE FROM users WHERE company_id = ?").bind(cid), env.DB.prepare("DELETE FROM companies WHERE id = ?").bind(cid)]);
    }
  });
});

describe("demo sign-in when DEV_SIGN_IN is false", () => {
  const context = { config: { devSignIn: false } } as unknown as AppLoadContext;

  async function thrownStatus(run: () => Promise<unknown>) {
    try {
      await run();
    } catch (thrown) {
      return thrown instanceof Response ? thrown.status : `threw ${String(thrown)}`;
    }
    return "did not throw";
  }

  it("does not exist for GET", async () => {
    const request = new Request("http://127.0.0.1:8787/dev/sign-in");
    expect(await thrownStatus(() => loader({ request, context, params: {} }))).toBe(404);
  });

  it("does not exist for POST and signs nobody in", async () => {
    const before = await countSessions(userId("acme", "alice"));
    const request = new Request("http://127.0.0.1:8787/dev/sign-in", { method: "POST", body: new URLSearchParams({ email: "alice@acme.test" }) });
    expect(await thrownStatus(() => action({ request, context, params: {} }))).toBe(404);
    expect(await countSessions(userId("acme", "alice"))).toBe(before);
  });
});
