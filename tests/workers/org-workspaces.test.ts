import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

const LIST = "/organization/settings/workspaces";
const channelPath = (workspaceId: string, channelId: string) => `${LIST}/${workspaceId}/channels/${channelId}`;

/** Active members of a channel, by name (what the page lists). */
async function channelMembers(channelId: string) {
  const { results } = await env.DB.prepare(
    `SELECT u.id, u.name FROM channel_members m JOIN users u ON u.id = m.user_id AND u.company_id = m.company_id
     WHERE m.channel_id = ? AND u.is_deleted = 0 ORDER BY u.name, u.id`,
  )
    .bind(channelId)
    .all<{ id: string; name: string }>();
  return results;
}

describe("workspaces and channels (Slack-type, read-only)", () => {
  it("alice sees Acme's workspaces, each with its channels, private flags and member counts", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const response = await appFetch(LIST, { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(await texts(html, "h1")).toEqual(["Workspaces"]);
    expect(await texts(html, "[data-workspace-name]")).toEqual(["Acme HQ", "Acme Labs"]);

    const { results } = await env.DB.prepare(
      `SELECT c.id, c.workspace_id, c.name, c.is_private,
         (SELECT count(*) FROM channel_members m JOIN users u ON u.id = m.user_id AND u.is_deleted = 0 WHERE m.channel_id = c.id) AS n
       FROM channels c WHERE c.company_id = 'c-acme' ORDER BY c.name`,
    ).all<{ id: string; workspace_id: string; name: string; is_private: number; n: number }>();
    expect(results.map((r) => r.name).sort()).toEqual(["engineering", "general", "leadership", "product", "research", "sales"]);
    for (const workspaceId of ["w-acme-hq", "w-acme-labs"]) {
      const rows = results.filter((r) => r.workspace_id === workspaceId);
      expect(await texts(html, `[data-workspace-id="${workspaceId}"] tbody tr`), workspaceId).toEqual(
        rows.map((r) => `#${r.name}${r.is_private ? "Private" : "—"}${r.n}`),
      );
      expect(await attrs(html, `[data-workspace-id="${workspaceId}"] tbody a`, "href")).toEqual(rows.map((r) => channelPath(workspaceId, r.id)));
    }
    expect(await texts(html, '[data-channel-id="ch-acme-leadership"] [data-private]')).toEqual(["Private"]);
    expect(await texts(html, "[data-private]")).toHaveLength(1);

    const hq = await env.DB.prepare(
      "SELECT count(*) AS n FROM workspace_members m JOIN users u ON u.id = m.user_id AND u.is_deleted = 0 WHERE m.workspace_id = 'w-acme-hq'",
    ).first<{ n: number }>();
    expect(textOf(html)).toContain(`${hq!.n} members`);
    expect(textOf(html)).not.toContain("No workspaces available");
  });

  it("the organisation overview links the page for alice only", async () => {
    const alice = await (await appFetch("/organization/settings", { cookie: await sessionFor("alice@acme.test") })).text();
    expect(await attrs(alice, '[data-page="org-workspaces"]', "href")).toEqual([LIST]);
    const gina = await (await appFetch("/organization/settings", { cookie: await sessionFor("gina@globex.test") })).text();
    expect(await attrs(gina, '[data-page="org-workspaces"]', "href")).toEqual([]);
  });

  it("a channel page lists its members with links to their profiles", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const response = await appFetch(channelPath("w-acme-hq", "ch-acme-engineering"), { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(await texts(html, "h1")).toEqual(["#engineering"]);
    const members = await channelMembers("ch-acme-engineering");
    const engineering = await env.DB.prepare(
      "SELECT u.name FROM users u JOIN departments d ON d.id = u.department_id WHERE u.company_id = 'c-acme' AND d.name = 'Engineering' AND u.is_deleted = 0 ORDER BY u.name, u.id",
    ).all<{ name: string }>();
    expect(members.map((m) => m.name)).toEqual(engineering.results.map((r) => r.name));
    expect(await texts(html, "[data-member-name]")).toEqual(members.slice(0, 50).map((m) => m.name));
    expect(await attrs(html, "a[data-member-view]", "href")).toEqual(members.slice(0, 50).map((m) => `/organization/settings/users/${m.id}`));
    expect(textOf(html)).toContain("Acme HQ");
  });

  it("pages channel members 50 at a time", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const ids = Array.from({ length: 60 }, (_, i) => `u-chan-${String(i).padStart(2, "0")}`);
    await env.DB.prepare(
      `INSERT INTO users (id, company_id, name, email) VALUES ${ids.map((id) => `('${id}', 'c-acme', 'Zz ${id}', '${id}@acme.test')`).join(",")}`,
    ).run();
    await env.DB.prepare(
      `INSERT INTO channel_members (company_id, channel_id, user_id) VALUES ${ids.map((id) => `('c-acme', 'ch-acme-general', '${id}')`).join(",")}`,
    ).run();
    const members = await channelMembers("ch-acme-general");
    expect(members.length).toBeGreaterThan(50);
    const first = await (await appFetch(channelPath("w-acme-hq", "ch-acme-general"), { cookie })).text();
    expect(await texts(first, "[data-member-name]")).toEqual(members.slice(0, 50).map((m) => m.name));
    expect(await attrs(first, 'a[rel="next"]', "href")).toEqual([`${channelPath("w-acme-hq", "ch-acme-general")}?page=2`]);
    const html = await (await appFetch(`${channelPath("w-acme-hq", "ch-acme-general")}?page=2`, { cookie })).text();
    expect(await texts(html, "[data-member-name]")).toEqual(members.slice(50).map((m) => m.name));
    expect(textOf(html)).toContain("Page 2 of 2");
  });

  it("a channel of another workspace, an unknown id or another company's channel is a 404", async () => {
    const cookie = await sessionFor("alice@acme.test");
    expect((await appFetch(channelPath("w-acme-labs", "ch-acme-general"), { cookie })).status).toBe(404);
    expect((await appFetch(channelPath("w-acme-hq", "ch-nope"), { cookie })).status).toBe(404);
    expect((await appFetch(channelPath("w-initech-main", "ch-initech-general"), { cookie })).status).toBe(404);
    const globex = await env.DB.prepare("SELECT id FROM groups WHERE company_id = 'c-globex' LIMIT 1").first<{ id: string }>();
    expect((await appFetch(channelPath("w-acme-hq", globex!.id), { cookie })).status).toBe(404);
    expect((await appFetch(channelPath(globex!.id, "ch-acme-general"), { cookie })).status).toBe(404);
  });

  it("Teams-type super admins, Slack-type team admins and plain users are sent home", async () => {
    for (const email of ["gina@globex.test", "adam@acme.test", "sam@acme.test"]) {
      const cookie = await sessionFor(email);
      for (const path of [LIST, channelPath("w-acme-hq", "ch-acme-general")]) {
        const response = await appFetch(path, { cookie });
        expect(response.status, `${email} ${path}`).toBe(302);
        expect(response.headers.get("Location"), `${email} ${path}`).toBe("/");
      }
    }
  });
});
