import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, cookieFrom, postForm, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

const USERS = "/organization/settings/users";

async function user(id: string) {
  return env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<{
    name: string;
    title: string | null;
    department_id: string | null;
    role_id: string | null;
    is_excluded: number;
    is_deleted: number;
  }>();
}

async function auditCount(action: string, entityId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM audit_events WHERE action = ? AND entity_id = ? AND company_id = 'c-acme'")
    .bind(action, entityId)
    .first<{ n: number }>();
  return row!.n;
}

async function managersOf(id: string) {
  const rows = await env.DB.prepare("SELECT manager_id FROM user_managers WHERE user_id = ? ORDER BY manager_id").bind(id).all<{ manager_id: string }>();
  return rows.results.map((r) => r.manager_id);
}

async function listPage(cookie: string, search = "") {
  const response = await appFetch(`${USERS}${search}`, { cookie });
  expect(response.status, search).toBe(200);
  return response.text();
}

const rowIds = (html: string) => attrs(html, "tbody tr", "data-user-id");

/** Every page of the list (25 rows each) for a query, following the Next links. */
async function allPages(cookie: string, search = "") {
  const pages: string[] = [];
  let next: string | undefined = `${USERS}${search}`;
  while (next && pages.length < 20) {
    const html = await listPage(cookie, next.slice(USERS.length));
    pages.push(html);
    next = (await attrs(html, 'a[rel="next"]', "href"))[0]?.replaceAll("&amp;", "&");
  }
  return pages;
}

async function allRowIds(cookie: string, search = "") {
  return (await Promise.all((await allPages(cookie, search)).map(rowIds))).flat();
}

/** POST an action, expect a redirect back with a toast, and return the toast text shown after it. */
async function act(cookie: string, fields: Record<string, string>) {
  const response = await postForm(USERS, { back: `${USERS}?q=&page=1`, ...fields }, cookie);
  expect(response.status, await response.clone().text()).toBe(302);
  expect(response.headers.get("Location")).toBe(`${USERS}?q=&page=1`);
  const landed = await appFetch(response.headers.get("Location")!, { cookie: `${cookie}; ${cookieFrom(response)}` });
  return texts(await landed.text(), '[role="status"] [data-toast-type="success"] p');
}

describe("Users list (002 §2.8)", () => {
  it("shows the viewer's company only, with status words and managee counts", async () => {
    await env.DB.batch([
      env.DB.prepare("UPDATE users SET is_excluded = 1 WHERE id = 'u-acme-rosa'"),
      env.DB.prepare("UPDATE users SET is_deleted = 1 WHERE id = 'u-acme-tariq'"),
    ]);
    const alice = await sessionFor("alice@acme.test");
    const pages = await allPages(alice);
    const html = pages.join("\n");
    const ids = await allRowIds(alice);
    const acme = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE company_id = 'c-acme'").first<{ n: number }>();
    expect(pages.length).toBe(Math.ceil(acme!.n / 25));
    expect(textOf(pages[0])).toContain(`${acme!.n} people`);
    expect(ids.length).toBe(acme!.n);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id.startsWith("u-acme-"))).toBe(true);
    expect(textOf(html)).not.toContain("@globex.test");
    expect(await texts(html, 'tr[data-user-id="u-acme-rosa"] .status-badge')).toEqual(["Inactive"]);
    expect(await texts(html, 'tr[data-user-id="u-acme-tariq"] .status-badge')).toEqual(["Deactivated"]);
    expect(await texts(html, 'tr[data-user-id="u-acme-eve"] .status-badge')).toEqual(["Active"]);
    // mona manages eve and ed; the name links to the organisation's user page
    const mona = await texts(html, 'tr[data-user-id="u-acme-mona"] td');
    expect(mona[5]).toBe("2");
    expect(await attrs(html, 'tr[data-user-id="u-acme-mona"] td a', "href")).toContain(`${USERS}/u-acme-mona`);
  });

  it("searches name, e-mail and title, filters by status, and shows the empty text", async () => {
    const alice = await sessionFor("alice@acme.test");
    expect(await rowIds(await listPage(alice, "?q=priya"))).toEqual(["u-acme-priya"]);
    expect(await rowIds(await listPage(alice, "?q=Recruiter"))).toEqual(["u-acme-jonas"]);
    expect(await rowIds(await listPage(alice, "?q=gina"))).toEqual([]); // Globex's
    expect(await rowIds(await listPage(alice, "?status=inactive"))).toEqual(["u-acme-rosa"]);
    const html = await listPage(alice, "?q=nobody-has-this");
    expect(textOf(html)).toContain("No User data available.");
  });

  it("sorts by e-mail both ways", async () => {
    const alice = await sessionFor("alice@acme.test");
    const emails = async (search: string) =>
      (await Promise.all((await allPages(alice, search)).map((html) => texts(html, "tbody tr td:nth-child(2)")))).flat();
    const asc = await emails("?sort=email&dir=asc");
    expect(asc.length).toBeGreaterThan(25); // across pages
    expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b)));
    expect(await emails("?sort=email&dir=desc")).toEqual([...asc].reverse());
  });

  it("gives each row one actions link, whose panel lists what can be done to that person", async () => {
    await env.DB.prepare("UPDATE users SET is_deleted = 1 WHERE id = 'u-acme-tariq'").run();
    const alice = await sessionFor("alice@acme.test");
    const list = await listPage(alice, "?q=sam");
    expect(await attrs(list, 'tr[data-user-id="u-acme-sam"] a[aria-label^="Actions for"]', "href")).toEqual([
      `${USERS}?q=sam&amp;dialog=actions&amp;user=u-acme-sam`.replaceAll("&amp;", "&"),
    ]);
    const panel = await listPage(alice, "?q=sam&dialog=actions&user=u-acme-sam");
    expect(await texts(panel, "#user-dialog-title")).toEqual([expect.stringMatching(/^Actions for Sam/)]);
    expect(await texts(panel, ".row-actions li")).toEqual(["Edit", "Managers", "Exclude", "Deactivate", "Remove"]);
    // The toggle is a real form posting to the list, the rest open their own step.
    expect(await attrs(panel, '.row-actions form input[name="intent"]', "value")).toEqual(["exclude"]);
    expect(await attrs(panel, ".row-actions a", "href")).toContain(`${USERS}?q=sam&dialog=remove&user=u-acme-sam`);
    // A deactivated person can only be edited; so can the viewer themselves.
    expect(await texts(await listPage(alice, "?dialog=actions&user=u-acme-tariq"), ".row-actions li")).toEqual(["Edit"]);
    expect(await texts(await listPage(alice, "?dialog=actions&user=u-acme-alice"), ".row-actions li")).toEqual(["Edit"]);
    await env.DB.prepare("UPDATE users SET is_deleted = 0 WHERE id = 'u-acme-tariq'").run();
  });

  it("removes duplicate e-mails, keeping the row with a Slack id, else the oldest", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO users (id, company_id, name, email, created_at) VALUES ('u-dup-eve', 'c-acme', 'Eve Copy', 'eve@acme.test', 1)",
      ),
      env.DB.prepare("INSERT INTO users (id, company_id, name, email, created_at) VALUES ('u-dup-old', 'c-acme', 'Dup Old', 'dup@acme.test', 10)"),
      env.DB.prepare("INSERT INTO users (id, company_id, name, email, created_at) VALUES ('u-dup-new', 'c-acme', 'Dup New', 'dup@acme.test', 20)"),
    ]);
    const alice = await sessionFor("alice@acme.test");
    expect(await rowIds(await listPage(alice, "?q=eve%40acme"))).toEqual(["u-acme-eve"]);
    expect(await rowIds(await listPage(alice, "?q=dup%40acme"))).toEqual(["u-dup-old"]);
    await env.DB.prepare("DELETE FROM users WHERE id LIKE 'u-dup-%'").run();
  });

  it("pages 25 at a time", async () => {
    const extra = Array.from({ length: 40 }, (_, i) =>
      env.DB.prepare("INSERT INTO users (id, company_id, name, email) VALUES (?, 'c-acme', ?, ?)").bind(
        `u-extra-${i}`,
        `Zz Extra ${String(i).padStart(2, "0")}`,
        `extra${i}@acme.test`,
      ),
    );
    await env.DB.batch(extra);
    const total = (await env.DB.prepare("SELECT count(*) AS n FROM users WHERE company_id = 'c-acme'").first<{ n: number }>())!.n;
    const alice = await sessionFor("alice@acme.test");
    const first = await listPage(alice);
    expect((await rowIds(first)).length).toBe(25);
    expect(textOf(first)).toContain(`Page 1 of ${Math.ceil(total / 25)}`);
    expect(await attrs(first, 'a[rel="next"]', "href")).toEqual([`${USERS}?page=2`]);
    const last = await listPage(alice, `?page=${Math.ceil(total / 25)}`);
    const ids = await rowIds(last);
    expect(ids.length).toBe(total - 25 * (Math.ceil(total / 25) - 1));
    expect(ids).toContain("u-extra-39"); // "Zz …" sorts last by name
    await env.DB.prepare("DELETE FROM users WHERE id LIKE 'u-extra-%'").run();
  });

  it("is refused to a team admin (ViewUsers is super admin only)", async () => {
    const adam = await sessionFor("adam@acme.test");
    const page = await appFetch(USERS, { cookie: adam });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/");
    const post = await postForm(USERS, { intent: "exclude", userId: "u-acme-sam" }, adam);
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/");
    expect((await user("u-acme-sam"))!.is_excluded).toBe(0);
  });
});

describe("Users row actions", () => {
  it("excludes and includes a person, with audit rows and toasts", async () => {
    const alice = await sessionFor("alice@acme.test");
    const name = (await user("u-acme-sam"))!.name;
    expect(await act(alice, { intent: "exclude", userId: "u-acme-sam" })).toEqual([`${name} is now inactive.`]);
    expect((await user("u-acme-sam"))!.is_excluded).toBe(1);
    expect(await auditCount("user.excluded", "u-acme-sam")).toBe(1);
    expect(await act(alice, { intent: "include", userId: "u-acme-sam" })).toEqual([`${name} is active again.`]);
    expect((await user("u-acme-sam"))!.is_excluded).toBe(0);
    expect(await auditCount("user.included", "u-acme-sam")).toBe(1);
  });

  it("deactivates a person after a confirmation step and signs them out", async () => {
    const alice = await sessionFor("alice@acme.test");
    await sessionFor("ed@acme.test");
    const confirm = await listPage(alice, "?dialog=deactivate&user=u-acme-ed");
    const name = (await user("u-acme-ed"))!.name;
    expect(textOf(confirm)).toContain(`Deactivate ${name}?`);
    expect(await attrs(confirm, 'form[method="post"] input[name="intent"]', "value")).toContain("deactivate");
    expect(await act(alice, { intent: "deactivate", userId: "u-acme-ed" })).toEqual([`${name} was deactivated.`]);
    const ed = (await user("u-acme-ed"))!;
    expect(ed.is_deleted).toBe(1);
    expect(await managersOf("u-acme-ed")).toEqual(["u-acme-mona"]); // deactivate keeps links
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = 'u-acme-ed'").first<{ n: number }>();
    expect(sessions!.n).toBe(0);
    expect(await auditCount("user.deactivated", "u-acme-ed")).toBe(1);
  });

  it("removes a person: deleted, manager links and memberships gone", async () => {
    const alice = await sessionFor("alice@acme.test");
    const name = (await user("u-acme-kenji"))!.name;
    expect(await managersOf("u-acme-kenji")).toEqual(["u-acme-olivia"]);
    expect(await act(alice, { intent: "remove", userId: "u-acme-kenji" })).toEqual([`${name} was removed from the organisation.`]);
    expect((await user("u-acme-kenji"))!.is_deleted).toBe(1);
    expect(await managersOf("u-acme-kenji")).toEqual([]);
    const members = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM channel_members WHERE user_id = 'u-acme-kenji') + (SELECT count(*) FROM workspace_members WHERE user_id = 'u-acme-kenji') AS n",
    ).first<{ n: number }>();
    expect(members!.n).toBe(0);
    expect(await auditCount("user.removed", "u-acme-kenji")).toBe(1);
  });

  it("edits name, title, department and role", async () => {
    const alice = await sessionFor("alice@acme.test");
    const toast = await act(alice, {
      intent: "edit",
      userId: "u-acme-leo",
      name: "Leo Renamed",
      title: "Support Lead",
      departmentId: "d-acme-engineering",
      roleId: "r-acme-director",
    });
    expect(toast).toEqual(["Leo Renamed was updated."]);
    expect(await user("u-acme-leo")).toMatchObject({ name: "Leo Renamed", title: "Support Lead", department_id: "d-acme-engineering", role_id: "r-acme-director" });
    expect(await auditCount("user.edited", "u-acme-leo")).toBe(1);
  });

  it("refuses an empty name with 'This is a required field.' and writes nothing", async () => {
    const alice = await sessionFor("alice@acme.test");
    const before = await user("u-acme-maya");
    const response = await postForm(`${USERS}?dialog=edit&user=u-acme-maya`, { intent: "edit", userId: "u-acme-maya", name: "  ", title: "X" }, alice);
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain("This is a required field.");
    expect(await user("u-acme-maya")).toEqual(before);
    expect(await auditCount("user.edited", "u-acme-maya")).toBe(0);
  });

  it("refuses another company's department as a field error", async () => {
    const alice = await sessionFor("alice@acme.test");
    const before = await user("u-acme-maya");
    const response = await postForm(
      `${USERS}?dialog=edit&user=u-acme-maya`,
      { intent: "edit", userId: "u-acme-maya", name: "Maya", departmentId: "d-globex-engineering" },
      alice,
    );
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain("Choose a department of this organisation.");
    expect(await user("u-acme-maya")).toEqual(before);
  });

  it("answers 404 for another company's person", async () => {
    const alice = await sessionFor("alice@acme.test");
    for (const intent of ["exclude", "deactivate", "remove"]) {
      const response = await postForm(USERS, { intent, userId: "u-globex-tina" }, alice);
      expect(response.status, intent).toBe(404);
    }
    expect(await user("u-globex-tina")).toMatchObject({ is_excluded: 0, is_deleted: 0 });
    expect((await appFetch(`${USERS}?dialog=edit&user=u-globex-tina`, { cookie: alice })).status).toBe(404);
  });

  it("keeps the last active super admin, and refuses a super admin acting on themselves", async () => {
    const alice = await sessionFor("alice@acme.test");
    for (const intent of ["deactivate", "remove"]) {
      const response = await postForm(USERS, { intent, userId: "u-acme-alice" }, alice);
      expect(response.status, intent).toBe(400);
      expect(textOf(await response.text())).toContain("The last active super admin cannot be deactivated or removed.");
    }
    const exclude = await postForm(USERS, { intent: "exclude", userId: "u-acme-alice" }, alice);
    expect(exclude.status).toBe(400);
    expect(textOf(await exclude.text())).toContain("You cannot mark yourself inactive.");
    expect(await user("u-acme-alice")).toMatchObject({ is_excluded: 0, is_deleted: 0 });
    // With a second super admin, alice still cannot deactivate herself.
    await env.DB.prepare("UPDATE users SET is_super_admin = 1 WHERE id = 'u-acme-iris'").run();
    const self = await postForm(USERS, { intent: "deactivate", userId: "u-acme-alice" }, alice);
    expect(self.status).toBe(400);
    expect(textOf(await self.text())).toContain("You cannot deactivate yourself.");
    expect((await user("u-acme-alice"))!.is_deleted).toBe(0);
    await env.DB.prepare("UPDATE users SET is_super_admin = 0 WHERE id = 'u-acme-iris'").run();
  });
});

describe("Update managers", () => {
  it("replaces someone's managers in one go", async () => {
    const alice = await sessionFor("alice@acme.test");
    const form = await listPage(alice, "?dialog=managers&user=u-acme-sam");
    expect(await attrs(form, 'input[name="managerIds"]', "value")).not.toContain("u-acme-sam");
    // The current managers come first, ticked; then other active people to tick.
    const eve = await listPage(alice, "?dialog=managers&user=u-acme-eve");
    const offered = await attrs(eve, 'input[name="managerIds"]', "value");
    expect(offered[0]).toBe("u-acme-mona");
    expect(await attrs(eve, 'input[name="managerIds"][checked]', "value")).toEqual(["u-acme-mona"]);
    expect(offered).toHaveLength(21); // mona, then 20 others: Acme has more than 20 active people
    const body = new URLSearchParams([
      ["intent", "managers"],
      ["userId", "u-acme-sam"],
      ["back", USERS],
      ["managerIds", "u-acme-mona"],
      ["managerIds", "u-acme-adam"],
    ]);
    const response = await appFetch(USERS, { method: "POST", body, cookie: alice });
    expect(response.status).toBe(302);
    expect(await managersOf("u-acme-sam")).toEqual(["u-acme-adam", "u-acme-mona"]);
    expect(await auditCount("user.managers_updated", "u-acme-sam")).toBe(1);
  });

  it("refuses self and a direct cycle, changing nothing", async () => {
    const alice = await sessionFor("alice@acme.test");
    const self = await postForm(USERS, { intent: "managers", userId: "u-acme-grace", managerIds: "u-acme-grace" }, alice);
    expect(self.status).toBe(400);
    expect(textOf(await self.text())).toContain("A person cannot be their own manager.");
    expect(await managersOf("u-acme-grace")).toEqual(["u-acme-felix"]);
    // eve is managed by mona, so eve cannot manage mona
    const cycle = await postForm(USERS, { intent: "managers", userId: "u-acme-mona", managerIds: "u-acme-eve" }, alice);
    expect(cycle.status).toBe(400);
    expect(textOf(await cycle.text())).toContain("is managed by this person and cannot also be their manager.");
    expect(await managersOf("u-acme-mona")).toEqual(["u-acme-alice"]);
    // another company's person is not a candidate
    const foreign = await postForm(USERS, { intent: "managers", userId: "u-acme-grace", managerIds: "u-globex-gina" }, alice);
    expect(foreign.status).toBe(400);
    expect(await managersOf("u-acme-grace")).toEqual(["u-acme-felix"]);
  });
});

describe("Organization settings overview", () => {
  it("links the settings pages the viewer may open", async () => {
    const alice = await appFetch("/organization/settings", { cookie: await sessionFor("alice@acme.test") });
    expect(alice.status).toBe(200);
    const links = await attrs(await alice.text(), "a[data-page]", "href");
    expect(links).toContain(USERS);
    expect(links).toContain("/organization/settings/departments");
    expect(links).not.toContain("/organization/settings/groups"); // Groups are Teams-type only
    const gina = await appFetch("/organization/settings", { cookie: await sessionFor("gina@globex.test") });
    expect(await attrs(await gina.text(), "a[data-page]", "href")).toContain("/organization/settings/groups");
    const adam = await appFetch("/organization/settings", { cookie: await sessionFor("adam@acme.test") });
    expect(adam.status).toBe(302);
    expect(adam.headers.get("Location")).toBe("/");
  });
});

describe("Users list at 5,000 people", () => {
  it("pages, searches and sorts Initech quickly", async () => {
    const { largeSeed, seedStatements } = await import("~/db/seed/demo");
    const statements = seedStatements(largeSeed()).map((sql) => env.DB.prepare(sql));
    for (let i = 0; i < statements.length; i += 500) await env.DB.batch(statements.slice(i, i + 500));
    const admin = await env.DB.prepare("SELECT email FROM users WHERE company_id = 'c-initech' AND is_super_admin = 1 AND is_deleted = 0 LIMIT 1").first<{
      email: string;
    }>();
    const cookie = await sessionFor(admin!.email);
    for (const search of ["", "?page=100", "?sort=department&dir=desc&page=40", "?sort=status&q=engineer"]) {
      const started = Date.now();
      const html = await listPage(cookie, search);
      const elapsed = Date.now() - started;
      expect(elapsed, search).toBeLessThan(1500);
      expect((await rowIds(html)).every((id) => id.startsWith("u-initech-")), search).toBe(true);
    }
    const first = await listPage(cookie);
    expect((await rowIds(first)).length).toBe(25);
    expect(textOf(first)).toMatch(/Page 1 of \d{3}/);

    // The managers dialog offers 20 people at a time and a search, not a 5,000-option list.
    const target = (await rowIds(first))[3];
    const current = (await env.DB.prepare("SELECT manager_id AS id FROM user_managers WHERE user_id = ?").bind(target).all<{ id: string }>()).results.map((r) => r.id);
    const dialog = await listPage(cookie, `?dialog=managers&user=${target}`);
    expect(dialog.length).toBeLessThan(80_000);
    expect((await attrs(dialog, 'input[name="managerIds"][checked]', "value")).sort()).toEqual(current.sort());
    expect((await attrs(dialog, 'input[name="managerIds"]', "value")).length).toBe(current.length + 20);
    expect(textOf(dialog)).toContain("Showing the first 20 people; search to find others.");
    const someone = await env.DB.prepare("SELECT id, email FROM users WHERE company_id = 'c-initech' AND is_deleted = 0 AND is_excluded = 0 AND id <> ? ORDER BY id DESC LIMIT 1")
      .bind(target)
      .first<{ id: string; email: string }>();
    const found = await listPage(cookie, `?dialog=managers&user=${target}&mq=${encodeURIComponent(someone!.email)}`);
    expect(await attrs(found, 'input[name="managerIds"]:not([checked])', "value")).toEqual([someone!.id]);
    // Search is the same form sent as a GET: it keeps the list's place, the dialog and the ticks.
    expect(await attrs(found, 'button[formmethod="get"]', "formaction")).toEqual([USERS]);
    expect(await attrs(found, 'input[name="dialog"]', "value")).toEqual(["managers"]);
    const kept = await listPage(
      cookie,
      `?dialog=managers&user=${target}&mq=${encodeURIComponent(someone!.email)}&managerIds=${someone!.id}&managerIds=u-acme-alice`,
    );
    // The ticked person stays ticked after the search; another company's id is dropped.
    expect(await attrs(kept, 'input[name="managerIds"][checked]', "value")).toEqual([someone!.id]);
  }, 120_000);
});
