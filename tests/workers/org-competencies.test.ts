import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, postForm, sessionFor } from "./helpers";
import { texts, textOf } from "./shell-html";

const PATH = "/organization/settings/competencies";

async function behavioursOf(competencyId: string) {
  const { results } = await env.DB.prepare("SELECT id, name FROM behaviours WHERE competency_id = ? ORDER BY position").bind(competencyId).all<{ id: string; name: string }>();
  return results;
}

async function competencyCount(companyId = "c-acme") {
  return (await env.DB.prepare("SELECT count(*) AS n FROM competencies WHERE company_id = ?").bind(companyId).first<{ n: number }>())!.n;
}

async function auditCount(action: string) {
  return (await env.DB.prepare("SELECT count(*) AS n FROM audit_events WHERE action = ?").bind(action).first<{ n: number }>())!.n;
}

describe("competencies (002 §2.8, §5, §7)", () => {
  it("lists the company's competencies with their behaviours", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const response = await appFetch(PATH, { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    const { results } = await env.DB.prepare("SELECT name FROM competencies WHERE company_id = 'c-acme' ORDER BY name").all<{ name: string }>();
    expect(await texts(html, 'ul[aria-label="Competencies"] h2')).toEqual(results.map((r) => r.name));
    const first = await behavioursOf("k-acme-communication");
    expect(first.length).toBeGreaterThan(0);
    const { name } = (await env.DB.prepare("SELECT name FROM competencies WHERE id = 'k-acme-communication'").first<{ name: string }>())!;
    expect(await texts(html, `ul[aria-label="Behaviours of ${name}"] li`)).toEqual(first.map((b) => b.name));
    expect(textOf(html)).not.toContain("Globex");
  });

  it("creates a competency: blank behaviour lines dropped, audit row written", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const before = await competencyCount();
    const response = await postForm(PATH, { intent: "create", name: "  Stewardship ", description: "Takes charge", behaviours: "Follows through\n\n  \nRaises risks early\n" }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PATH);
    expect(await competencyCount()).toBe(before + 1);
    const row = await env.DB.prepare("SELECT id, description FROM competencies WHERE company_id = 'c-acme' AND name = 'Stewardship'").first<{ id: string; description: string }>();
    expect(row?.description).toBe("Takes charge");
    expect((await behavioursOf(row!.id)).map((b) => b.name)).toEqual(["Follows through", "Raises risks early"]);
    expect(await auditCount("competency.created")).toBe(1);
    const html = await (await appFetch(PATH, { cookie })).text();
    expect(await texts(html, 'ul[aria-label="Behaviours of Stewardship"] li')).toEqual(["Follows through", "Raises risks early"]);
  });

  it("an empty name is refused with 'This is a required field.' and nothing is written", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const before = await competencyCount();
    const response = await postForm(PATH, { intent: "create", name: "   ", behaviours: "x" }, cookie);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(await texts(html, "[data-field-error]")).toEqual(["This is a required field."]);
    expect(await competencyCount()).toBe(before);
  });

  it("a refused edit re-shows that competency's form with the error and changes nothing", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const { id, name } = (await env.DB.prepare("SELECT id, name FROM competencies WHERE company_id = 'c-acme' ORDER BY name LIMIT 1").first<{ id: string; name: string }>())!;
    const response = await postForm(PATH, { intent: "update", id, name: "", behaviours: "Only one" }, cookie);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(await texts(html, "#competency-form-title")).toEqual([`Edit ${name}`]);
    expect(await texts(html, "[data-field-error]")).toEqual(["This is a required field."]);
    expect((await env.DB.prepare("SELECT name FROM competencies WHERE id = ?").bind(id).first<{ name: string }>())!.name).toBe(name);
  });

  it("edits a competency keeping the ids of behaviours whose names stay", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const id = "k-acme-communication";
    const old = await behavioursOf(id);
    expect(old.length).toBeGreaterThanOrEqual(2);
    const form = await appFetch(`${PATH}?edit=${id}`, { cookie });
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toContain(old[0].name);
    const response = await postForm(PATH, { intent: "update", id, name: "Clear communication", description: "", behaviours: `Brand new\n${old[1].name}\n${old[0].name}` }, cookie);
    expect(response.status).toBe(302);
    const now = await behavioursOf(id);
    expect(now.map((b) => b.name)).toEqual(["Brand new", old[1].name, old[0].name]);
    expect(now[1].id).toBe(old[1].id);
    expect(now[2].id).toBe(old[0].id);
    for (const gone of old.slice(2)) expect(now.some((b) => b.id === gone.id)).toBe(false);
    const row = await env.DB.prepare("SELECT name, description FROM competencies WHERE id = ?").bind(id).first<{ name: string; description: string | null }>();
    expect(row).toEqual({ name: "Clear communication", description: null });
    expect(await auditCount("competency.updated")).toBe(1);
  });

  it("removal: the initial check reports usage and deletes nothing; the confirmed call deletes competency and behaviours", async () => {
    const cookie = await sessionFor("alice@acme.test");
    // One no seeded questionnaire uses (the demo questionnaires pick some competencies).
    const { id } = (await env.DB.prepare(
      "SELECT id FROM competencies c WHERE company_id = 'c-acme' AND id <> 'k-acme-communication' AND NOT EXISTS (SELECT 1 FROM review_templates t, json_each(t.blocks) b WHERE t.company_id = c.company_id AND json_extract(b.value, '$.competencyValue.competency.id') = c.id) LIMIT 1"
    ).first<{ id: string }>())!;
    const count = (await behavioursOf(id)).length;
    const check = await postForm(PATH, { intent: "remove", id, initialCheck: "true" }, cookie);
    expect(check.status).toBe(200);
    const text = textOf(await check.text());
    expect(text).toContain(`${count} behaviour`);
    expect(text).toContain("No review questionnaire or goal uses it.");
    expect((await behavioursOf(id)).length).toBe(count);
    const done = await postForm(PATH, { intent: "remove", id, initialCheck: "false" }, cookie);
    expect(done.status).toBe(302);
    expect(await env.DB.prepare("SELECT id FROM competencies WHERE id = ?").bind(id).first()).toBeNull();
    expect(await behavioursOf(id)).toEqual([]);
    expect(await auditCount("competency.removed")).toBe(1);
  });

  it("another company's competency is a 404 for edit, check and delete", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const { id } = (await env.DB.prepare("SELECT id FROM competencies WHERE company_id = 'c-globex' LIMIT 1").first<{ id: string }>())!;
    const before = await competencyCount("c-globex");
    expect((await appFetch(`${PATH}?edit=${id}`, { cookie })).status).toBe(404);
    expect((await postForm(PATH, { intent: "update", id, name: "Hijacked" }, cookie)).status).toBe(404);
    expect((await postForm(PATH, { intent: "remove", id, initialCheck: "true" }, cookie)).status).toBe(404);
    expect((await postForm(PATH, { intent: "remove", id, initialCheck: "false" }, cookie)).status).toBe(404);
    expect(await competencyCount("c-globex")).toBe(before);
    expect((await env.DB.prepare("SELECT name FROM competencies WHERE id = ?").bind(id).first<{ name: string }>())!.name).not.toBe("Hijacked");
  });

  it("shows the empty state when the company has none", async () => {
    const cookie = await sessionFor("gina@globex.test");
    await env.DB.batch([env.DB.prepare("DELETE FROM behaviours WHERE company_id = 'c-globex'"), env.DB.prepare("DELETE FROM competencies WHERE company_id = 'c-globex'")]);
    const html = await (await appFetch(PATH, { cookie })).text();
    expect(textOf(html)).toContain("No competencies available. Add a new one!");
  });

  it("people without the permission are sent home, page and action alike", async () => {
    const cookie = await sessionFor("sam@acme.test");
    const before = await competencyCount();
    for (const response of [await appFetch(PATH, { cookie }), await postForm(PATH, { intent: "create", name: "Nope" }, cookie)]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    expect(await competencyCount()).toBe(before);
  });
});
