import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DEADLINE_MS } from "~/modules/feedback/loop-types";
import { predefinedFeedbackTemplate } from "~/modules/feedback/predefined-templates";
import { appFetch, postForm, sessionFor } from "./helpers";

// The workflow library and its templates (002 §2.1 Workflows, §2.4, §3, §5, §6, §7).

const LIBRARY = "/workflows/library";
const TYPES = `${LIBRARY}/template-types`;
const FEEDBACK_TYPE = `${TYPES}/feedback`;
const NEW_TEMPLATE = `${FEEDBACK_TYPE}/new`;
const REQUIRED = "This is a required field.";
const ACME = "c-acme";
const GLOBEX = "c-globex";

let alice: string; // Acme super admin
let adam: string; // Acme team admin
let eve: string; // Acme employee
let gina: string; // Globex super admin
let gary: string; // Globex team admin (no workflows on Teams-type)

interface LoopRow {
  id: string;
  company_id: string;
  title: string;
  template_type: string;
  template_id: string | null;
  template_name: string;
  template_format: string | null;
  workflow_type: string | null;
  delivery: string | null;
  frequency: string;
  deadline_at: number | null;
  blocks: string;
  anonymous: number;
  version: number;
  created_by: string | null;
  created_at: number;
}

interface TemplateRow {
  id: string;
  company_id: string;
  title: string;
  desc: string;
  visible_to_everyone: number;
  visible_to_team_admin: number;
  blocks: string;
}

const loopById = (id: string) => env.DB.prepare("SELECT * FROM feedback_library_loops WHERE id = ?").bind(id).first<LoopRow>();
const count = async (table: string, companyId: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE company_id = ?`).bind(companyId).first<{ n: number }>())!.n;
const templateById = (id: string) => env.DB.prepare("SELECT * FROM feedback_templates WHERE id = ?").bind(id).first<TemplateRow>();

/** Makes a library loop from a template as the page does, and returns its id. */
async function useTemplate(cookie: string, templateId: string, type = "feedback") {
  const response = await postForm(`${TYPES}/${type}`, { intent: "use", templateId }, cookie);
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  expect(location).toMatch(new RegExp(`^${LIBRARY}/${type}/[0-9a-f-]{36}$`));
  return location.split("/").pop()!;
}

/** A valid custom template form with one long-text question. */
function templateForm(fields: Record<string, string> = {}) {
  return {
    intent: "save",
    title: "Project retro",
    desc: "After each project",
    "blocks[0].key": "n1",
    "blocks[0].type": "long-text",
    "blocks[0].label": "What went well?",
    "blocks[0].placeholder": "",
    ...fields,
  };
}

async function createTemplate(cookie: string, fields: Record<string, string> = {}) {
  const response = await postForm(NEW_TEMPLATE, templateForm(fields), cookie);
  expect(response.status).toBe(302);
  return response.headers.get("Location")!.split("/").pop()!;
}

beforeAll(async () => {
  [alice, adam, eve, gina, gary] = await Promise.all(
    ["alice@acme.test", "adam@acme.test", "eve@acme.test", "gina@globex.test", "gary@globex.test"].map((e) => sessionFor(e))
  );
});

describe("permissions by name", () => {
  it("ViewFeedbackLoops: admins on Slack-type, the super admin on Teams-type; others go home and write nothing", async () => {
    for (const path of [LIBRARY, TYPES, FEEDBACK_TYPE, `${FEEDBACK_TYPE}/sbi`]) {
      for (const cookie of [alice, adam, gina]) expect((await appFetch(path, { cookie })).status, path).toBe(200);
      for (const cookie of [eve, gary]) {
        const response = await appFetch(path, { cookie });
        expect(response.status, path).toBe(302);
        expect(response.headers.get("Location")).toBe("/");
      }
    }
    const before = await count("feedback_library_loops", ACME);
    const refused = await postForm(FEEDBACK_TYPE, { intent: "use", templateId: "sbi" }, eve);
    expect(refused.headers.get("Location")).toBe("/");
    expect(await count("feedback_library_loops", ACME)).toBe(before);
  });

  it("CreateUpdateFeedbackTemplate: only the super admin opens or saves the builder", async () => {
    const before = await count("feedback_templates", ACME);
    const page = await appFetch(NEW_TEMPLATE, { cookie: adam });
    expect(page.headers.get("Location")).toBe("/");
    const saved = await postForm(NEW_TEMPLATE, templateForm(), adam);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/");
    expect(await count("feedback_templates", ACME)).toBe(before);
    expect((await appFetch(NEW_TEMPLATE, { cookie: alice })).status).toBe(200);
    // A team admin sees no "Create custom template"; the super admin does.
    expect(await (await appFetch(FEEDBACK_TYPE, { cookie: adam })).text()).not.toContain("Create custom template");
    expect(await (await appFetch(FEEDBACK_TYPE, { cookie: alice })).text()).toContain("Create custom template");
  });
});

describe("library loops", () => {
  it("a loop from the SBI template takes the template's title, format and blocks and the agreed defaults", async () => {
    const started = Date.now();
    const id = await useTemplate(adam, "sbi");
    const row = (await loopById(id))!;
    const sbi = predefinedFeedbackTemplate("sbi")!;
    expect(row).toMatchObject({
      company_id: ACME,
      title: sbi.title,
      template_type: "feedback",
      template_id: "sbi",
      template_name: sbi.title,
      template_format: "SBI",
      workflow_type: null,
      delivery: null,
      frequency: "does-not-repeat",
      created_by: "u-acme-adam",
    });
    expect(JSON.parse(row.blocks)).toEqual(sbi.blocks);
    expect(row.deadline_at! - started).toBeGreaterThanOrEqual(DEFAULT_DEADLINE_MS - 1000);
    expect(row.deadline_at! - Date.now()).toBeLessThanOrEqual(DEFAULT_DEADLINE_MS);
    const page = await (await appFetch(`${LIBRARY}/feedback/${id}`, { cookie: adam })).text();
    expect(page).toContain("Situation");
    const list = await (await appFetch(LIBRARY, { cookie: alice })).text();
    expect(list).toContain(`data-library-loop="${id}"`);
    // Launch goes to the loop's configuration.
    expect(list).toContain(`href="${LIBRARY}/feedback/${id}/config"`);
  });

  it("on Teams-type, which has no Feedback Type choice, a loop is direct feedback", async () => {
    const id = await useTemplate(gina, "free-text");
    expect((await loopById(id))!).toMatchObject({ company_id: GLOBEX, workflow_type: "direct-feedback", template_format: "FreeText" });
    const agenda = await useTemplate(gina, "weekly-check-in", "one-on-one");
    expect((await loopById(agenda))!).toMatchObject({ template_type: "one-on-one", template_format: null });
  });

  it("a template of another type or an unknown one is a 404 and writes nothing", async () => {
    const before = await count("feedback_library_loops", ACME);
    expect((await postForm(FEEDBACK_TYPE, { intent: "use", templateId: "weekly-check-in" }, adam)).status).toBe(404);
    expect((await postForm(FEEDBACK_TYPE, { intent: "use", templateId: "no-such-template" }, adam)).status).toBe(404);
    expect((await postForm(`${TYPES}/one-on-one`, { intent: "scratch" }, adam)).status).toBe(404);
    expect(await count("feedback_library_loops", ACME)).toBe(before);
  });

  it("a missing or unknown intent is refused with 400 and writes nothing", async () => {
    const id = await useTemplate(adam, "sad");
    const before = await count("feedback_library_loops", ACME);
    for (const fields of [{ id }, { intent: "launch", id }, { intent: "remove", id }] as Array<Record<string, string>>) {
      expect((await postForm(LIBRARY, fields, adam)).status).toBe(400);
    }
    expect((await postForm(FEEDBACK_TYPE, { intent: "bogus", templateId: "sbi" }, adam)).status).toBe(400);
    expect((await postForm(`${LIBRARY}/feedback/${id}`, { intent: "launch", title: "X" }, adam)).status).toBe(400);
    expect(await count("feedback_library_loops", ACME)).toBe(before);
    expect((await loopById(id))!.title).toBe(predefinedFeedbackTemplate("sad")!.title);
  });

  it("duplicate copies every setting under '<title> (copy)'", async () => {
    const id = await useTemplate(adam, "peer-360");
    await env.DB.prepare("UPDATE feedback_library_loops SET anonymous = 1, feedback_for = '360', audience_type = 'workspace' WHERE id = ?").bind(id).run();
    const response = await postForm(LIBRARY, { intent: "duplicate", id }, alice);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(LIBRARY);
    const copies = (
      await env.DB.prepare("SELECT * FROM feedback_library_loops WHERE company_id = ? AND title = ?")
        .bind(ACME, "360 Peer Feedback (copy)")
        .all<LoopRow & { feedback_for: string; audience_type: string }>()
    ).results;
    expect(copies).toHaveLength(1);
    const original = (await loopById(id))!;
    expect(copies[0]).toMatchObject({
      anonymous: 1,
      feedback_for: "360",
      audience_type: "workspace",
      template_id: "peer-360",
      blocks: original.blocks,
      deadline_at: original.deadline_at,
      created_by: "u-acme-alice",
      version: 0,
    });
    expect(copies[0].id).not.toBe(id);
  });

  it("delete asks first, then removes the library loop only: a loop launched from it stays", async () => {
    const id = await useTemplate(adam, "praise");
    await env.DB.prepare(
      `INSERT INTO feedback_loops (id, company_id, library_loop_id, template_type, template_name, title, workflow_type, audience_type, delivery, blocks, start_at, run_span_ms, state)
       VALUES ('fb-lib-launched', ?, ?, 'feedback', 'Praise', 'Praise', 'direct-feedback', 'users', 'dm-only', '[]', ?, 1000, 'live')`
    )
      .bind(ACME, id, Date.now())
      .run();
    const check = await postForm(LIBRARY, { intent: "delete", id, initialCheck: "true" }, adam);
    expect(check.status).toBe(200);
    expect(await check.text()).toContain("Delete Praise?");
    expect(await loopById(id)).not.toBeNull();
    const deleted = await postForm(LIBRARY, { intent: "delete", id, initialCheck: "false" }, adam);
    expect(deleted.status).toBe(302);
    expect(await loopById(id)).toBeNull();
    expect(await env.DB.prepare("SELECT id FROM feedback_loops WHERE id = 'fb-lib-launched'").first()).not.toBeNull();
  });

  it("another company's library loop is a 404 on every page and action, and nothing changes", async () => {
    const id = await useTemplate(adam, "manager-feedback");
    const before = (await loopById(id))!;
    const globexLoops = await count("feedback_library_loops", GLOBEX);
    expect((await appFetch(`${LIBRARY}/feedback/${id}`, { cookie: gina })).status).toBe(404);
    expect((await postForm(`${LIBRARY}/feedback/${id}`, { intent: "rename", title: "Mine now" }, gina)).status).toBe(404);
    expect((await postForm(LIBRARY, { intent: "duplicate", id }, gina)).status).toBe(404);
    expect((await postForm(LIBRARY, { intent: "delete", id, initialCheck: "true" }, gina)).status).toBe(404);
    expect((await postForm(LIBRARY, { intent: "delete", id, initialCheck: "false" }, gina)).status).toBe(404);
    expect(await loopById(id)).toEqual(before);
    expect(await count("feedback_library_loops", GLOBEX)).toBe(globexLoops);
    // The wrong template type in the path is not this loop either.
    expect((await appFetch(`${LIBRARY}/one-on-one/${id}`, { cookie: adam })).status).toBe(404);
  });

  it("an unknown template type says 'Workflow not found'", async () => {
    for (const path of [`${TYPES}/review`, `${TYPES}/review/sbi`, `${LIBRARY}/review/some-id`]) {
      const response = await appFetch(path, { cookie: adam });
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain("Workflow not found");
    }
  });

  it("a loop from scratch has no blocks yet ('No Feedback Loop details available.') and takes its blocks from the builder", async () => {
    const response = await postForm(FEEDBACK_TYPE, { intent: "scratch" }, adam);
    const id = response.headers.get("Location")!.split("/").pop()!;
    const path = `${LIBRARY}/feedback/${id}`;
    expect((await loopById(id))!).toMatchObject({ title: "Untitled feedback loop", template_id: null, template_name: "Custom", blocks: "[]" });
    expect(await (await appFetch(path, { cookie: adam })).text()).toContain("No Feedback Loop details available.");
    const saved = await postForm(
      path,
      { intent: "next", title: " Onboarding check ", "blocks[0].key": "n1", "blocks[0].type": "short-text", "blocks[0].label": "How is it going?" },
      adam
    );
    expect(saved.headers.get("Location")).toBe(`${path}/config`);
    const row = (await loopById(id))!;
    expect(row.title).toBe("Onboarding check");
    expect(row.version).toBe(1);
    const [block] = JSON.parse(row.blocks);
    expect(block).toMatchObject({ type: "short-text", textValue: { label: "How is it going?", required: false } });
    expect(block.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a format's fields are not edited as blocks, but its title is", async () => {
    const id = await useTemplate(adam, "sbi");
    const path = `${LIBRARY}/feedback/${id}`;
    const refused = await postForm(path, { intent: "save", title: "X", "blocks[0].key": "n1", "blocks[0].type": "short-text", "blocks[0].label": "Q" }, adam);
    expect(refused.status).toBe(400);
    expect(JSON.parse((await loopById(id))!.blocks)).toEqual(predefinedFeedbackTemplate("sbi")!.blocks);
    const blank = await postForm(path, { intent: "rename", title: "   " }, adam);
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain(REQUIRED);
    const renamed = await postForm(path, { intent: "rename", title: "Sprint feedback", next: "true" }, adam);
    expect(renamed.headers.get("Location")).toBe(`${path}/config`);
    expect((await loopById(id))!.title).toBe("Sprint feedback");
  });
});

describe("custom templates", () => {
  it("rules (002 §5): trimmed name, labels, the comment guide with a comment box, custom choices; messages shown and nothing written", async () => {
    const before = await count("feedback_templates", ACME);
    const cases: Array<[Record<string, string>, string]> = [
      [{ title: "   " }, REQUIRED],
      [{ "blocks[0].label": "  " }, REQUIRED],
      [
        {
          "blocks[0].type": "multi-select",
          "blocks[0].label": "Rate it",
          "blocks[0].scale": "yes-no",
          "blocks[0].commentBox": "on",
          "blocks[0].commentBoxGuide": "",
        },
        REQUIRED,
      ],
      [{ "blocks[0].type": "multi-select", "blocks[0].scale": "custom", "blocks[0].customItems": "\n  \n" }, REQUIRED],
      [
        {
          "blocks[0].type": "multi-select",
          "blocks[0].scale": "custom",
          "blocks[0].customItems": "Low\nHigh",
          "blocks[0].numericValue": "on",
          "blocks[0].choiceValues[0]": "1",
          "blocks[0].choiceValues[1]": "-1",
        },
        "MinValue0",
      ],
      [{ "blocks[0].type": "title", "blocks[0].text": "Only a heading" }, "Please add at least one question."],
    ];
    for (const [fields, message] of cases) {
      const response = await postForm(NEW_TEMPLATE, templateForm(fields), alice);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text(), JSON.stringify(fields)).toContain(message);
    }
    expect(await count("feedback_templates", ACME)).toBe(before);
  });

  it("saves a trimmed template of blocks, renumbering custom choices from 0 without numeric values", async () => {
    const id = await createTemplate(alice, {
      title: "  Quarterly peer check  ",
      "blocks[1].key": "n2",
      "blocks[1].type": "multi-select",
      "blocks[1].label": "How often do you work together?",
      "blocks[1].scale": "custom",
      "blocks[1].customItems": "Daily\n\nWeekly\nRarely",
      "blocks[1].view": "dropdown",
    });
    const row = (await templateById(id))!;
    expect(row).toMatchObject({ company_id: ACME, title: "Quarterly peer check", visible_to_everyone: 0, visible_to_team_admin: 0 });
    const [, choice] = JSON.parse(row.blocks);
    expect(choice.multiSelectValue).toMatchObject({
      selectedOption: "custom",
      dropdown: true,
      choices: [
        { text: "Daily", value: 0 },
        { text: "Weekly", value: 1 },
        { text: "Rarely", value: 2 },
      ],
    });
    // And it updates in place.
    const updated = await postForm(`${FEEDBACK_TYPE}/${id}`, templateForm({ title: "Quarterly peer check v2", visibility: "everyone" }), alice);
    expect(updated.status).toBe(302);
    expect((await templateById(id))!).toMatchObject({ title: "Quarterly peer check v2", visible_to_everyone: 1, visible_to_team_admin: 1 });
  });

  it("a group is a Slack-type block: refused on Teams-type, with nothing written", async () => {
    const group = {
      "blocks[0].type": "group",
      "blocks[0].label": "Collaboration",
      "blocks[0].description": "",
      "blocks[0].questions[0].key": "n2",
      "blocks[0].questions[0].type": "long-text",
      "blocks[0].questions[0].label": "How do they share context?",
    };
    const before = await count("feedback_templates", GLOBEX);
    const refused = await postForm(NEW_TEMPLATE, templateForm(group), gina);
    expect(refused.status).toBe(400);
    expect(await count("feedback_templates", GLOBEX)).toBe(before);
    expect(await (await appFetch(NEW_TEMPLATE, { cookie: gina })).text()).not.toContain("+ Group");
    const id = await createTemplate(alice, group);
    const [stored] = JSON.parse((await templateById(id))!.blocks);
    expect(stored).toMatchObject({ type: "group", label: "Collaboration", questions: [{ type: "long-text", textValue: { label: "How do they share context?" } }] });
  });

  it("visibility: a team admin sees templates for everyone and admins, never the super admin's own; hidden ones are 404s", async () => {
    const superOnly = await createTemplate(alice, { title: "Leadership calibration" });
    const admins = await createTemplate(alice, { title: "Admin pulse", visibility: "admins" });
    const everyone = await createTemplate(alice, { title: "Open retro", visibility: "everyone" });
    expect((await templateById(admins))!).toMatchObject({ visible_to_everyone: 0, visible_to_team_admin: 1 });
    const page = await (await appFetch(FEEDBACK_TYPE, { cookie: adam })).text();
    expect(page).toContain(`data-custom-template="${admins}"`);
    expect(page).toContain(`data-custom-template="${everyone}"`);
    expect(page).not.toContain(superOnly);
    expect(await (await appFetch(FEEDBACK_TYPE, { cookie: alice })).text()).toContain(`data-custom-template="${superOnly}"`);
    expect((await appFetch(`${FEEDBACK_TYPE}/${superOnly}`, { cookie: adam })).status).toBe(404);
    const before = await count("feedback_library_loops", ACME);
    expect((await postForm(FEEDBACK_TYPE, { intent: "use", templateId: superOnly }, adam)).status).toBe(404);
    expect(await count("feedback_library_loops", ACME)).toBe(before);
    // A visible one makes a loop of its blocks, named after it.
    const loopId = await useTemplate(adam, everyone);
    expect((await loopById(loopId))!).toMatchObject({ title: "Open retro", template_id: everyone, template_name: "Open retro", template_format: null });
  });

  it("without JavaScript, Full Preview and adding a block answer with the form and save nothing", async () => {
    const before = await count("feedback_templates", ACME);
    const { intent: _intent, ...form } = templateForm({ title: "Previewed only" });
    const preview = await postForm(NEW_TEMPLATE, { ...form, preview: "full" }, alice);
    expect(preview.status).toBe(200);
    const html = await preview.text();
    // The preview stands above the form, as a section of the page.
    expect(html).toContain('aria-labelledby="full-preview-title"');
    expect(html).toContain('for="preview-n1"');
    const added = await postForm(
      NEW_TEMPLATE,
      { ...form, __intent__: JSON.stringify({ type: "insert", payload: { name: "blocks", defaultValue: { key: "n2", type: "subtitle", text: "" } } }) },
      alice
    );
    expect(added.status).toBe(200);
    expect(await added.text()).toContain('data-block-key="n2"');
    expect(await count("feedback_templates", ACME)).toBe(before);
  });

  it("another company's custom template is a 404 to see, use or update", async () => {
    const id = await createTemplate(alice, { title: "Acme only", visibility: "everyone" });
    expect((await appFetch(`${FEEDBACK_TYPE}/${id}`, { cookie: gina })).status).toBe(404);
    expect((await postForm(`${TYPES}/feedback`, { intent: "use", templateId: id }, gina)).status).toBe(404);
    expect((await postForm(`${FEEDBACK_TYPE}/${id}`, templateForm({ title: "Taken" }), gina)).status).toBe(404);
    expect((await templateById(id))!.title).toBe("Acme only");
  });
});
