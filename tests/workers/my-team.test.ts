import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

async function get(email: string, path: string) {
  return appFetch(path, { cookie: await sessionFor(email) });
}

async function page(email: string, path: string) {
  const response = await get(email, path);
  expect(response.status, path).toBe(200);
  return response.text();
}

async function names(...ids: string[]) {
  const out: string[] = [];
  for (const id of ids) out.push((await env.DB.prepare("SELECT name FROM users WHERE id = ?").bind(id).first<{ name: string }>())!.name);
  return out.sort((a, b) => a.localeCompare(b));
}

const memberNames = (html: string) => texts(html, "[data-member-name]");

describe("My Team (002 §2.6, DESIGN.md default relationship)", () => {
  it("lists My Team and the viewer's custom relationships as links", async () => {
    const html = await page("eve@acme.test", "/my-team");
    expect(await attrs(html, 'ul[aria-label="Relationships"] a', "href")).toEqual(["/my-team/default", "/my-team/rel-acme-phoenix"]);
    expect(await texts(html, 'ul[aria-label="Relationships"] a')).toEqual(["My Team", "Project Phoenix"]);
  });

  it("eve's team: her manager and the colleague who shares him, not herself", async () => {
    const html = await page("eve@acme.test", "/my-team/default");
    expect(await memberNames(html)).toEqual(await names("u-acme-mona", "u-acme-ed"));
    expect(await attrs(html, "[data-member-view]", "href")).toEqual(
      expect.arrayContaining(["/my-team/default/users/u-acme-mona", "/my-team/default/users/u-acme-ed"]),
    );
    expect(await texts(html, "h1")).toEqual(["My Team"]);
  });

  it("mona's team: her reports and her own manager's other reports", async () => {
    const html = await page("mona@acme.test", "/my-team/default");
    const listed = await memberNames(html);
    for (const name of await names("u-acme-eve", "u-acme-ed", "u-acme-alice")) expect(listed).toContain(name);
    expect(listed).not.toContain((await names("u-acme-mona"))[0]);
  });

  it("a person with no manager and no reports sees 'No User data available.'", async () => {
    const html = await page("sam@acme.test", "/my-team/default");
    expect(await memberNames(html)).toEqual([]);
    expect(textOf(html)).toContain("No User data available.");
  });

  it("a custom relationship lists all its members with View links under it", async () => {
    const html = await page("eve@acme.test", "/my-team/rel-acme-phoenix");
    const ids = ["eve", "ed", "priya", "liam", "bella"].map((l) => `u-acme-${l}`);
    expect(await memberNames(html)).toEqual(await names(...ids));
    expect((await attrs(html, "[data-member-view]", "href")).sort()).toEqual(ids.map((id) => `/my-team/rel-acme-phoenix/users/${id}`).sort());
    expect(await texts(html, "h1")).toEqual(["Project Phoenix"]);
  });

  it("a relationship the viewer is not in, another company's, or an unknown id is a 404", async () => {
    expect((await get("eve@acme.test", "/my-team/rel-acme-mentoring")).status).toBe(404);
    const foreign = await env.DB.prepare("SELECT id FROM custom_relationships WHERE company_id = 'c-globex' LIMIT 1").first<{ id: string }>();
    if (foreign) expect((await get("eve@acme.test", `/my-team/${foreign.id}`)).status).toBe(404);
    expect((await get("eve@acme.test", "/my-team/nope")).status).toBe(404);
  });

  it("paginates server-side, 50 people a page, with Next/Previous links", async () => {
    const boss = "u-acme-pagination-boss";
    const statements = [
      env.DB.prepare("INSERT INTO users (id, company_id, name, email) VALUES (?, 'c-acme', 'Pagination Boss', 'boss@acme.test')").bind(boss),
    ];
    for (let i = 0; i < 60; i++) {
      const id = `u-acme-report-${String(i).padStart(2, "0")}`;
      statements.push(env.DB.prepare("INSERT INTO users (id, company_id, name, email) VALUES (?, 'c-acme', ?, ?)").bind(id, `Report ${String(i).padStart(2, "0")}`, `r${i}@acme.test`));
      statements.push(env.DB.prepare("INSERT INTO user_managers (company_id, user_id, manager_id) VALUES ('c-acme', ?, ?)").bind(id, boss));
    }
    await env.DB.batch(statements);
    const first = await page("boss@acme.test", "/my-team/default");
    expect((await memberNames(first)).length).toBe(50);
    expect((await memberNames(first))[0]).toBe("Report 00");
    expect(await attrs(first, 'nav[aria-label="Pagination"] a', "href")).toEqual(["/my-team/default?page=2"]);
    const second = await page("boss@acme.test", "/my-team/default?page=2");
    expect(await memberNames(second)).toEqual(Array.from({ length: 10 }, (_, i) => `Report ${50 + i}`));
    expect(await attrs(second, 'nav[aria-label="Pagination"] a', "href")).toEqual(["/my-team/default?page=1"]);
  });

  it("not signed in goes to sign-in", async () => {
    const response = await appFetch("/my-team/default");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/sign-in");
  });
});

describe("My Groups (Teams-type group admins)", () => {
  it("gary sees the group he administers", async () => {
    const html = await page("gary@globex.test", "/my-groups");
    expect(await attrs(html, 'ul[aria-label="Groups"] a', "href")).toEqual(["/my-groups/g-globex-engineering"]);
  });

  it("the group's members card: View links to /my-groups/{groupId}/users/{userId}, Admin title for team admins", async () => {
    const html = await page("gary@globex.test", "/my-groups/g-globex-engineering");
    const { results } = await env.DB.prepare(
      "SELECT u.id, u.is_team_admin FROM group_members gm JOIN users u ON u.id = gm.user_id WHERE gm.group_id = 'g-globex-engineering' AND u.is_deleted = 0",
    ).all<{ id: string; is_team_admin: number }>();
    expect((await attrs(html, "[data-member-view]", "href")).sort()).toEqual(results.map((r) => `/my-groups/g-globex-engineering/users/${r.id}`).sort());
    const garyRow = html.slice(html.indexOf('data-member-id="u-globex-gary"'));
    expect(await texts(garyRow, "[data-member-title]")).toContain("Admin");
    const titles = await texts(html, "[data-member-title]");
    expect(titles.filter((t) => t === "Admin").length).toBe(results.filter((r) => r.is_team_admin).length);
  });

  it("a group gary does not administer is a 404", async () => {
    expect((await get("gary@globex.test", "/my-groups/g-globex-sales")).status).toBe(404);
    expect((await get("gary@globex.test", "/my-groups/g-globex-nope")).status).toBe(404);
  });

  it("the registry's rule: Teams-type team admins only (gina is not a team admin; Slack-type never)", async () => {
    for (const email of ["gina@globex.test", "tina@globex.test", "alice@acme.test"]) {
      const response = await get(email, "/my-groups");
      expect(response.status, email).toBe(302);
      expect(response.headers.get("Location"), email).toBe("/");
    }
  });
});
