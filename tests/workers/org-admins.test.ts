import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

const ADMINS = "/organization/admins/admins-list";
const SUPERS = "/organization/admins/super-admins-list";

async function get(email: string, path: string) {
  return appFetch(path, { cookie: await sessionFor(email) });
}
async function post(email: string, path: string, fields: Record<string, string> | URLSearchParams) {
  return appFetch(path, { method: "POST", body: fields instanceof URLSearchParams ? fields : new URLSearchParams(fields), cookie: await sessionFor(email) });
}
const flags = (id: string) =>
  env.DB.prepare("SELECT is_team_admin AS team, is_super_admin AS super FROM users WHERE id = ?").bind(id).first<{ team: number; super: number }>();
const n = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).first<{ n: number }>())!.n;
const audits = (action: string, entityId: string) => n("SELECT count(*) AS n FROM audit_events WHERE action = ? AND entity_id = ?", action, entityId);

describe("admins overview and lists (002 §2.8, §3)", () => {
  it("overview links both lists with their sizes for the super admin, only the admins list for a team admin", async () => {
    const alice = await (await get("alice@acme.test", "/organization/admins")).text();
    expect(await attrs(alice, "main li a", "href")).toEqual([ADMINS, SUPERS]);
    expect(textOf(alice)).toContain("Admins 1 person");
    const adam = await get("adam@acme.test", "/organization/admins");
    expect(adam.status).toBe(200);
    expect(await attrs(await adam.text(), "main li a", "href")).toEqual([ADMINS]);
  });

  it("lists admins with name, e-mail and avatar; a team admin sees the list without add/remove", async () => {
    const html = await (await get("adam@acme.test", ADMINS)).text();
    expect(await attrs(html, "tbody tr", "data-id")).toEqual(["u-acme-adam"]);
    expect(textOf(html)).toContain("adam@acme.test");
    expect(await texts(html, "tbody tr td:first-child span[aria-hidden]")).toHaveLength(1);
    expect(html).not.toContain('name="intent"');
    expect(await attrs(html, "input#admin-search", "name")).toEqual([]);
  });

  it("a team admin cannot add or remove admins, nor open the super admins list", async () => {
    for (const fields of [{ intent: "add", userIds: "u-acme-eve" }, { intent: "remove", userId: "u-acme-adam" }] as Array<Record<string, string>>) {
      const response = await post("adam@acme.test", ADMINS, fields);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    expect(await flags("u-acme-eve")).toEqual({ team: 0, super: 0 });
    expect(await flags("u-acme-adam")).toEqual({ team: 1, super: 0 });
    expect((await get("adam@acme.test", SUPERS)).headers.get("Location")).toBe("/");
  });

  it("redirects an employee home from every admin page", async () => {
    for (const path of ["/organization/admins", ADMINS, SUPERS]) {
      const response = await get("sam@acme.test", path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    const posted = await post("sam@acme.test", ADMINS, { intent: "add", userIds: "u-acme-sam" });
    expect(posted.headers.get("Location")).toBe("/");
    expect(await flags("u-acme-sam")).toEqual({ team: 0, super: 0 });
  });

  it("search (GET ?q=) lists at most 20 people of the company who are not yet in the list", async () => {
    const html = await (await get("alice@acme.test", `${ADMINS}?q=a`)).text();
    const ids = await attrs(html, 'input[name="userIds"]', "value");
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(20);
    expect(ids).not.toContain("u-acme-adam");
    expect(ids.every((id) => id.startsWith("u-acme-"))).toBe(true);
    const supers = await (await get("alice@acme.test", `${SUPERS}?q=alice`)).text();
    expect(await attrs(supers, 'input[name="userIds"]', "value")).toEqual([]);
    const percent = await (await get("alice@acme.test", `${ADMINS}?q=%25`)).text();
    expect(await attrs(percent, 'input[name="userIds"]', "value")).toEqual([]);
  });
});

describe("adding and removing admins (super admin only)", () => {
  it("alice adds two team admins at once, with audit rows", async () => {
    const body = new URLSearchParams([["intent", "add"], ["userIds", "u-acme-eve"], ["userIds", "u-acme-ed"]]);
    const response = await post("alice@acme.test", ADMINS, body);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(ADMINS);
    expect(await flags("u-acme-eve")).toEqual({ team: 1, super: 0 });
    expect(await flags("u-acme-ed")).toEqual({ team: 1, super: 0 });
    expect(await audits("team_admin.added", "u-acme-eve")).toBe(1);
    const html = await (await get("alice@acme.test", ADMINS)).text();
    expect(await attrs(html, "tbody tr", "data-id")).toEqual(expect.arrayContaining(["u-acme-adam", "u-acme-eve", "u-acme-ed"]));
  });

  it("gina adds and removes a super admin and removes a team admin on Globex", async () => {
    expect((await post("gina@globex.test", SUPERS, { intent: "add", userIds: "u-globex-mike" })).status).toBe(302);
    expect(await flags("u-globex-mike")).toEqual({ team: 0, super: 1 });
    expect(await audits("super_admin.added", "u-globex-mike")).toBe(1);
    expect((await post("gina@globex.test", SUPERS, { intent: "remove", userId: "u-globex-mike" })).status).toBe(302);
    expect(await flags("u-globex-mike")).toEqual({ team: 0, super: 0 });
    expect(await audits("super_admin.removed", "u-globex-mike")).toBe(1);
    expect((await post("gina@globex.test", ADMINS, { intent: "remove", userId: "u-globex-gary" })).status).toBe(302);
    expect(await flags("u-globex-gary")).toEqual({ team: 0, super: 0 });
    expect(await audits("team_admin.removed", "u-globex-gary")).toBe(1);
  });

  it("refuses to remove the last super admin: 400 with the message, nothing written", async () => {
    const auditsBefore = await n("SELECT count(*) AS n FROM audit_events");
    const response = await post("gina@globex.test", SUPERS, { intent: "remove", userId: "u-globex-gina" });
    expect(response.status).toBe(400);
    expect(await texts(await response.text(), '[role="alert"] p')).toContain("At least one super admin must remain.");
    expect(await flags("u-globex-gina")).toEqual({ team: 0, super: 1 });
    expect(await n("SELECT count(*) AS n FROM audit_events")).toBe(auditsBefore);
  });

  it("refuses an empty selection, deactivated people and another company's people", async () => {
    const auditsBefore = await n("SELECT count(*) AS n FROM audit_events");
    const empty = await post("alice@acme.test", ADMINS, { intent: "add" });
    expect(empty.status).toBe(400);
    expect(textOf(await empty.text())).toContain("This is a required field.");
    await env.DB.prepare("UPDATE users SET is_deleted = 1 WHERE id = 'u-acme-liam'").run();
    for (const id of ["u-acme-liam", "u-globex-tina"]) {
      const response = await post("alice@acme.test", ADMINS, { intent: "add", userIds: id });
      expect(response.status, id).toBe(400);
      expect(await flags(id)).toEqual({ team: 0, super: 0 });
    }
    const searched = await (await get("alice@acme.test", `${ADMINS}?q=liam`)).text();
    expect(await attrs(searched, 'input[name="userIds"]', "value")).toEqual([]);
    expect(await n("SELECT count(*) AS n FROM audit_events")).toBe(auditsBefore);
  });

  it("answers 404 for removing another company's admin", async () => {
    const response = await post("alice@acme.test", SUPERS, { intent: "remove", userId: "u-globex-gina" });
    expect(response.status).toBe(404);
    expect(await flags("u-globex-gina")).toEqual({ team: 0, super: 1 });
  });
});
