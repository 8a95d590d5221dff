import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChoiceBlock, SurveyBlock } from "~/modules/surveys/blocks";
import { appFetch, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

// The survey builder (001 §2 "Survey builder", §4 locking, §5 messages), with JavaScript off.

const REQUIRED = "This is a required field.";
const LOCKED = "This question is locked: it cannot be edited, moved, duplicated or deleted.";
const LOCK_NOT_ALLOWED = "You do not have permission to lock or unlock survey questions.";
const builder = (id: string) => `/surveys/survey-library/${id}`;

let alice: string;
let adam: string;
let gina: string;
let sam: string;

beforeAll(async () => {
  [alice, adam, gina, sam] = await Promise.all(
    ["alice@acme.test", "adam@acme.test", "gina@globex.test", "sam@acme.test"].map((e) => sessionFor(e))
  );
});

/** A survey row as the library would make it (another helper builds the creation pages). */
async function insertSurvey(blocks: SurveyBlock[] = [], company: "acme" | "globex" = "acme") {
  const id = `sv-${crypto.randomUUID()}`;
  await env.DB.prepare(
    `INSERT INTO surveys (id, company_id, title, template_name, workspace_id, group_id, blocks, created_at, updated_at)
     VALUES (?, ?, 'New Survey', NULL, ?, ?, ?, 0, 0)`
  )
    .bind(id, `c-${company}`, company === "acme" ? "w-acme-hq" : null, company === "globex" ? "g-globex-all" : null, JSON.stringify(blocks))
    .run();
  return id;
}

const row = (id: string) =>
  env.DB.prepare("SELECT title, blocks, version FROM surveys WHERE id = ?")
    .bind(id)
    .first<{ title: string; blocks: string; version: number }>()
    .then((r) => ({ title: r!.title, blocks: JSON.parse(r!.blocks) as SurveyBlock[], version: r!.version }));

const templateCount = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM survey_templates WHERE company_id = 'c-acme'").first<{ n: number }>())!.n;

type Fields = Record<string, string | string[] | undefined | Fields[]>;

/** Form fields as the page names them (Conform paths: blocks[0].questions[1].label). */
function body(name: string, blocks: Fields[], extra: Record<string, string> = {}) {
  const out = new URLSearchParams({ name, ...extra });
  const add = (prefix: string, value: Fields[string]) => {
    if (value === undefined) return;
    if (typeof value === "string") out.append(prefix, value);
    else if (Array.isArray(value))
      value.forEach((v, i) => {
        if (typeof v === "string") out.append(`${prefix}[${i}]`, v);
        else for (const [k, x] of Object.entries(v)) add(`${prefix}[${i}].${k}`, x);
      });
  };
  add("blocks", blocks);
  return out;
}

const post = (id: string, form: URLSearchParams, cookie = alice) => appFetch(builder(id), { method: "POST", body: form, cookie });

/** One block of every type, as a person fills them in on Slack-type. */
const EVERY_TYPE: Fields[] = [
  { key: "n1", type: "static-text", value: "Thanks for taking part." },
  { key: "n2", type: "text-input", label: "What should we change?", placeholder: "Type your answer here" },
  {
    key: "n3",
    type: "choice",
    label: "How likely are you to recommend us?",
    scale: "nps",
    required: "on",
    commentBox: "on",
    commentBoxGuide: "Why that score?",
  },
  {
    key: "n4",
    type: "choice",
    label: "Where do you work?",
    scale: "custom",
    customChoices: [
      { text: "Office", value: "2" },
      { text: "Home", value: "0" },
    ],
    multipleAnswers: "on",
    dropdown: "on",
    notApplicable: "on",
  },
  {
    key: "n5",
    type: "group",
    label: "Your team",
    description: "About the people you work with",
    questions: [
      { key: "n6", type: "static-text", value: "Think of the last month." },
      { key: "n7", type: "choice", label: "My team helps me", scale: "agree-disagree-5", required: "on" },
      { key: "n8", type: "text-input", label: "Anything else?", placeholder: "Optional", required: "on" },
    ],
  },
];

const trackedChoice = (label = "eNPS"): Fields => ({ key: "n1", type: "choice", label, scale: "nps", required: "on", track: "on" });

/** What a browser without JavaScript sends back for the page as it is: every field of the builder form. */
async function formOf(html: string, formId: string) {
  const out = new URLSearchParams();
  let select: string | null = null;
  let textarea: { name: string; text: string } | null = null;
  await new HTMLRewriter()
    .on(`#${formId} input`, {
      element(el) {
        const name = el.getAttribute("name");
        const type = el.getAttribute("type") ?? "text";
        if (!name || type === "submit") return;
        if ((type === "checkbox" || type === "radio") && !el.hasAttribute("checked")) return;
        out.append(name, (el.getAttribute("value") ?? (type === "checkbox" ? "on" : "")).replace(/&quot;/g, '"').replace(/&amp;/g, "&"));
      },
    })
    .on(`#${formId} select`, {
      element(el) {
        select = el.getAttribute("name");
      },
    })
    .on(`#${formId} select option[selected]`, {
      element(el) {
        if (select) out.append(select, el.getAttribute("value") ?? "");
      },
    })
    .on(`#${formId} textarea`, {
      element(el) {
        textarea = { name: el.getAttribute("name") ?? "", text: "" };
        el.onEndTag(() => {
          if (textarea?.name)
            out.append(
              textarea.name,
              textarea.text
                .replace(/&#x27;/g, "'")
                .replace(/&amp;/g, "&")
                .replace(/^\n/, "")
            );
          textarea = null;
        });
      },
      text(chunk) {
        if (textarea) textarea.text += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return out;
}

describe("survey builder: saving (001 §2)", () => {
  it("saves blocks of every type and reads them back on the page", async () => {
    const id = await insertSurvey();
    const response = await post(id, body("Engagement 2026", EVERY_TYPE, { intent: "save" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(builder(id));
    const { title, blocks } = await row(id);
    expect(title).toBe("Engagement 2026");
    expect(blocks.map((b) => b.type)).toEqual(["static-text", "text-input", "choice", "choice", "group"]);
    // New blocks get fresh ids (not the builder's short keys).
    expect(blocks.every((b) => !/^n\d/.test(b.id))).toBe(true);
    expect(blocks[1]).toMatchObject({ label: "What should we change?", placeholder: "Type your answer here", required: false });
    expect(blocks[2]).toMatchObject({ selectedOption: "nps", commentBox: true, commentBoxGuide: "Why that score?", track: false });
    expect((blocks[2] as ChoiceBlock).choices).toHaveLength(11);
    expect(blocks[3]).toMatchObject({
      selectedOption: "custom",
      choices: [
        { text: "Office", value: 2 },
        { text: "Home", value: 0 },
      ],
      multipleAnswers: true,
      dropdown: true,
      notApplicable: true,
    });
    const group = blocks[4];
    expect(group.type === "group" && group.questions.map((q) => q.type)).toEqual(["static-text", "choice", "text-input"]);

    const html = await (await appFetch(builder(id), { cookie: alice })).text();
    expect(await texts(html, "label")).toContain("Name *");
    expect(await attrs(html, 'input[name="name"]', "value")).toEqual(["Engagement 2026"]);
    const preview = textOf((await texts(html, "[data-preview]")).join(" "));
    for (const text of ["Thanks for taking part.", "What should we change?", "Your team", "My team helps me", "Office", "Not Applicable"])
      expect(preview).toContain(text);

    // Sending the page back as it is (JavaScript off) changes nothing.
    const again = await post(id, await formOf(html, `survey-${id}`).then((f) => (f.set("intent", "save"), f)));
    expect(again.status).toBe(302);
    expect((await row(id)).blocks).toEqual(blocks);
  });

  it("Save & Next saves and goes to the audience step; a survey with runs can still be edited", async () => {
    const id = await insertSurvey();
    await env.DB.prepare(
      "INSERT INTO survey_runs (id, company_id, survey_id, title, blocks, inspector_type, launched_at) VALUES (?, 'c-acme', ?, 'Old', '[]', 'audience', 0)"
    )
      .bind(crypto.randomUUID(), id)
      .run();
    const response = await post(id, body("Pulse", [EVERY_TYPE[1]], { intent: "next" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${builder(id)}/survey-audience`);
    expect((await row(id)).title).toBe("Pulse");
  });

  it("reads Teams-type custom choices one per line, empty lines dropped", async () => {
    const id = await insertSurvey([], "globex");
    const block = { key: "n1", type: "choice", label: "How often?", scale: "custom", customItems: "Daily\n\n   \nWeekly\nNever\n" };
    expect((await post(id, body("Teams pulse", [block], { intent: "save" }), gina)).status).toBe(302);
    expect(((await row(id)).blocks[0] as ChoiceBlock).choices).toEqual([
      { text: "Daily", value: 0 },
      { text: "Weekly", value: 1 },
      { text: "Never", value: 2 },
    ]);
  });

  it("answers an add, move or delete without JavaScript with the changed form, saving nothing", async () => {
    const id = await insertSurvey();
    const before = await row(id);
    const form = body("Pulse", [EVERY_TYPE[0]]);
    form.set(
      "__intent__",
      JSON.stringify({
        type: "insert",
        payload: { name: "blocks", defaultValue: { key: "n2", type: "text-input", label: "", placeholder: "Type your answer here" } },
      })
    );
    const response = await post(id, form);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(await attrs(html, 'input[name="blocks[1].placeholder"]', "value")).toEqual(["Type your answer here"]);
    expect(await row(id)).toEqual(before);
  });
});

it("shows the Full Preview without JavaScript as a page section, saving nothing", async () => {
  const id = await insertSurvey();
  const response = await post(id, body("Preview me", EVERY_TYPE, { preview: "full" }));
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(await texts(html, "#full-preview-title")).toEqual(["Full Preview"]);
  expect(textOf((await texts(html, 'section[role="dialog"]')).join(" "))).toContain("My team helps me");
  expect((await row(id)).version).toBe(0);
});

describe("survey builder: bad input (001 §5)", () => {
  const cases: Array<[string, string, Fields[], string]> = [
    ["the survey name", "", [EVERY_TYPE[0]], REQUIRED],
    ["a choice question's label", "S", [{ key: "n1", type: "choice", label: "", scale: "nps" }], REQUIRED],
    [
      "a custom choice's text",
      "S",
      [{ key: "n1", type: "choice", label: "Q", scale: "custom", customChoices: [{ text: "", value: "1" }] }],
      REQUIRED,
    ],
    [
      "a custom choice's value of at least 0",
      "S",
      [{ key: "n1", type: "choice", label: "Q", scale: "custom", customChoices: [{ text: "A", value: "-1" }] }],
      "MinValue0",
    ],
    ["at least one custom choice", "S", [{ key: "n1", type: "choice", label: "Q", scale: "custom" }], "Please add at least one choice."],
    [
      "the comment box guide",
      "S",
      [{ key: "n1", type: "choice", label: "Q", scale: "nps", commentBox: "on", commentBoxGuide: "" }],
      REQUIRED,
    ],
    [
      "a group's question",
      "S",
      [{ key: "g", type: "group", label: "G", questions: [{ key: "q", type: "text-input", label: "" }] }],
      REQUIRED,
    ],
  ];
  for (const [what, name, blocks, message] of cases) {
    it(`requires ${what} ('${message}') and writes nothing`, async () => {
      const id = await insertSurvey([{ id: "s1", type: "static-text", value: "Kept" }]);
      const before = await row(id);
      const response = await post(id, body(name, blocks, { intent: "save" }));
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(await texts(html, "p.text-red-700")).toContain(message);
      expect(await row(id)).toEqual(before);
    });
  }
});

describe("survey builder: locking (001 §4)", () => {
  /** A survey whose tracked question was saved (and so locked), between two static texts. */
  async function lockedSurvey() {
    const id = await insertSurvey();
    const form = body(
      "Locked",
      [{ key: "n0", type: "static-text", value: "Intro" }, trackedChoice(), { key: "n2", type: "static-text", value: "Outro" }],
      {
        intent: "save",
      }
    );
    expect((await post(id, form)).status).toBe(302);
    const stored = await row(id);
    return { id, stored, ids: stored.blocks.map((b) => b.id) };
  }
  const asFields = (b: SurveyBlock): Fields =>
    b.type === "static-text"
      ? { key: b.id, type: b.type, value: b.value }
      : b.type === "choice"
      ? {
          key: b.id,
          type: b.type,
          label: b.label,
          scale: b.selectedOption,
          required: b.required ? "on" : undefined,
          track: b.track ? "on" : undefined,
          isLocked: b.isLocked ? "on" : undefined,
        }
      : { key: b.id, type: b.type };

  it("locks a tracked question on save and shows it read-only, with no move, duplicate or delete", async () => {
    const { id, stored } = await lockedSurvey();
    expect(stored.blocks[1]).toMatchObject({ type: "choice", track: true, isLocked: true });
    const html = await (await appFetch(builder(id), { cookie: alice })).text();
    expect(textOf(html)).toContain("Locked");
    const actions = await attrs(html, "button[aria-label]", "aria-label");
    expect(actions).toContain("Delete block 1");
    expect(actions).toContain("Delete block 3");
    expect(actions).not.toContain("Delete block 2");
    expect(actions).not.toContain("Duplicate block 2");
    expect(actions).not.toContain("Move block 2 up");
    // The lock control is hidden for a tracked question, even for LockUnlockSurveyQuestion.
    expect(await attrs(html, 'input[name="blocks[1].isLocked"][type="checkbox"]', "name")).toEqual([]);
    // Unchanged, it saves again.
    expect((await post(id, body("Locked again", stored.blocks.map(asFields), { intent: "save" }))).status).toBe(302);
    expect((await row(id)).blocks).toEqual(stored.blocks);
  });

  it("refuses to edit, move, delete or duplicate a locked question, changing nothing", async () => {
    const { id, stored } = await lockedSurvey();
    const [intro, locked, outro] = stored.blocks.map(asFields);
    const attempts: Record<string, Fields[]> = {
      edit: [intro, { ...locked, label: "Changed" }, outro],
      untrack: [intro, { ...locked, track: undefined, isLocked: undefined }, outro],
      move: [locked, intro, outro],
      delete: [intro, outro],
      duplicate: [intro, locked, { ...locked, key: "n9" }, outro],
      "duplicate with its id": [intro, locked, locked, outro],
    };
    for (const [what, blocks] of Object.entries(attempts)) {
      const response = await post(id, body("Locked", blocks, { intent: "save" }));
      expect(response.status, what).toBe(409);
      expect(textOf(await response.text()), what).toContain(LOCKED);
      expect(await row(id), what).toEqual(stored);
    }
    // Others may still change around it.
    expect((await post(id, body("Locked", [{ ...intro, value: "New intro" }, locked], { intent: "save" }))).status).toBe(302);
  });

  it("refuses the lock control without LockUnlockSurveyQuestion (a team admin, any Globex person)", async () => {
    const question = { key: "n1", type: "choice", label: "Mood", scale: "agree-disagree-5" };
    const id = await insertSurvey();
    const response = await post(id, body("S", [{ ...question, isLocked: "on" }], { intent: "save" }), adam);
    expect(response.status).toBe(403);
    expect(textOf(await response.text())).toContain(LOCK_NOT_ALLOWED);
    expect((await row(id)).version).toBe(0);
    expect(
      await attrs(await (await appFetch(builder(id), { cookie: adam })).text(), 'input[type="checkbox"][name$=".isLocked"]', "name")
    ).toEqual([]);

    const globex = await insertSurvey([], "globex");
    expect((await post(globex, body("S", [{ ...question, isLocked: "on" }], { intent: "save" }), gina)).status).toBe(403);
    expect((await row(globex)).version).toBe(0);
  });

  it("lets a Slack-type super admin lock and unlock an untracked question", async () => {
    const id = await insertSurvey();
    const question = { key: "n1", type: "choice", label: "Mood", scale: "agree-disagree-5" };
    const html = await (await appFetch(builder(id), { cookie: alice })).text();
    expect(html).not.toContain('name="blocks[0].isLocked"');
    expect((await post(id, body("S", [{ ...question, isLocked: "on" }], { intent: "save" }))).status).toBe(302);
    const [locked] = (await row(id)).blocks;
    expect(locked.isLocked).toBe(true);
    const page = await (await appFetch(builder(id), { cookie: alice })).text();
    expect(await attrs(page, 'input[type="checkbox"][name="blocks[0].isLocked"]', "name")).toHaveLength(1);
    // A team admin may not edit it while it is locked.
    const edit = { key: locked.id, type: "choice", label: "Changed", scale: "agree-disagree-5", isLocked: "on" };
    expect((await post(id, body("S", [edit], { intent: "save" }), adam)).status).toBe(409);
    // Unlocked (and edited in the same save) by the permission holder.
    expect((await post(id, body("S", [{ ...edit, isLocked: undefined }], { intent: "save" }))).status).toBe(302);
    expect((await row(id)).blocks[0]).toMatchObject({ label: "Changed" });
    expect((await row(id)).blocks[0].isLocked).toBeUndefined();
  });
});

describe("survey builder: Create or Update Template (001 §2, §5)", () => {
  it("needs CreateUpdateSurveyTemplate: a team admin is sent home and nothing is written", async () => {
    const id = await insertSurvey();
    const before = [await templateCount(), await row(id)];
    const html = await (await appFetch(builder(id), { cookie: adam })).text();
    expect(textOf(html)).not.toContain("Create or Update Template");
    const response = await post(
      id,
      body("S", [EVERY_TYPE[0]], { intent: "template", templateTitle: "T", templateVisibility: "everyone" }),
      adam
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect([await templateCount(), await row(id)]).toEqual(before);
  });

  it("requires the template name, then creates a template with fresh ids and updates it", async () => {
    const id = await insertSurvey();
    const count = await templateCount();
    const html = await (await appFetch(builder(id), { cookie: alice })).text();
    expect(textOf(html)).toContain("Create or Update Template");
    const missing = await post(id, body("S", [EVERY_TYPE[2]], { intent: "template", templateTitle: " ", templateVisibility: "everyone" }));
    expect(missing.status).toBe(400);
    expect(textOf(await missing.text())).toContain("Template name required");
    expect(await templateCount()).toBe(count);

    const created = await post(
      id,
      body("S", [EVERY_TYPE[2], trackedChoice("Tracked")], {
        intent: "template",
        templateTitle: "Team pulse",
        templateDesc: "Monthly",
        templateVisibility: "workspaceAdmins",
      })
    );
    expect(created.status).toBe(302);
    expect(await templateCount()).toBe(count + 1);
    const template = await env.DB.prepare("SELECT * FROM survey_templates WHERE title = 'Team pulse' AND company_id = 'c-acme'").first<
      Record<string, string | number>
    >();
    expect(template).toMatchObject({ desc: "Monthly", visible_to_everyone: 0, visible_to_workspace_admin: 1 });
    const survey = await row(id);
    const templateBlocks = JSON.parse(String(template!.blocks)) as SurveyBlock[];
    expect(templateBlocks.map((b) => (b.type === "choice" ? b.label : ""))).toEqual(
      survey.blocks.map((b) => (b.type === "choice" ? b.label : ""))
    );
    expect(templateBlocks.some((b) => survey.blocks.some((s) => s.id === b.id))).toBe(false);
    expect(templateBlocks.some((b) => b.isLocked)).toBe(false);

    const updated = await post(
      id,
      body(
        "S",
        survey.blocks.map((b) => ({
          key: b.id,
          type: "choice",
          label: (b as ChoiceBlock).label,
          scale: "nps",
          track: (b as ChoiceBlock).track ? "on" : undefined,
          isLocked: b.isLocked ? "on" : undefined,
          commentBox: (b as ChoiceBlock).commentBox ? "on" : undefined,
          commentBoxGuide: (b as ChoiceBlock).commentBoxGuide,
          required: "on",
        })),
        {
          intent: "template",
          templateId: String(template!.id),
          templateTitle: "Team pulse v2",
          templateVisibility: "superAdmin",
        }
      )
    );
    expect(updated.status).toBe(302);
    expect(await templateCount()).toBe(count + 1);
    expect(
      await env.DB.prepare("SELECT title, visible_to_everyone, visible_to_workspace_admin FROM survey_templates WHERE id = ?")
        .bind(template!.id)
        .first()
    ).toEqual({
      title: "Team pulse v2",
      visible_to_everyone: 0,
      visible_to_workspace_admin: 0,
    });
  });
});

describe("survey builder: access", () => {
  it("is a 404 for another company's survey, and sends people without ViewSurveys home", async () => {
    const id = await insertSurvey([{ id: "s1", type: "static-text", value: "Acme only" }]);
    const before = await row(id);
    const page = await appFetch(builder(id), { cookie: gina });
    expect(page.status).toBe(404);
    expect(textOf(await page.text())).not.toContain("Acme only");
    expect((await post(id, body("Hijack", [EVERY_TYPE[0]], { intent: "save" }), gina)).status).toBe(404);
    expect(await row(id)).toEqual(before);
    const home = await appFetch(builder(id), { cookie: sam });
    expect(home.status).toBe(302);
    expect(home.headers.get("Location")).toBe("/");
    expect((await post(id, body("Hijack", [EVERY_TYPE[0]], { intent: "save" }), sam)).status).toBe(302);
    expect(await row(id)).toEqual(before);
  });
});
