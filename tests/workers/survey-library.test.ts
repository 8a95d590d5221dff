import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { PREDEFINED_SURVEY_TEMPLATES, predefinedTemplate } from "~/modules/surveys/predefined-templates";
import { appFetch, postForm, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

// The survey library, the templates page and 'Create New Survey' (001 §2, §5, §8).

const LIBRARY = "/surveys/survey-library";
const NEW = `${LIBRARY}/add-new-survey`;
const TEMPLATES = "/surveys/survey-templates";
const REQUIRED = "This is a required field.";

let alice: string;
let adam: string;
let gina: string;
let gary: string;

interface SurveyRow {
  id: string;
  company_id: string;
  title: string;
  template_name: string | null;
  workspace_id: string | null;
  group_id: string | null;
  blocks: string;
  created_by: string | null;
  next_run_at: number | null;
  audience_type: string | null;
}

const surveysOf = async (companyId: string) =>
  (await env.DB.prepare("SELECT * FROM surveys WHERE company_id = ? ORDER BY created_at, id").bind(companyId).all<SurveyRow>()).results;
const surveyById = (id: string) => env.DB.prepare("SELECT * FROM surveys WHERE id = ?").bind(id).first<SurveyRow>();
const count = async (table: string, companyId: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE company_id = ?`).bind(companyId).first<{ n: number }>())!.n;

/** A survey row written directly (as the builder and scheduler would leave it). */
async function insertSurvey(fields: Partial<SurveyRow> & { id: string; company_id: string; title: string }) {
  await env.DB.prepare(
    `INSERT INTO surveys (id, company_id, title, template_name, workspace_id, group_id, blocks, next_run_at, audience_type, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  )
    .bind(
      fields.id,
      fields.company_id,
      fields.title,
      fields.template_name ?? null,
      fields.workspace_id ?? null,
      fields.group_id ?? null,
      fields.blocks ?? JSON.stringify([{ id: "q1", type: "text-input", label: "Anything else?", placeholder: "", required: false }]),
      fields.next_run_at ?? null,
      fields.audience_type ?? null,
      Date.now(),
      Date.now()
    )
    .run();
}

async function insertTemplate(id: string, companyId: string, title: string, flags: { everyone: boolean; admins: boolean }) {
  await env.DB.prepare(
    `INSERT INTO survey_templates (id, company_id, title, "desc", visible_to_everyone, visible_to_workspace_admin, blocks, created_by, updated_at)
     VALUES (?, ?, ?, 'Our own questions', ?, ?, ?, NULL, ?)`
  )
    .bind(
      id,
      companyId,
      title,
      flags.everyone ? 1 : 0,
      flags.admins ? 1 : 0,
      JSON.stringify([
        { id: "t-intro", type: "static-text", value: "Hello team" },
        {
          id: "t-group",
          type: "group",
          label: "Work",
          description: "",
          questions: [
            {
              id: "t-q1",
              type: "choice",
              label: "How was your week?",
              selectedOption: "score-1-5",
              choices: [1, 2, 3, 4, 5].map((v) => ({ text: String(v), value: v })),
              required: true,
              dropdown: false,
              multipleAnswers: false,
              commentBox: false,
              commentBoxGuide: "",
              track: true,
            },
          ],
        },
      ]),
      Date.now()
    )
    .run();
}

const templateById = (id: string) =>
  env.DB.prepare("SELECT * FROM survey_templates WHERE id = ?").bind(id).first<{
    title: string;
    desc: string;
    visible_to_everyone: number;
    visible_to_workspace_admin: number;
  }>();

const flatIds = (blocks: Array<{ id: string; type: string; questions?: Array<{ id: string }> }>) =>
  blocks.flatMap((b) => [b.id, ...(b.questions ?? []).map((q) => q.id)]);

beforeAll(async () => {
  [alice, adam, gina, gary] = await Promise.all(
    ["alice@acme.test", "adam@acme.test", "gina@globex.test", "gary@globex.test"].map((email) => sessionFor(email))
  );
  await insertTemplate("st-acme-everyone", "c-acme", "Quarterly Check", { everyone: true, admins: true });
  await insertTemplate("st-acme-admins", "c-acme", "Admins Only Check", { everyone: false, admins: true });
  await insertTemplate("st-acme-super", "c-acme", "Board Check", { everyone: false, admins: false });
  await insertTemplate("st-globex", "c-globex", "Globex Check", { everyone: true, admins: true });
});

describe("empty states (001 §2)", () => {
  it("shows 'No Surveys found. Add a new one!' on an empty library, with Add New to the templates page", async () => {
    // The demo seed gives Acme surveys of its own; this company has none for the test (their runs stay).
    await env.DB.prepare("DELETE FROM surveys WHERE company_id = 'c-acme'").run();
    const html = await (await appFetch(LIBRARY, { cookie: alice })).text();
    expect(textOf(html)).toContain("No Surveys found. Add a new one!");
    expect(await attrs(html, "tr[data-survey-id]", "data-survey-id")).toEqual([]);
    expect(await attrs(html, "main a", "href")).toContain(TEMPLATES);
  });

  it("shows 'No Custom Templates found.' next to the grouped predefined templates", async () => {
    // Gary (Teams-type group admin) sees none of Globex's templates made for the super admin only.
    await env.DB.prepare(
      "UPDATE survey_templates SET visible_to_everyone = 0, visible_to_workspace_admin = 0 WHERE id = 'st-globex'"
    ).run();
    const html = await (await appFetch(TEMPLATES, { cookie: gary })).text();
    const text = textOf(html);
    expect(text).toContain("Use Templates");
    expect(text).toContain("Custom Templates");
    expect(text).toContain("No Custom Templates found.");
    expect(text).not.toContain("No Predefined Templates found.");
    expect(await attrs(html, "[data-template-group]", "data-template-group")).toEqual([
      "Engagement",
      "Lifecycle",
      "Manager & Team",
      "Wellbeing & Inclusion",
      "Ways of Working",
    ]);
    const links = await attrs(html, "a[data-predefined-template]", "href");
    expect(links).toHaveLength(PREDEFINED_SURVEY_TEMPLATES.length);
    expect(links).toContain(`${NEW}/employee-engagement`);
    // Gina (super admin) sees it.
    const ginaHtml = textOf(await (await appFetch(TEMPLATES, { cookie: gina })).text());
    expect(ginaHtml).toContain("Globex Check");
    expect(ginaHtml).not.toContain("No Custom Templates found.");
    await env.DB.prepare(
      "UPDATE survey_templates SET visible_to_everyone = 1, visible_to_workspace_admin = 1 WHERE id = 'st-globex'"
    ).run();
  });
});

describe("permissions", () => {
  it("sends an employee without ViewSurveys home from every page and refuses their posts", async () => {
    const sam = await sessionFor("sam@acme.test");
    const before = await count("surveys", "c-acme");
    for (const path of [LIBRARY, NEW, `${NEW}/employee-engagement`, TEMPLATES, `${TEMPLATES}/st-acme-everyone`]) {
      const response = await appFetch(path, { cookie: sam });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    const response = await postForm(NEW, { workspaceOrChannelId: "w-acme-hq" }, sam);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await count("surveys", "c-acme")).toBe(before);
  });
});

describe("Create New Survey (001 §2, §5)", () => {
  it("shows the form in the page without JavaScript, with the company's workspaces to choose from", async () => {
    const html = await (await appFetch(NEW, { cookie: alice })).text();
    expect(textOf(html)).toContain("Create New Survey");
    expect(await texts(html, "select[name=workspaceOrChannelId] option")).toEqual(["Select a workspace", "Acme HQ", "Acme Labs"]);
    expect(await attrs(html, "form[data-new-survey-form]", "action")).toEqual([NEW]);
    const globex = await (await appFetch(NEW, { cookie: gina })).text();
    expect(textOf(globex)).toContain("Group *");
    expect(await texts(globex, "select[name=workspaceOrChannelId] option")).toEqual([
      "Select a group",
      "Engineering",
      "Globex All Hands",
      "People Ops",
      "Sales Team",
    ]);
  });

  it("requires the workspace and writes nothing without it, or with another company's", async () => {
    const before = await count("surveys", "c-acme");
    for (const fields of [
      {},
      { workspaceOrChannelId: "" },
      { workspaceOrChannelId: "g-globex-all" },
      { workspaceOrChannelId: "nope" },
    ] as Array<Record<string, string>>) {
      const response = await postForm(NEW, fields, alice);
      expect(response.status).toBe(400);
      const text = textOf(await response.text());
      expect(text).toMatch(fields.workspaceOrChannelId?.length ? /Choose one of your workspaces\./ : new RegExp(REQUIRED));
    }
    const template = await postForm(`${NEW}/employee-engagement`, {}, alice);
    expect(template.status).toBe(400);
    expect(await count("surveys", "c-acme")).toBe(before);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM audit_events WHERE action = 'survey.created'").first<{ n: number }>()).toEqual({
      n: 0,
    });
  });

  it("creates 'New Survey' from scratch in the chosen workspace and opens its builder", async () => {
    const response = await postForm(NEW, { workspaceOrChannelId: "w-acme-labs" }, alice);
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^${LIBRARY}/[0-9a-f-]{36}$`));
    const row = (await surveyById(location.split("/").pop()!))!;
    expect(row).toMatchObject({
      title: "New Survey",
      template_name: null,
      workspace_id: "w-acme-labs",
      group_id: null,
      created_by: "u-acme-alice",
      next_run_at: null,
    });
    expect(JSON.parse(row.blocks)).toEqual([]);
  });

  it("creates from a predefined template: its title and questions, with fresh block ids", async () => {
    const response = await postForm(`${NEW}/employee-engagement`, { workspaceOrChannelId: "w-acme-hq" }, alice);
    expect(response.status).toBe(302);
    const id = response.headers.get("Location")!.split("/").pop()!;
    const row = (await surveyById(id))!;
    const template = predefinedTemplate("employee-engagement")!;
    expect(row).toMatchObject({
      company_id: "c-acme",
      title: "Employee Engagement",
      template_name: "Employee Engagement",
      workspace_id: "w-acme-hq",
    });
    const blocks = JSON.parse(row.blocks);
    const strip = (b: unknown) => JSON.stringify(b).replace(/"id":"[^"]*"/g, '"id":""');
    expect(strip(blocks)).toBe(strip(template.blocks));
    const ids = flatIds(blocks);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.some((i) => flatIds(template.blocks).includes(i))).toBe(false);
    // The page version names the template.
    const page = textOf(await (await appFetch(`${NEW}/employee-engagement`, { cookie: alice })).text());
    expect(page).toContain("Employee Engagement");
  });

  it("creates from a custom template visible to the viewer; a hidden one goes back to the templates page; another company's is 404", async () => {
    const response = await postForm(`${NEW}/st-acme-admins`, { workspaceOrChannelId: "w-acme-hq" }, adam);
    expect(response.status).toBe(302);
    const row = (await surveyById(response.headers.get("Location")!.split("/").pop()!))!;
    expect(row).toMatchObject({ title: "Admins Only Check", template_name: "Admins Only Check", created_by: "u-acme-adam" });
    const blocks = JSON.parse(row.blocks);
    expect(blocks[1].questions[0]).toMatchObject({ label: "How was your week?", track: true });
    expect(flatIds(blocks)).not.toContain("t-q1");

    const before = await count("surveys", "c-acme");
    // Adam (team admin) does not see a template meant for the super admin only (001 §8: a 403 goes to the templates page).
    for (const r of [
      await appFetch(`${NEW}/st-acme-super`, { cookie: adam }),
      await postForm(`${NEW}/st-acme-super`, { workspaceOrChannelId: "w-acme-hq" }, adam),
    ]) {
      expect(r.status).toBe(302);
      expect(r.headers.get("Location")).toBe(TEMPLATES);
    }
    for (const r of [
      await appFetch(`${NEW}/st-globex`, { cookie: alice }),
      await postForm(`${NEW}/st-globex`, { workspaceOrChannelId: "w-acme-hq" }, alice),
      await postForm(`${NEW}/no-such-template`, { workspaceOrChannelId: "w-acme-hq" }, alice),
    ]) {
      expect(r.status).toBe(404);
    }
    expect(await count("surveys", "c-acme")).toBe(before);
  });

  it("on Teams-type, requires a group; a group admin may use only the groups they administer", async () => {
    const ginaResponse = await postForm(NEW, { workspaceOrChannelId: "g-globex-sales" }, gina);
    expect(ginaResponse.status).toBe(302);
    const ginaRow = (await surveyById(ginaResponse.headers.get("Location")!.split("/").pop()!))!;
    expect(ginaRow).toMatchObject({ title: "New Survey", workspace_id: null, group_id: "g-globex-sales" });

    const options = await texts(await (await appFetch(NEW, { cookie: gary })).text(), "select[name=workspaceOrChannelId] option");
    expect(options).toEqual(["Select a group", "Engineering"]);
    const before = await count("surveys", "c-globex");
    for (const fields of [{}, { workspaceOrChannelId: "g-globex-sales" }, { workspaceOrChannelId: "w-acme-hq" }] as Array<
      Record<string, string>
    >) {
      expect((await postForm(`${NEW}/weekly-pulse`, fields, gary)).status).toBe(400);
    }
    expect(await count("surveys", "c-globex")).toBe(before);
    const ok = await postForm(`${NEW}/weekly-pulse`, { workspaceOrChannelId: "g-globex-engineering" }, gary);
    expect(ok.status).toBe(302);
    expect(await surveyById(ok.headers.get("Location")!.split("/").pop()!)).toMatchObject({
      title: "Weekly Pulse",
      group_id: "g-globex-engineering",
    });
  });
});

describe("survey library (001 §2)", () => {
  it("lists Name, Created At, Workspace (Group on Teams-type) and Scheduled At; a row links to its builder", async () => {
    await insertSurvey({
      id: "sv-scheduled",
      company_id: "c-acme",
      title: "Scheduled pulse",
      workspace_id: "w-acme-hq",
      next_run_at: Date.UTC(2031, 0, 6, 9, 0),
    });
    const html = await (await appFetch(LIBRARY, { cookie: alice })).text();
    expect(await texts(html, "thead th")).toEqual(["Name", "Created At", "Workspace", "Scheduled At", "Actions"]);
    const row = await texts(html, 'tr[data-survey-id="sv-scheduled"] td');
    expect(row.slice(0, 4)).toEqual(["Scheduled pulse", expect.stringMatching(/\d{4}$/), "Acme HQ", "6 Jan 2031, 09:00 UTC"]);
    expect(await attrs(html, 'tr[data-survey-id="sv-scheduled"] a', "href")).toEqual([`${LIBRARY}/sv-scheduled`]);
    // Another company's surveys never show.
    expect(textOf(html)).not.toContain("Globex");
    const globex = await (await appFetch(LIBRARY, { cookie: gina })).text();
    expect(await texts(globex, "thead th")).toEqual(["Name", "Created At", "Group", "Scheduled At", "Actions"]);
    expect(textOf(globex)).not.toContain("Scheduled pulse");
  });

  it("duplicates a survey as 'Copy of …' without its schedule", async () => {
    await insertSurvey({
      id: "sv-dup",
      company_id: "c-acme",
      title: "Team pulse",
      template_name: "Weekly Pulse",
      workspace_id: "w-acme-labs",
      next_run_at: Date.UTC(2031, 1, 1),
      audience_type: "workspace",
    });
    const response = await postForm(LIBRARY, { intent: "duplicate", id: "sv-dup" }, alice);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(LIBRARY);
    const copy = (await surveysOf("c-acme")).find((s) => s.title === "Copy of Team pulse")!;
    const source = (await surveyById("sv-dup"))!;
    expect(copy).toMatchObject({
      template_name: "Weekly Pulse",
      workspace_id: "w-acme-labs",
      blocks: source.blocks,
      audience_type: "workspace",
      next_run_at: null,
      created_by: "u-acme-alice",
    });
    expect(copy.id).not.toBe("sv-dup");
  });

  it("deletes in two steps; the confirmation warns that a scheduled survey's runs are cancelled; launched runs stay", async () => {
    await env.DB.prepare(
      `INSERT INTO survey_runs (id, company_id, survey_id, title, blocks, inspector_type, launched_at) VALUES ('run-kept', 'c-acme', 'sv-scheduled', 'Scheduled pulse', '[]', 'audience', ?)`
    )
      .bind(Date.now())
      .run();
    const check = await postForm(LIBRARY, { intent: "delete", id: "sv-scheduled", initialCheck: "true" }, alice);
    expect(check.status).toBe(200);
    const html = await check.text();
    const panel = (await texts(html, "[data-delete-check]"))[0];
    expect(panel).toContain("Delete Scheduled pulse?");
    expect(panel).toContain(
      "This survey is scheduled: its next run is due on 6 Jan 2031, 09:00 UTC. Deleting it cancels that run and every later one."
    );
    expect(await surveyById("sv-scheduled")).not.toBeNull();

    const confirm = await postForm(LIBRARY, { intent: "delete", id: "sv-scheduled", initialCheck: "false" }, alice);
    expect(confirm.status).toBe(302);
    expect(await surveyById("sv-scheduled")).toBeNull();
    expect(
      await env.DB.prepare("SELECT actor_id FROM audit_events WHERE action = 'survey.deleted' AND entity_id = 'sv-scheduled'").all()
    ).toMatchObject({ results: [{ actor_id: "u-acme-alice" }] });
    expect(await env.DB.prepare("SELECT id FROM survey_runs WHERE id = 'run-kept'").first()).toEqual({ id: "run-kept" });
    // A survey that is not scheduled gets no warning.
    const copy = (await surveysOf("c-acme")).find((s) => s.title === "Copy of Team pulse")!;
    const plain = await (await postForm(LIBRARY, { intent: "delete", id: copy.id, initialCheck: "true" }, alice)).text();
    expect(textOf(plain)).toContain("Delete Copy of Team pulse?");
    expect(textOf(plain)).not.toContain("This survey is scheduled");
  });

  it("answers 404 for another company's survey and changes nothing", async () => {
    await insertSurvey({ id: "sv-globex", company_id: "c-globex", title: "Globex survey", group_id: "g-globex-sales" });
    const before = await count("surveys", "c-acme");
    const audits = await count("audit_events", "c-acme");
    for (const fields of [
      { intent: "duplicate", id: "sv-globex" },
      { intent: "delete", id: "sv-globex", initialCheck: "true" },
      { intent: "delete", id: "sv-globex", initialCheck: "false" },
    ] as Array<Record<string, string>>) {
      expect((await postForm(LIBRARY, fields, alice)).status).toBe(404);
    }
    expect(await surveyById("sv-globex")).not.toBeNull();
    expect(await count("surveys", "c-acme")).toBe(before);
    expect(await count("audit_events", "c-acme")).toBe(audits);
  });

  it("limits a Teams-type group admin to the surveys of the groups they administer", async () => {
    const html = textOf(await (await appFetch(LIBRARY, { cookie: gary })).text());
    expect(html).toContain("Weekly Pulse");
    expect(html).not.toContain("Globex survey");
    expect((await postForm(LIBRARY, { intent: "delete", id: "sv-globex", initialCheck: "false" }, gary)).status).toBe(404);
    expect((await postForm(LIBRARY, { intent: "duplicate", id: "sv-globex" }, gary)).status).toBe(404);
    expect(await surveyById("sv-globex")).not.toBeNull();
    expect(textOf(await (await appFetch(LIBRARY, { cookie: gina })).text())).toContain("Globex survey");
  });
});

describe("custom templates (001 §2, §5, §6)", () => {
  it("shows the templates visible to each viewer; only PerformSurveyTemplateActions sees Edit, Duplicate and Delete", async () => {
    const aliceHtml = await (await appFetch(TEMPLATES, { cookie: alice })).text();
    expect(await texts(aliceHtml, "tr[data-custom-template] td:first-child a")).toEqual([
      "Admins Only Check",
      "Board Check",
      "Quarterly Check",
    ]);
    expect(await attrs(aliceHtml, "tr[data-custom-template] [aria-label^=Edit]", "href")).toHaveLength(3);
    expect(await attrs(aliceHtml, "tr[data-custom-template] input[name=intent]", "value")).toEqual(
      Array(3).fill(["duplicate", "delete"]).flat()
    );
    const adamHtml = await (await appFetch(TEMPLATES, { cookie: adam })).text();
    expect(await texts(adamHtml, "tr[data-custom-template] td:first-child a")).toEqual(["Admins Only Check", "Quarterly Check"]);
    expect(textOf(adamHtml)).toContain("Workspace Admins");
    expect(await attrs(adamHtml, "tr[data-custom-template] input[name=intent]", "value")).toEqual([]);
    expect(await attrs(adamHtml, "tr[data-custom-template] [aria-label^=Edit]", "href")).toEqual([]);
  });

  it("refuses template actions without PerformSurveyTemplateActions (a team admin): back to the templates page, nothing changed", async () => {
    const before = await count("survey_templates", "c-acme");
    for (const fields of [
      { intent: "duplicate", id: "st-acme-everyone" },
      { intent: "delete", id: "st-acme-everyone", initialCheck: "false" },
    ] as Array<Record<string, string>>) {
      const response = await postForm(TEMPLATES, fields, adam);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(TEMPLATES);
    }
    for (const r of [
      await appFetch(`${TEMPLATES}/st-acme-everyone`, { cookie: adam }),
      await postForm(`${TEMPLATES}/st-acme-everyone`, { title: "Hijacked", visibility: "everyone" }, adam),
    ]) {
      expect(r.status).toBe(302);
      expect(r.headers.get("Location")).toBe(TEMPLATES);
    }
    expect(await count("survey_templates", "c-acme")).toBe(before);
    expect((await templateById("st-acme-everyone"))!.title).toBe("Quarterly Check");
  });

  it("edits title, description and visibility; 'Template name required' saves nothing", async () => {
    const page = await (await appFetch(`${TEMPLATES}/st-acme-everyone`, { cookie: alice })).text();
    expect(await attrs(page, "input[name=title]", "value")).toEqual(["Quarterly Check"]);
    expect(textOf(page)).toContain("How was your week?");

    const bad = await postForm(`${TEMPLATES}/st-acme-everyone`, { title: "   ", desc: "x", visibility: "superAdmin" }, alice);
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text())).toContain("Template name required");
    expect(await templateById("st-acme-everyone")).toMatchObject({ title: "Quarterly Check", visible_to_everyone: 1 });

    const ok = await postForm(
      `${TEMPLATES}/st-acme-everyone`,
      { title: "Quarterly Check-in", desc: "Every quarter", visibility: "workspaceAdmins" },
      alice
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(TEMPLATES);
    expect(await templateById("st-acme-everyone")).toMatchObject({
      title: "Quarterly Check-in",
      desc: "Every quarter",
      visible_to_everyone: 0,
      visible_to_workspace_admin: 1,
    });
  });

  it("duplicates as 'Copy of …' and deletes after a check step", async () => {
    const dup = await postForm(TEMPLATES, { intent: "duplicate", id: "st-acme-super" }, alice);
    expect(dup.status).toBe(302);
    const copy = await env.DB.prepare(
      "SELECT id, blocks, visible_to_everyone FROM survey_templates WHERE title = 'Copy of Board Check'"
    ).first<{
      id: string;
      blocks: string;
      visible_to_everyone: number;
    }>();
    expect(copy).not.toBeNull();
    expect(copy!.blocks).toBe(
      (await env.DB.prepare("SELECT blocks FROM survey_templates WHERE id = 'st-acme-super'").first<{ blocks: string }>())!.blocks
    );

    const check = await postForm(TEMPLATES, { intent: "delete", id: copy!.id, initialCheck: "true" }, alice);
    expect(check.status).toBe(200);
    expect((await texts(await check.text(), "[data-delete-check]"))[0]).toContain("Delete Copy of Board Check?");
    expect(await templateById(copy!.id)).not.toBeNull();
    const confirm = await postForm(TEMPLATES, { intent: "delete", id: copy!.id, initialCheck: "false" }, alice);
    expect(confirm.status).toBe(302);
    expect(await templateById(copy!.id)).toBeNull();
  });

  it("answers 404 for another company's template and shows a predefined one read-only", async () => {
    for (const r of [
      await appFetch(`${TEMPLATES}/st-globex`, { cookie: alice }),
      await postForm(`${TEMPLATES}/st-globex`, { title: "x", visibility: "everyone" }, alice),
      await postForm(TEMPLATES, { intent: "duplicate", id: "st-globex" }, alice),
      await postForm(TEMPLATES, { intent: "delete", id: "st-globex", initialCheck: "false" }, alice),
    ]) {
      expect(r.status).toBe(404);
    }
    expect((await templateById("st-globex"))!.title).toBe("Globex Check");
    const preview = await appFetch(`${TEMPLATES}/employee-engagement`, { cookie: adam });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(textOf(html)).toContain("How likely are you to recommend this company as a place to work to a friend?");
    expect(await attrs(html, "input[name=title]", "value")).toEqual([]);
    expect(await attrs(html, "main a", "href")).toContain(`${NEW}/employee-engagement`);
  });
});
