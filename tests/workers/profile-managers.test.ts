import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { appFetch, postForm, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

// Managers on a profile's header (002 §2.6, §6 UpdateUserManagers, §7 create/remove-user-manager):
// GET ?dialog=managers opens the form server-side, POST intent=managers replaces the managers.

const EVE = "/organization/settings/users/u-acme-eve/feedback";

async function managersOf(userId: string) {
  const { results } = await env.DB.prepare("SELECT manager_id FROM user_managers WHERE user_id = ? ORDER BY manager_id")
    .bind(userId)
    .all<{ manager_id: string }>();
  return results.map((r) => r.manager_id);
}

async function setManagers(userId: string, managerIds: string[]) {
  const company = (await env.DB.prepare("SELECT company_id FROM users WHERE id = ?").bind(userId).first<{ company_id: string }>())!
    .company_id;
  await env.DB.batch([
    env.DB.prepare("DELETE FROM user_managers WHERE user_id = ?").bind(userId),
    ...managerIds.map((m) =>
      env.DB.prepare("INSERT INTO user_managers (company_id, user_id, manager_id, created_at) VALUES (?, ?, ?, 0)").bind(company, userId, m)
    ),
  ]);
}

function post(path: string, managerIds: string[], cookie: string) {
  const body = new URLSearchParams({ intent: "managers" });
  for (const id of managerIds) body.append("managerIds", id);
  return appFetch(path, { method: "POST", body, cookie });
}

afterEach(async () => {
  await setManagers("u-acme-eve", ["u-acme-mona"]);
});

describe("profile managers", () => {
  it("opens the managers form server-side for a holder of UpdateUserManagers, with the current managers ticked", async () => {
    const response = await appFetch(`${EVE}?dialog=managers`, {
      cookie: await sessionFor("alice@acme.test"),
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(await attrs(html, 'input[name="managerIds"][checked]', "value")).toEqual(["u-acme-mona"]);
    expect(html).toContain('value="managers"');
    expect(await texts(html, 'a[href$="?dialog=managers"]')).toEqual(["Edit managers"]);
  });

  it("offers no Edit managers control on one's own profile or without the gate", async () => {
    const own = await appFetch("/organization/settings/users/u-acme-alice/feedback?dialog=managers", {
      cookie: await sessionFor("alice@acme.test"),
    });
    const ownHtml = await own.text();
    expect(textOf(ownHtml)).not.toContain("Edit managers");
    expect(ownHtml).not.toContain('name="managerIds"');
    const mona = await appFetch("/my-team/default/users/u-acme-eve/feedback?dialog=managers", {
      cookie: await sessionFor("mona@acme.test"),
    });
    const monaHtml = await mona.text();
    expect(textOf(monaHtml)).not.toContain("Edit managers");
    expect(monaHtml).not.toContain('name="managerIds"');
  });

  it("adds and removes managers and redirects back to the profile with a toast", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const added = await post(`${EVE}?dialog=managers`, ["u-acme-mona", "u-acme-adam"], cookie);
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(EVE);
    expect(added.headers.get("Set-Cookie") ?? "").toContain("toast");
    expect(await managersOf("u-acme-eve")).toEqual(["u-acme-adam", "u-acme-mona"]);
    const removed = await post(EVE, ["u-acme-adam"], cookie);
    expect(removed.status).toBe(302);
    expect(await managersOf("u-acme-eve")).toEqual(["u-acme-adam"]);
    const none = await post(EVE, [], cookie);
    expect(none.status).toBe(302);
    expect(await managersOf("u-acme-eve")).toEqual([]);
  });

  it("redirects home without UpdateUserManagers and writes nothing", async () => {
    const response = await post("/my-team/default/users/u-acme-eve/feedback", ["u-acme-ed"], await sessionFor("mona@acme.test"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await managersOf("u-acme-eve")).toEqual(["u-acme-mona"]);
  });

  it("answers 404 for another company's person and for another company's manager writes nothing", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const foreign = await post("/organization/settings/users/u-globex-tina/feedback", ["u-acme-mona"], cookie);
    expect(foreign.status).toBe(404);
    expect(await managersOf("u-globex-tina")).toEqual(["u-globex-mike"]);
    const foreignManager = await post(EVE, ["u-globex-mike"], cookie);
    expect(foreignManager.status).toBe(400);
    expect(await managersOf("u-acme-eve")).toEqual(["u-acme-mona"]);
  });

  it("refuses the person as their own manager and writes nothing", async () => {
    const response = await post(`${EVE}?dialog=managers`, ["u-acme-mona", "u-acme-eve"], await sessionFor("alice@acme.test"));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("A person cannot be their own manager.");
    expect(await managersOf("u-acme-eve")).toEqual(["u-acme-mona"]);
  });

  it("refuses bad input (too many ids, a deactivated person, a managee as manager) and writes nothing", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const many = await post(
      EVE,
      Array.from({ length: 51 }, (_, i) => `u-acme-x${i}`),
      cookie
    );
    expect(many.status).toBe(400);
    const unknown = await post(EVE, ["u-acme-nobody"], cookie);
    expect(unknown.status).toBe(400);
    const cycle = await post("/organization/settings/users/u-acme-mona/feedback", ["u-acme-eve"], cookie);
    expect(cycle.status).toBe(400);
    expect(await managersOf("u-acme-eve")).toEqual(["u-acme-mona"]);
    expect(await managersOf("u-acme-mona")).toEqual(["u-acme-alice"]);
    const noIntent = await postForm(EVE, { managerIds: "u-acme-adam" }, cookie);
    expect(noIntent.status).toBe(400);
    expect(await managersOf("u-acme-eve")).toEqual(["u-acme-mona"]);
  });
});
