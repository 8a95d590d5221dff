import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";

/**
 * A profile under a path is the profile of someone really in that relationship or group with the
 * viewer (app/modules/access/people.server.ts); anyone else is a 404 that carries none of the
 * person's data, whatever id is typed into the address.
 */

interface Someone {
  id: string;
  name: string;
  email: string;
  title: string | null;
}

async function person(id: string): Promise<Someone> {
  return (await env.DB.prepare("SELECT id, name, email, title FROM users WHERE id = ?").bind(id).first<Someone>())!;
}

async function get(email: string, path: string) {
  return appFetch(path, { cookie: await sessionFor(email) });
}

async function expectHidden(email: string, path: string, id: string) {
  const someone = await person(id);
  const response = await get(email, path);
  expect(response.status, `${email} ${path}`).toBe(404);
  const body = await response.text();
  expect(body, path).not.toContain(someone.email);
  expect(body, path).not.toContain(someone.name);
  if (someone.title) expect(body, path).not.toContain(someone.title);
}

async function expectShown(email: string, path: string, id: string) {
  const response = await get(email, path);
  expect(response.status, `${email} ${path}`).toBe(200);
  expect(await response.text(), path).toContain((await person(id)).name);
}

describe("profiles under My Team's default relationship", () => {
  it("an employee cannot read a colleague outside their team by typing the id", async () => {
    // Sam has no manager and no reports; Priya works with Eve in a custom relationship only.
    await expectHidden("eve@acme.test", "/my-team/default/users/u-acme-sam/feedback-insights", "u-acme-sam");
    await expectHidden("eve@acme.test", "/my-team/default/users/u-acme-priya/feedback", "u-acme-priya");
    await expectHidden("eve@acme.test", "/my-team/default/users/u-acme-alice/feedback", "u-acme-alice");
    await expectHidden("tina@globex.test", "/my-team/default/users/u-globex-gary/feedback", "u-globex-gary");
  });

  it("shows the viewer's manager, the people who share that manager, the viewer's reports and the viewer", async () => {
    await expectShown("eve@acme.test", "/my-team/default/users/u-acme-mona/feedback", "u-acme-mona");
    await expectShown("eve@acme.test", "/my-team/default/users/u-acme-ed/feedback", "u-acme-ed");
    await expectShown("mona@acme.test", "/my-team/default/users/u-acme-eve/feedback", "u-acme-eve");
    await expectShown("mona@acme.test", "/my-team/default/users/u-acme-alice/feedback", "u-acme-alice");
    await expectShown("mona@acme.test", "/my-team/default/users/u-acme-adam/feedback", "u-acme-adam");
    await expectShown("eve@acme.test", "/my-team/default/users/u-acme-eve/feedback", "u-acme-eve");
    await expectShown("tina@globex.test", "/my-team/default/users/u-globex-tom/feedback", "u-globex-tom");
  });

  it("a team admin has no right to other people's profiles; the Users permission does", async () => {
    await expectHidden("adam@acme.test", "/my-team/default/users/u-acme-sam/feedback", "u-acme-sam");
    await expectShown("alice@acme.test", "/my-team/default/users/u-acme-sam/feedback", "u-acme-sam");
    await expectShown("alice@acme.test", "/my-team/rel-acme-phoenix/users/u-acme-priya/feedback", "u-acme-priya");
  });
});

describe("profiles under a custom relationship", () => {
  it("needs both the viewer and the person in that relationship", async () => {
    // Sam is in Mentoring Circle, Eve is not; Sam is not in Project Phoenix, Eve is.
    await expectHidden("eve@acme.test", "/my-team/rel-acme-phoenix/users/u-acme-sam/feedback", "u-acme-sam");
    await expectHidden("eve@acme.test", "/my-team/rel-acme-mentoring/users/u-acme-sam/feedback", "u-acme-sam");
    await expectHidden("eve@acme.test", "/my-team/rel-acme-mentoring/users/u-acme-zara/feedback", "u-acme-zara");
  });

  it("shows a fellow member", async () => {
    await expectShown("eve@acme.test", "/my-team/rel-acme-phoenix/users/u-acme-priya/feedback", "u-acme-priya");
    await expectShown("sam@acme.test", "/my-team/rel-acme-mentoring/users/u-acme-zara/feedback", "u-acme-zara");
  });
});

describe("profiles under My Groups", () => {
  it("needs a group the viewer administers and the person in it", async () => {
    // Gary administers Engineering; Tina is in Sales; Gary is a plain member of People Ops.
    await expectHidden("gary@globex.test", "/my-groups/g-globex-engineering/users/u-globex-tina/feedback", "u-globex-tina");
    await expectHidden("gary@globex.test", "/my-groups/g-globex-sales/users/u-globex-tina/feedback", "u-globex-tina");
    await expectHidden("gary@globex.test", "/my-groups/g-globex-people/users/u-globex-gina/feedback", "u-globex-gina");
  });

  it("shows a member of the viewer's group", async () => {
    await expectShown("gary@globex.test", "/my-groups/g-globex-engineering/users/u-globex-ivy/feedback", "u-globex-ivy");
  });
});

describe("profiles under Organization › Users", () => {
  it("the route's own permission opens any person of the company", async () => {
    await expectShown("alice@acme.test", "/organization/settings/users/u-acme-sam/feedback", "u-acme-sam");
    const response = await get("eve@acme.test", "/organization/settings/users/u-acme-sam/feedback");
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("deactivated people", () => {
  it("leave the viewer's team and relationships, as on the members cards, but stay under Organization › Users", async () => {
    await env.DB.prepare("UPDATE users SET is_deleted = 1 WHERE id = 'u-acme-ed'").run();
    try {
      await expectHidden("eve@acme.test", "/my-team/default/users/u-acme-ed/feedback", "u-acme-ed");
      await expectHidden("eve@acme.test", "/my-team/rel-acme-phoenix/users/u-acme-ed/feedback", "u-acme-ed");
      await expectShown("alice@acme.test", "/organization/settings/users/u-acme-ed/feedback", "u-acme-ed");
    } finally {
      await env.DB.prepare("UPDATE users SET is_deleted = 0 WHERE id = 'u-acme-ed'").run();
    }
  });
});

describe("cost of the relationship rules", () => {
  it("finds the viewer's team, relationships and groups by index, never by reading a whole table", async () => {
    const { SQLiteAsyncDialect } = await import("drizzle-orm/sqlite-core");
    const { sql } = await import("drizzle-orm");
    const { maySeePerson } = await import("~/modules/access/people.server");
    const dialect = new SQLiteAsyncDialect();
    const viewer = { user: { id: "u-acme-eve" }, company: { id: "c-acme" }, permissions: [] } as never;
    for (const context of [
      { kind: "my-team" },
      { kind: "relationship", relationshipId: "rel-acme-phoenix" },
      { kind: "group", groupId: "g-globex-engineering" },
    ] as const) {
      const query = dialect.sqlToQuery(sql`SELECT ${maySeePerson(viewer, context, "u-acme-ed")} AS visible`);
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
        .bind(...query.params)
        .all<{ detail: string }>();
      const scans = results.map((r) => r.detail).filter((d) => /^SCAN (?!CONSTANT ROW)/.test(d));
      expect(scans, `${context.kind}: ${results.map((r) => r.detail).join(" | ")}`).toEqual([]);
    }
  });
});

describe("relationsTo: every relation to one person in one statement", () => {
  it("names self, manager, report, My Team, shared relationships and groups, and ViewUsers", async () => {
    const { createDb } = await import("~/db/client.server");
    const { relationsTo } = await import("~/modules/access/people.server");
    const db = createDb(env.DB);
    const as = (id: string, company: string, permissions: string[] = []) =>
      ({ user: { id }, company: { id: company }, permissions }) as never;
    const mona = as("u-acme-mona", "c-acme");
    expect(await relationsTo(db, mona, "u-acme-eve")).toMatchObject({ self: false, manager: true, report: false, myTeam: true });
    expect(await relationsTo(db, mona, "u-acme-alice")).toMatchObject({ manager: false, report: true, myTeam: true });
    expect(await relationsTo(db, as("u-acme-eve", "c-acme"), "u-acme-ed")).toMatchObject({
      manager: false,
      report: false,
      myTeam: true,
      relationshipIds: ["rel-acme-phoenix"],
      readsEveryone: false,
    });
    expect(await relationsTo(db, as("u-acme-eve", "c-acme"), "u-acme-sam")).toMatchObject({ myTeam: false, relationshipIds: [], groupIds: [] });
    expect(await relationsTo(db, as("u-acme-eve", "c-acme"), "u-acme-eve")).toMatchObject({ self: true, myTeam: false });
    const gary = await relationsTo(db, as("u-globex-gary", "c-globex"), "u-globex-ivy");
    expect(gary?.groupIds.sort()).toEqual(["g-globex-all", "g-globex-engineering"]);
    expect(await relationsTo(db, as("u-acme-alice", "c-acme", ["ViewUsers"]), "u-acme-sam")).toMatchObject({ readsEveryone: true, myTeam: false });
    expect(await relationsTo(db, mona, "u-globex-tina")).toBeNull();
  });
});
