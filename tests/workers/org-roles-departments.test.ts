import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, postForm, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

const ROLES = "/organization/settings/roles";
const DEPTS = "/organization/settings/departments";

async function get(email: string, path: string) {
  return appFetch(path, { cookie: await sessionFor(email) });
}
async function post(email: string, path: string, fields: Record<string, string>) {
  return postForm(path, fields, await sessionFor(email));
}
const one = <T>(sql: string, ...args: unknown[]) => env.DB.prepare(sql).bind(...args).first<T>();
const n = async (sql: string, ...args: unknown[]) => (await one<{ n: number }>(sql, ...args))!.n;
const audits = (action: string, entityId: string) =>
  n("SELECT count(*) AS n FROM audit_events WHERE action = ? AND entity_id = ?", action, entityId);

describe("roles (002 §2.8)", () => {
  it("lists each role with its number of people for the super admin", async () => {
    const response = await get("alice@acme.test", ROLES);
    expect(response.status).toBe(200);
    const html = await response.text();
    const rows = await texts(html, "tbody tr td:first-child");
    expect(rows).toContain("Software Engineer");
    const engineers = await n("SELECT count(*) AS n FROM users WHERE role_id = 'r-acme-software-engineer' AND is_deleted = 0");
    expect(engineers).toBeGreaterThan(1);
    expect(textOf(html)).toContain(`Software Engineer ${engineers}`);
  });

  it("redirects people without ViewRoles home", async () => {
    for (const email of ["adam@acme.test", "sam@acme.test", "gary@globex.test"]) {
      const response = await get(email, ROLES);
      expect(response.status, email).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
      const posted = await post(email, ROLES, { intent: "create", role: "Sneaky" });
      expect(posted.status).toBe(302);
      expect(posted.headers.get("Location")).toBe("/");
    }
    expect(await n("SELECT count(*) AS n FROM roles WHERE name = 'Sneaky'")).toBe(0);
  });

  it("creates a trimmed role with an audit row (Acme and Globex)", async () => {
    for (const [email, company] of [["alice@acme.test", "c-acme"], ["gina@globex.test", "c-globex"]] as const) {
      const response = await post(email, ROLES, { intent: "create", role: "  Data Scientist  " });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(ROLES);
      const row = await one<{ id: string }>("SELECT id FROM roles WHERE company_id = ? AND name = 'Data Scientist'", company);
      expect(row).not.toBeNull();
      expect(await audits("role.created", row!.id)).toBe(1);
    }
  });

  it("refuses an empty name and a duplicate (any case) with 400 and writes nothing", async () => {
    const before = await n("SELECT count(*) AS n FROM roles");
    const auditsBefore = await n("SELECT count(*) AS n FROM audit_events");
    const empty = await post("alice@acme.test", ROLES, { intent: "create", role: "   " });
    expect(empty.status).toBe(400);
    expect(textOf(await empty.text())).toContain("This is a required field.");
    const dup = await post("alice@acme.test", ROLES, { intent: "create", role: "software ENGINEER" });
    expect(dup.status).toBe(400);
    const html = await dup.text();
    expect(await texts(html, '[role="alert"]')).toContain("A role with this name already exists.");
    const rename = await post("gina@globex.test", ROLES, { intent: "rename", roleId: "r-globex-designer", role: "Director" });
    expect(rename.status).toBe(400);
    expect(textOf(await rename.text())).toContain("A role with this name already exists.");
    expect(await n("SELECT count(*) AS n FROM roles")).toBe(before);
    expect(await n("SELECT count(*) AS n FROM audit_events")).toBe(auditsBefore);
    expect((await one<{ name: string }>("SELECT name FROM roles WHERE id = 'r-globex-designer'"))!.name).toBe("Designer");
  });

  it("renames a role, keeping its own name in another case allowed", async () => {
    const response = await post("gina@globex.test", ROLES, { intent: "rename", roleId: "r-globex-designer", role: "Product Designer" });
    expect(response.status).toBe(302);
    expect((await one<{ name: string }>("SELECT name FROM roles WHERE id = 'r-globex-designer'"))!.name).toBe("Product Designer");
    expect(await audits("role.renamed", "r-globex-designer")).toBe(1);
    const recase = await post("gina@globex.test", ROLES, { intent: "rename", roleId: "r-globex-designer", role: "product designer" });
    expect(recase.status).toBe(302);
  });

  it("removes a role and clears it from its people in one batch", async () => {
    const holders = await n("SELECT count(*) AS n FROM users WHERE role_id = 'r-acme-account-executive'");
    expect(holders).toBeGreaterThan(0);
    const response = await post("alice@acme.test", ROLES, { intent: "remove", roleId: "r-acme-account-executive" });
    expect(response.status).toBe(302);
    expect(await n("SELECT count(*) AS n FROM roles WHERE id = 'r-acme-account-executive'")).toBe(0);
    expect(await n("SELECT count(*) AS n FROM users WHERE role_id = 'r-acme-account-executive'")).toBe(0);
    expect(await audits("role.removed", "r-acme-account-executive")).toBe(1);
  });

  it("answers 404 for another company's role and leaves it alone", async () => {
    for (const fields of [
      { intent: "rename", roleId: "r-globex-director", role: "Hijacked" },
      { intent: "remove", roleId: "r-globex-director" },
    ] as Array<Record<string, string>>) {
      const response = await post("alice@acme.test", ROLES, fields);
      expect(response.status).toBe(404);
    }
    expect((await one<{ name: string }>("SELECT name FROM roles WHERE id = 'r-globex-director'"))!.name).toBe("Director");
    expect(await n("SELECT count(*) AS n FROM users WHERE role_id = 'r-globex-director'")).toBeGreaterThan(0);
  });
});

describe("departments (002 §2.8)", () => {
  it("lists departments with member counts; detail links only on Teams-type (002 §6)", async () => {
    const acme = await (await get("alice@acme.test", DEPTS)).text();
    const engineering = await n("SELECT count(*) AS n FROM users WHERE department_id = 'd-acme-engineering' AND is_deleted = 0");
    expect(textOf(acme)).toContain(`Engineering ${engineering}`);
    expect(await attrs(acme, "tbody a", "href")).toEqual([]);
    const globex = await (await get("gina@globex.test", DEPTS)).text();
    expect(await attrs(globex, "tbody a", "href")).toContain(`${DEPTS}/d-globex-engineering`);
  });

  it("redirects people without ViewDepartments home", async () => {
    for (const email of ["adam@acme.test", "sam@acme.test", "gary@globex.test", "tina@globex.test"]) {
      const response = await get(email, DEPTS);
      expect(response.status, email).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
  });

  it("creates, renames and removes departments with audit rows", async () => {
    const created = await post("gina@globex.test", DEPTS, { intent: "create", name: " Legal " });
    expect(created.status).toBe(302);
    const legal = await one<{ id: string }>("SELECT id FROM departments WHERE company_id = 'c-globex' AND name = 'Legal'");
    expect(legal).not.toBeNull();
    expect(await audits("department.created", legal!.id)).toBe(1);

    const renamed = await post("alice@acme.test", DEPTS, { intent: "rename", departmentId: "d-acme-finance", name: "Finance & Ops" });
    expect(renamed.status).toBe(302);
    expect((await one<{ name: string }>("SELECT name FROM departments WHERE id = 'd-acme-finance'"))!.name).toBe("Finance & Ops");
    expect(await audits("department.renamed", "d-acme-finance")).toBe(1);

    expect(await n("SELECT count(*) AS n FROM users WHERE department_id = 'd-acme-sales'")).toBeGreaterThan(0);
    const removed = await post("alice@acme.test", DEPTS, { intent: "remove", departmentId: "d-acme-sales" });
    expect(removed.status).toBe(302);
    expect(await n("SELECT count(*) AS n FROM departments WHERE id = 'd-acme-sales'")).toBe(0);
    expect(await n("SELECT count(*) AS n FROM users WHERE department_id = 'd-acme-sales'")).toBe(0);
    expect(await audits("department.removed", "d-acme-sales")).toBe(1);
  });

  it("refuses empty and duplicate names with 400 and writes nothing", async () => {
    const before = await n("SELECT count(*) AS n FROM departments");
    const auditsBefore = await n("SELECT count(*) AS n FROM audit_events");
    const empty = await post("gina@globex.test", DEPTS, { intent: "create", name: "" });
    expect(empty.status).toBe(400);
    expect(textOf(await empty.text())).toContain("This is a required field.");
    const dup = await post("gina@globex.test", DEPTS, { intent: "create", name: "PRODUCT" });
    expect(dup.status).toBe(400);
    expect(textOf(await dup.text())).toContain("A department with this name already exists.");
    expect(await n("SELECT count(*) AS n FROM departments")).toBe(before);
    expect(await n("SELECT count(*) AS n FROM audit_events")).toBe(auditsBefore);
  });

  it("answers 404 for another company's department", async () => {
    const response = await post("gina@globex.test", DEPTS, { intent: "remove", departmentId: "d-acme-product" });
    expect(response.status).toBe(404);
    expect(await n("SELECT count(*) AS n FROM departments WHERE id = 'd-acme-product'")).toBe(1);
  });
});

describe("department detail (ViewDepartmentDetails: Teams-type super admin)", () => {
  const DETAIL = `${DEPTS}/d-globex-engineering`;

  it("lists the members with title, role and a link to their user page", async () => {
    const response = await get("gina@globex.test", DETAIL);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(await texts(html, "h1")).toContain("Engineering");
    const members = await env.DB.prepare("SELECT id, name FROM users WHERE department_id = 'd-globex-engineering' AND is_deleted = 0 ORDER BY name, id").all<{ id: string; name: string }>();
    expect(await attrs(html, "tbody a", "href")).toEqual(members.results.map((m) => `/organization/settings/users/${m.id}`));
    expect(textOf(html)).toContain("Engineering Group Admin");
    expect(textOf(html)).toContain("Engineering Manager");
  });

  it("redirects the Slack-type super admin and non-super-admins home, 404s another company's id", async () => {
    for (const [email, path] of [["alice@acme.test", `${DEPTS}/d-acme-engineering`], ["gary@globex.test", DETAIL]]) {
      const response = await get(email, path);
      expect(response.status, email).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    expect((await get("gina@globex.test", `${DEPTS}/d-acme-engineering`)).status).toBe(404);
    expect((await get("gina@globex.test", `${DEPTS}/nope`)).status).toBe(404);
  });

  it("pages members 50 at a time", async () => {
    const values = Array.from({ length: 55 }, (_, i) => `('u-test-${i}', 'c-globex', 'Zed ${String(i).padStart(2, "0")}', 'zed${i}@globex.test', 'd-globex-people')`);
    await env.DB.prepare(`INSERT INTO users (id, company_id, name, email, department_id) VALUES ${values.join(",")}`).run();
    const total = await n("SELECT count(*) AS n FROM users WHERE department_id = 'd-globex-people' AND is_deleted = 0");
    const first = await (await get("gina@globex.test", `${DEPTS}/d-globex-people`)).text();
    expect((await attrs(first, "tbody a", "href")).length).toBe(50);
    expect(await attrs(first, 'a[rel="next"]', "href")).toEqual([`${DEPTS}/d-globex-people?page=2`]);
    const second = await (await get("gina@globex.test", `${DEPTS}/d-globex-people?page=2`)).text();
    expect((await attrs(second, "tbody a", "href")).length).toBe(total - 50);
    expect(textOf(second)).toContain("Page 2 of 2");
  });
});
