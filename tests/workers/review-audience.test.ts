import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { largeSeed, seedStatements, userId } from "~/db/seed/demo";
import { audienceMembers, autoSuggest } from "~/modules/reviews/audience.server";

const db = createDb(env.DB);
const acme = (local: string) => userId("acme", local);
const globex = (local: string) => userId("globex", local);

async function seededIds(sql: string, ...binds: string[]) {
  const { results } = await env.DB.prepare(sql)
    .bind(...binds)
    .all<{ id: string }>();
  return results.map((r) => r.id).sort();
}

describe("audienceMembers (000 §2 launch review audience)", () => {
  it("lists the active people of a Slack-type workspace by name, with their managers", async () => {
    const members = await audienceMembers(db, "c-acme", { workspaceId: "w-acme-hq", groupId: null });
    expect(members.map((m) => m.id).sort()).toEqual(await seededIds("SELECT id FROM users WHERE company_id = 'c-acme'"));
    const names = members.map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(members.find((m) => m.id === acme("eve"))).toEqual({
      id: acme("eve"),
      name: expect.any(String),
      email: "eve@acme.test",
      title: "Product Manager",
      departmentId: "d-acme-product",
      managerIds: [acme("mona")],
    });
    expect(members.find((m) => m.id === acme("alice"))?.managerIds).toEqual([]);
  });

  it("takes only the chosen workspace's people, and narrows to the chosen departments", async () => {
    const labs = await audienceMembers(db, "c-acme", { workspaceId: "w-acme-labs", groupId: null });
    expect(labs.map((m) => m.id).sort()).toEqual(
      await seededIds(
        "SELECT id FROM users WHERE company_id = 'c-acme' AND (department_id IN ('d-acme-engineering', 'd-acme-product') OR id = ?)",
        acme("alice")
      )
    );
    const engineering = await audienceMembers(db, "c-acme", { workspaceId: "w-acme-hq", groupId: null }, ["d-acme-engineering"]);
    expect(engineering.length).toBeGreaterThan(0);
    expect(new Set(engineering.map((m) => m.departmentId))).toEqual(new Set(["d-acme-engineering"]));
    const two = await audienceMembers(db, "c-acme", { workspaceId: "w-acme-hq", groupId: null }, ["d-acme-sales", "d-acme-finance"]);
    expect(two.map((m) => m.id).sort()).toEqual(
      await seededIds("SELECT id FROM users WHERE company_id = 'c-acme' AND department_id IN ('d-acme-sales', 'd-acme-finance')")
    );
    // An empty filter means everyone.
    expect(await audienceMembers(db, "c-acme", { workspaceId: "w-acme-labs", groupId: null }, [])).toEqual(labs);
  });

  it("lists a Teams-type group's people, with and without a department filter", async () => {
    const people = await audienceMembers(db, "c-globex", { workspaceId: null, groupId: "g-globex-people" });
    expect(people.map((m) => m.id).sort()).toEqual(
      await seededIds(
        "SELECT id FROM users WHERE company_id = 'c-globex' AND (department_id = 'd-globex-people' OR id = ?)",
        globex("gary")
      )
    );
    expect(people.find((m) => m.id === globex("yara"))?.managerIds).toEqual([globex("xavier")]);
    const engineersOnly = await audienceMembers(db, "c-globex", { workspaceId: null, groupId: "g-globex-people" }, [
      "d-globex-engineering",
    ]);
    expect(engineersOnly.map((m) => m.id)).toEqual([globex("gary")]);
  });

  it("never returns another company's people, memberships or manager links", async () => {
    expect(await audienceMembers(db, "c-acme", { workspaceId: null, groupId: "g-globex-all" })).toEqual([]);
    expect(await audienceMembers(db, "c-globex", { workspaceId: "w-acme-hq", groupId: null })).toEqual([]);
    expect(await audienceMembers(db, "c-acme", { workspaceId: null, groupId: null })).toEqual([]);
    // Rows that point across companies (a corrupt import) are ignored as well.
    await env.DB.batch([
      env.DB.prepare("INSERT INTO workspace_members (company_id, workspace_id, user_id) VALUES ('c-acme', 'w-acme-hq', ?)").bind(
        globex("gina")
      ),
      env.DB.prepare("INSERT INTO user_managers (company_id, user_id, manager_id) VALUES ('c-globex', ?, ?)").bind(
        acme("sam"),
        globex("gina")
      ),
    ]);
    try {
      const members = await audienceMembers(db, "c-acme", { workspaceId: "w-acme-hq", groupId: null });
      expect(members.some((m) => m.id === globex("gina"))).toBe(false);
      expect(members.find((m) => m.id === acme("sam"))?.managerIds).toEqual([]);
    } finally {
      await env.DB.batch([
        env.DB.prepare("DELETE FROM workspace_members WHERE user_id = ?").bind(globex("gina")),
        env.DB.prepare("DELETE FROM user_managers WHERE user_id = ?").bind(acme("sam")),
      ]);
    }
  });

  it("leaves out excluded and deactivated people", async () => {
    await env.DB.prepare("UPDATE users SET is_excluded = 1 WHERE id = ?").bind(globex("tina")).run();
    await env.DB.prepare("UPDATE users SET is_deleted = 1 WHERE id = ?").bind(globex("tom")).run();
    try {
      const sales = await audienceMembers(db, "c-globex", { workspaceId: null, groupId: "g-globex-sales" });
      expect(sales.map((m) => m.id)).not.toContain(globex("tina"));
      expect(sales.map((m) => m.id)).not.toContain(globex("tom"));
      expect(sales.map((m) => m.id)).toContain(globex("mike"));
    } finally {
      await env.DB.prepare("UPDATE users SET is_excluded = 0, is_deleted = 0 WHERE id IN (?, ?)").bind(globex("tina"), globex("tom")).run();
    }
  });

  it("reads a 5,000-person workspace in one statement, and suggests for all of it", async () => {
    await env.DB.batch(seedStatements(largeSeed()).map((sql) => env.DB.prepare(sql)));
    const started = performance.now();
    const members = await audienceMembers(db, "c-initech", { workspaceId: "w-initech-main", groupId: null });
    const elapsed = performance.now() - started;
    const active = await env.DB.prepare(
      "SELECT count(*) AS n FROM users WHERE company_id = 'c-initech' AND is_deleted = 0 AND is_excluded = 0"
    ).first<{
      n: number;
    }>();
    expect(members).toHaveLength(active!.n);
    expect(members.length).toBeGreaterThan(4800);
    const inChannel = new Set(members.map((m) => m.id));
    const suggestStarted = performance.now();
    const pairs = autoSuggest(members, inChannel);
    console.log(
      `audienceMembers: ${members.length} people in ${elapsed.toFixed(1)} ms; autoSuggest: ${pairs.length} pairs in ${(
        performance.now() - suggestStarted
      ).toFixed(1)} ms`
    );
    const departmentOne = await audienceMembers(db, "c-initech", { workspaceId: "w-initech-main", groupId: null }, ["d-initech-people-1"]);
    expect(departmentOne.length).toBeGreaterThan(0);
    expect(departmentOne.every((m) => m.departmentId === "d-initech-people-1")).toBe(true);
  });
});
