import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, postForm, sessionFor } from "./helpers";
import { texts, textOf } from "./shell-html";

const LIST = "/organization/settings/groups";
const ENG = `${LIST}/g-globex-engineering`;

async function membership(groupId: string) {
  const { results } = await env.DB.prepare("SELECT user_id, is_admin FROM group_members WHERE group_id = ? ORDER BY user_id")
    .bind(groupId)
    .all<{ user_id: string; is_admin: number }>();
  return results;
}

async function auditCount(action: string) {
  return (await env.DB.prepare("SELECT count(*) AS n FROM audit_events WHERE action = ?").bind(action).first<{ n: number }>())!.n;
}

describe("groups (002 §2.8, §3, §5)", () => {
  it("gina lists every group of Globex with channel, member and admin counts", async () => {
    const cookie = await sessionFor("gina@globex.test");
    const response = await appFetch(LIST, { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    const { results } = await env.DB.prepare(
      `SELECT g.name, g.channel_name, count(m.user_id) AS n, coalesce(sum(m.is_admin), 0) AS a
       FROM groups g LEFT JOIN group_members m ON m.group_id = g.id WHERE g.company_id = 'c-globex' GROUP BY g.id ORDER BY g.name`,
    ).all<{ name: string; channel_name: string; n: number; a: number }>();
    expect(await texts(html, 'table[aria-label="Groups"] tbody tr')).toEqual(results.map((r) => `${r.name}${r.channel_name}${r.n}${r.a}`));
  });

  it("the detail page shows members and admins; another company's or an unknown group is a 404", async () => {
    const cookie = await sessionFor("gina@globex.test");
    const html = await (await appFetch(ENG, { cookie })).text();
    const rows = await membership("g-globex-engineering");
    expect((await texts(html, "[data-member-name]")).length).toBe(Math.min(rows.length, 50));
    expect((await texts(html, "[data-admins] li")).length).toBe(rows.filter((r) => r.is_admin).length);
    expect(await texts(html, "h1")).toEqual(["Engineering"]);
    expect((await appFetch(`${LIST}/g-nope`, { cookie })).status).toBe(404);
    const acme = await sessionFor("alice@acme.test");
    expect((await appFetch(ENG, { cookie: acme })).status).toBe(302);
  });

  it("adds a member by e-mail, makes and unmakes an admin, removes the member (audit rows)", async () => {
    const cookie = await sessionFor("gina@globex.test");
    const tina = "u-globex-tina";
    expect((await membership("g-globex-engineering")).some((r) => r.user_id === tina)).toBe(false);
    expect((await postForm(ENG, { intent: "add-member", email: "TINA@globex.test" }, cookie)).status).toBe(302);
    expect((await membership("g-globex-engineering")).find((r) => r.user_id === tina)).toEqual({ user_id: tina, is_admin: 0 });
    const again = await postForm(ENG, { intent: "add-member", email: "tina@globex.test" }, cookie);
    expect(again.status).toBe(400);
    expect(await texts(await again.text(), "[data-group-error]")).toEqual(["This person is already a member of the group."]);
    expect((await postForm(ENG, { intent: "make-admin", userId: tina }, cookie)).status).toBe(302);
    expect((await membership("g-globex-engineering")).find((r) => r.user_id === tina)?.is_admin).toBe(1);
    expect((await postForm(ENG, { intent: "unmake-admin", userId: tina }, cookie)).status).toBe(302);
    expect((await postForm(ENG, { intent: "remove-member", userId: tina }, cookie)).status).toBe(302);
    expect((await membership("g-globex-engineering")).some((r) => r.user_id === tina)).toBe(false);
    for (const action of ["group.member_added", "group.admin_added", "group.admin_removed", "group.member_removed"]) expect(await auditCount(action), action).toBe(1);
  });

  it("refuses an admin who is not a member, the last admin, and the last member", async () => {
    const cookie = await sessionFor("gina@globex.test");
    const before = await membership("g-globex-engineering");
    const outsider = await postForm(ENG, { intent: "make-admin", userId: "u-globex-tina" }, cookie);
    expect(outsider.status).toBe(400);
    expect(textOf(await outsider.text())).toContain("Admins must be members of the group.");

    const admins = before.filter((r) => r.is_admin);
    expect(admins.map((a) => a.user_id)).toEqual(["u-globex-gary"]);
    for (const intent of ["unmake-admin", "remove-member"]) {
      const response = await postForm(ENG, { intent, userId: "u-globex-gary" }, cookie);
      expect(response.status, intent).toBe(400);
      expect(textOf(await response.text())).toContain("A group needs at least one admin.");
    }
    expect(await membership("g-globex-engineering")).toEqual(before);

    // A one-person group: its only member cannot be removed.
    await env.DB.batch([
      env.DB.prepare("INSERT INTO groups (id, company_id, name, created_at) VALUES ('g-solo', 'c-globex', 'Solo', 0)"),
      env.DB.prepare("INSERT INTO group_members (company_id, group_id, user_id, is_admin) VALUES ('c-globex', 'g-solo', 'u-globex-mike', 0)"),
    ]);
    const solo = await postForm(`${LIST}/g-solo`, { intent: "remove-member", userId: "u-globex-mike" }, cookie);
    expect(solo.status).toBe(400);
    expect(textOf(await solo.text())).toContain("A group needs at least one member.");
    expect((await membership("g-solo")).length).toBe(1);
  });

  it("bad input: an empty e-mail is 'This is a required field.'; an unknown person is refused", async () => {
    const cookie = await sessionFor("gina@globex.test");
    const before = await membership("g-globex-engineering");
    const empty = await postForm(ENG, { intent: "add-member", email: "" }, cookie);
    expect(empty.status).toBe(400);
    expect(await texts(await empty.text(), "[data-field-error]")).toEqual(["This is a required field."]);
    const acmePerson = await postForm(ENG, { intent: "add-member", email: "eve@acme.test" }, cookie);
    expect(acmePerson.status).toBe(400);
    expect(await membership("g-globex-engineering")).toEqual(before);
  });

  it("people without ViewGroups are sent home (Slack-type super admin, Teams-type group admin)", async () => {
    for (const email of ["alice@acme.test", "gary@globex.test"]) {
      const cookie = await sessionFor(email);
      for (const response of [await appFetch(LIST, { cookie }), await postForm(ENG, { intent: "remove-member", userId: "u-globex-hank" }, cookie)]) {
        expect(response.status, email).toBe(302);
        expect(response.headers.get("Location"), email).toBe("/");
      }
    }
    expect((await membership("g-globex-engineering")).some((r) => r.user_id === "u-globex-hank")).toBe(true);
  });
});
