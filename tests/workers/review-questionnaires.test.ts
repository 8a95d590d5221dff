import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, postForm, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

const LIBRARY = "/reviews/review-questionnaires";
const GALLERY = `${LIBRARY}/add-new-questionnaire`;
const REQUIRED = "This is a required field.";

interface StoredRow {
  id: string;
  title: string;
  blocks: string;
  hide_competency_selector: number;
}

async function templates(companyId = "c-acme") {
  const { results } = await env.DB.prepare(
    "SELECT id, title, blocks, hide_competency_selector FROM review_templates WHERE company_id = ? ORDER BY created_at, id"
  )
    .bind(companyId)
    .all<StoredRow>();
  return results;
}

/**
 * Form fields for the builder, as the page names them (Conform: blocks[i].field), sent by Save
 * (`intent=save`) unless `extra` names another button: an intent, a list intent or Full Preview.
 */
function builderFields(name: string, blocks: Array<Record<string, string | string[]>>, extra: Record<string, string> = {}) {
  const button: Record<string, string> = "intent" in extra || "__intent__" in extra || "preview" in extra ? {} : { intent: "save" };
  const body = new URLSearchParams({ name, ...button, ...extra });
  blocks.forEach((block, i) => {
    for (const [field, value] of Object.entries(block)) {
      if (Array.isArray(value)) value.forEach((v, j) => body.append(`blocks[${i}].${field}[${j}]`, v));
      else body.append(`blocks[${i}].${field}`, value);
    }
  });
  return body;
}

function post(path: string, body: URLSearchParams, cookie: string) {
  return appFetch(path, { method: "POST", body, cookie });
}

/** One block of every type, with the fields a person would fill in. */
const EVERY_TYPE: Array<Record<string, string | string[]>> = [
  { key: "n1", type: "title", text: "Annual review 2026" },
  { key: "n2", type: "subtitle", text: "Your year" },
  { key: "n3", type: "short-text", label: "Your biggest win", placeholder: "One sentence", required: "on" },
  { key: "n4", type: "long-text", label: "What will you change next year?", placeholder: "Type your answer here" },
  {
    key: "n5",
    type: "multi-select",
    label: "Overall rating",
    scale: "custom",
    customItems: "Below\n\n  \nMeets\nAbove\n",
    numericValue: "on",
    choiceValues: ["1", "3", "5"],
    view: "dropdown",
    required: "on",
    notApplicable: "on",
    commentBox: "on",
    commentBoxGuide: "Give one example",
  },
  {
    key: "n6",
    type: "competency-question",
    label: "How well does this person communicate?",
    competencyId: "k-acme-communication",
    scale: "agree-disagree-5",
    view: "matrix",
    showDescription: "on",
    showBehaviours: "on",
    isBehavior: "on",
    required: "on",
  },
  {
    key: "n7",
    type: "objective-question",
    label: "Progress on this objective",
    objectiveId: "o-acme-grow-annual-recurring-revenue",
    scale: "score-1-5",
    view: "radio",
    showKPIs: "on",
  },
];

describe("questionnaire library (000 §2)", () => {
  it("shows the exact empty state and an Add New link to the gallery", async () => {
    // The demo seed gives Globex two questionnaires; this company has none for the test.
    await env.DB.prepare("DELETE FROM review_templates WHERE company_id = 'c-globex'").run();
    const cookie = await sessionFor("gina@globex.test");
    const html = await (await appFetch(LIBRARY, { cookie })).text();
    expect(textOf(html)).toContain("No review questionnaires found. Click Add New to create one!");
    expect(await attrs(html, "main a", "href")).toContain(GALLERY);
  });

  it("sends a person without the review builder permission home", async () => {
    const cookie = await sessionFor("sam@acme.test");
    for (const path of [LIBRARY, GALLERY, `${LIBRARY}/new`]) {
      const response = await appFetch(path, { cookie });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
  });

  it("lists Name and Created At, sorted by name either way", async () => {
    const cookie = await sessionFor("alice@acme.test");
    for (const name of ["Beta review", "alpha review", "Gamma review"]) {
      expect((await post(`${LIBRARY}/new`, builderFields(name, [EVERY_TYPE[2]]), cookie)).status).toBe(302);
    }
    // Only this test's rows (the demo seed has questionnaires of its own).
    const ours = (titles: string[]) => titles.filter((t) => / review$/.test(t));
    const asc = await (await appFetch(`${LIBRARY}?sort=title&dir=asc`, { cookie })).text();
    expect(ours(await texts(asc, "tbody td:first-child a"))).toEqual(
      ["Beta review", "Gamma review", "alpha review"].sort((a, b) => (a < b ? -1 : 1))
    );
    const desc = await (await appFetch(`${LIBRARY}?sort=title&dir=desc`, { cookie })).text();
    expect(ours(await texts(desc, "tbody td:first-child a"))).toEqual(ours(await texts(asc, "tbody td:first-child a")).reverse());
    expect(await texts(asc, "thead th")).toEqual(expect.arrayContaining(["Name ▲", "Created At"]));
  });
});

describe("templates gallery (000 §2)", () => {
  it("offers build-from-scratch and six predefined templates", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const html = await (await appFetch(GALLERY, { cookie })).text();
    const hrefs = await attrs(html, 'ul[aria-label="Templates"] a', "href");
    expect(hrefs[0]).toBe(`${LIBRARY}/new`);
    for (const id of [
      "annual-review",
      "360-peer-review",
      "manager-upward-review",
      "self-review",
      "probation-review",
      "quarterly-check-in",
    ]) {
      expect(hrefs).toContain(`${GALLERY}/${id}`);
    }
  });

  it("opens a predefined template in the builder with the company's competencies picked, and saves it", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const response = await appFetch(`${GALLERY}/360-peer-review`, { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    const name = (await attrs(html, 'input[name="name"]', "value"))[0];
    expect(name).toBeTruthy();
    expect(await attrs(html, 'select[name$=".competencyId"] option[selected]', "value")).not.toContain("");
    expect((await appFetch(`${GALLERY}/no-such-template`, { cookie })).status).toBe(404);
  });
});

describe("questionnaire builder (000 §2, §3, §5)", () => {
  it("creates a questionnaire with every block type and reopens it unchanged", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const response = await post(
      `${LIBRARY}/new`,
      builderFields("  Annual review  ", EVERY_TYPE, { intent: "template", hideCompetencySelector: "on" }),
      cookie
    );
    expect(response.status).toBe(302);
    const [row] = (await templates()).filter((t) => t.title === "Annual review");
    expect(row).toBeTruthy();
    expect(response.headers.get("Location")).toBe(`${LIBRARY}/${row.id}`);
    expect(row.hide_competency_selector).toBe(1);
    const blocks = JSON.parse(row.blocks);
    expect(blocks.map((b: { type: string }) => b.type)).toEqual([
      "title",
      "subtitle",
      "short-text",
      "long-text",
      "multi-select",
      "competency-question",
      "objective-question",
    ]);
    expect(blocks[2].textValue).toEqual({ label: "Your biggest win", placeholder: "One sentence", required: true });
    // Custom items: empty lines dropped, the typed values kept.
    expect(blocks[4].multiSelectValue.choices).toEqual([
      { text: "Below", value: 1 },
      { text: "Meets", value: 3 },
      { text: "Above", value: 5 },
    ]);
    expect(blocks[4].multiSelectValue).toMatchObject({
      selectedView: "dropdown",
      dropdown: true,
      isNotApplicableOption: true,
      commentBoxGuide: "Give one example",
    });
    expect(blocks[5].competencyValue.competency.name).toBe("Communication");
    expect(blocks[5].competencyValue.competency.behaviours.length).toBeGreaterThan(0);
    expect(blocks[5].competencyValue.choices.map((c: { text: string }) => c.text)).toEqual([
      "Strongly Disagree",
      "Disagree",
      "Neutral",
      "Agree",
      "Strongly Agree",
    ]);
    expect(blocks[6].objectiveValue.objective.kpis.length).toBe(2);
    expect(blocks[6].objectiveValue.choices.map((c: { value: number }) => c.value)).toEqual([1, 2, 3, 4, 5]);

    // Reopen: the builder shows what was saved, and saving it again unchanged changes nothing.
    const html = await (await appFetch(`${LIBRARY}/${row.id}`, { cookie })).text();
    expect(await attrs(html, 'input[name="name"]', "value")).toEqual(["Annual review"]);
    expect(html).toMatch(/<textarea[^>]*name="blocks\[4\]\.customItems"[^>]*>Below\nMeets\nAbove<\/textarea>/);
    const keys = await attrs(html, 'input[name$=".key"]', "value");
    expect(keys).toEqual(blocks.map((b: { id: string }) => b.id));
    const resave = EVERY_TYPE.map((b, i) => ({
      ...b,
      key: keys[i],
      customItems: i === 4 ? "Below\nMeets\nAbove" : (b.customItems as string),
    })).map((b) => Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined))) as Array<Record<string, string | string[]>>;
    expect(
      (await post(`${LIBRARY}/${row.id}`, builderFields("Annual review", resave, { intent: "save", hideCompetencySelector: "on" }), cookie))
        .status
    ).toBe(302);
    const [again] = (await templates()).filter((t) => t.id === row.id);
    expect(JSON.parse(again.blocks)).toEqual(blocks);
  });

  it("renumbers custom items from 0 when numeric values are off", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const block = {
      key: "n1",
      type: "multi-select",
      label: "Pick one",
      scale: "custom",
      customItems: "Red\nGreen\n\nBlue",
      choiceValues: ["7", "8"],
      view: "radio",
    };
    expect((await post(`${LIBRARY}/new`, builderFields("Colours", [block]), cookie)).status).toBe(302);
    const [row] = (await templates()).filter((t) => t.title === "Colours");
    expect(JSON.parse(row.blocks)[0].multiSelectValue.choices).toEqual([
      { text: "Red", value: 0 },
      { text: "Green", value: 1 },
      { text: "Blue", value: 2 },
    ]);
  });

  it("shows each validation message and saves nothing while invalid", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const before = (await templates()).length;
    const cases: Array<[URLSearchParams, string, string]> = [
      [builderFields("   ", [EVERY_TYPE[2]]), "name", REQUIRED],
      [builderFields("Only a title", [EVERY_TYPE[0]]), "blocks", "Please add at least one question."],
      [builderFields("No label", [{ key: "n1", type: "long-text", label: "  " }]), "blocks[0].label", REQUIRED],
      [
        builderFields("No choices", [{ key: "n1", type: "multi-select", label: "Q", scale: "custom", customItems: "\n\n", view: "radio" }]),
        "blocks[0].customItems",
        REQUIRED,
      ],
      [
        builderFields("Negative", [
          {
            key: "n1",
            type: "multi-select",
            label: "Q",
            scale: "custom",
            customItems: "A\nB",
            numericValue: "on",
            choiceValues: ["1", "-2"],
            view: "radio",
          },
        ]),
        "blocks[0].choiceValues[1]",
        "MinValue0",
      ],
      [
        builderFields("No guide", [{ key: "n1", type: "multi-select", label: "Q", scale: "yes-no", commentBox: "on", view: "radio" }]),
        "blocks[0].commentBoxGuide",
        REQUIRED,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(`${LIBRARY}/new`, body, cookie);
      expect(response.status, field).toBe(400);
      const html = await response.text();
      expect(textOf(html), field).toContain(message);
      if (field !== "blocks" && !field.includes("choiceValues"))
        expect(await attrs(html, `[name="${field}"]`, "aria-invalid"), field).toEqual(["true"]);
    }
    expect((await templates()).length).toBe(before);
  });

  it("adds, moves and removes blocks without JavaScript: the form comes back changed, nothing is saved", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const before = (await templates()).length;
    const two = [
      { key: "n1", type: "short-text", label: "First" },
      { key: "n2", type: "short-text", label: "Second" },
    ];
    const reorder = builderFields("Draft", two, {
      __intent__: JSON.stringify({ type: "reorder", payload: { name: "blocks", from: 1, to: 0 } }),
    });
    const moved = await post(`${LIBRARY}/new`, reorder, cookie);
    expect(moved.status).toBe(200);
    expect(await attrs(await moved.text(), 'input[name$=".label"]', "value")).toEqual(["Second", "First"]);
    const insert = builderFields("Draft", two, {
      __intent__: JSON.stringify({ type: "insert", payload: { name: "blocks", defaultValue: { key: "n3", type: "title", text: "" } } }),
    });
    const added = await (await post(`${LIBRARY}/new`, insert, cookie)).text();
    expect(await attrs(added, 'input[name$=".type"]', "value")).toEqual(["short-text", "short-text", "title"]);
    const remove = builderFields("Draft", two, { __intent__: JSON.stringify({ type: "remove", payload: { name: "blocks", index: 0 } }) });
    expect(await attrs(await (await post(`${LIBRARY}/new`, remove, cookie)).text(), 'input[name$=".label"]', "value")).toEqual(["Second"]);
    expect((await templates()).length).toBe(before);
  });

  it("refuses a valid questionnaire sent with an unknown or missing intent with 400 and saves nothing", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const before = (await templates()).length;
    const unknown = builderFields("Forged", [EVERY_TYPE[2]], { intent: "bogus" });
    const missing = builderFields("Forged", [EVERY_TYPE[2]]);
    missing.delete("intent");
    for (const body of [unknown, missing]) expect((await post(`${LIBRARY}/new`, body, cookie)).status).toBe(400);
    expect((await templates()).length).toBe(before);
    // Full Preview without JavaScript carries no intent: the form comes back with the preview, nothing saved.
    const preview = await post(`${LIBRARY}/new`, builderFields("Forged", [EVERY_TYPE[2]], { preview: "full" }), cookie);
    expect(preview.status).toBe(200);
    expect((await templates()).length).toBe(before);
  });

  it("saves a questionnaire of 200 questions and reopens it intact", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const many = Array.from({ length: 200 }, (_, i) => ({
      key: `n${i + 1}`,
      type: "multi-select",
      label: `Question ${i + 1}`,
      scale: "nps",
      view: "radio",
    }));
    expect((await post(`${LIBRARY}/new`, builderFields("Long one", many), cookie)).status).toBe(302);
    const [row] = (await templates()).filter((t) => t.title === "Long one");
    const blocks = JSON.parse(row.blocks);
    expect(blocks.length).toBe(200);
    expect(blocks[199].multiSelectValue.label).toBe("Question 200");
    expect(blocks[0].multiSelectValue.choices.length).toBe(11);
    const html = await (await appFetch(`${LIBRARY}/${row.id}`, { cookie })).text();
    expect((await attrs(html, 'input[name$=".label"]', "value")).length).toBe(200);
  });

  it("offers the company's first five competencies and objectives, and says when there are none", async () => {
    const acme = await sessionFor("alice@acme.test");
    const html = await (await appFetch(`${GALLERY}/annual-review`, { cookie: acme })).text();
    const offered = await texts(html, 'select[name="blocks[0].competencyId"] option, select[name$=".competencyId"] option');
    const { results } = await env.DB.prepare("SELECT name FROM competencies WHERE company_id = 'c-acme' ORDER BY name LIMIT 5").all<{
      name: string;
    }>();
    expect([...new Set(offered)].filter((o) => o !== "Choose a competency")).toEqual(results.map((r) => r.name));
    const objectives = await texts(html, 'select[name$=".objectiveId"] option');
    // The reviewee's own objectives come first, then the company's first five.
    expect(objectives[1]).toBe("The reviewee's objectives");
    expect(new Set(objectives).size - 2).toBe(5);
    await env.DB.batch([
      env.DB.prepare("DELETE FROM behaviours WHERE company_id = 'c-globex'"),
      env.DB.prepare("DELETE FROM competencies WHERE company_id = 'c-globex'"),
      env.DB.prepare("DELETE FROM objectives WHERE company_id = 'c-globex'"),
    ]);
    const globex = await sessionFor("gina@globex.test");
    const empty = textOf(await (await appFetch(`${GALLERY}/annual-review`, { cookie: globex })).text());
    expect(empty).toContain("No competencies available. Add a new one!");
    expect(empty).toContain("No objective available. Add a new one!");
  });

  it("shows the builder's empty states: nothing to preview, and an unknown questionnaire", async () => {
    const cookie = await sessionFor("gina@globex.test");
    const blank = await (await appFetch(`${LIBRARY}/new`, { cookie })).text();
    expect(textOf(blank)).toContain("No questions available to preview!");
    // Teams-type: no hide-competency-selector option, and a forged one is not stored.
    expect(await attrs(blank, 'input[name="hideCompetencySelector"]', "type")).toEqual([]);
    await post(`${LIBRARY}/new`, builderFields("Teams one", [EVERY_TYPE[2]], { hideCompetencySelector: "on" }), cookie);
    expect((await templates("c-globex")).find((t) => t.title === "Teams one")?.hide_competency_selector).toBe(0);
    const missing = await appFetch(`${LIBRARY}/does-not-exist`, { cookie });
    expect(missing.status).toBe(404);
    expect(textOf(await missing.text())).toContain("No Questionnaire found.");
  });

  it("refuses a competency that is not the company's", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const forged = { ...EVERY_TYPE[5], competencyId: "k-globex-communication" };
    const response = await post(`${LIBRARY}/new`, builderFields("Forged", [forged]), cookie);
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain("Choose one of the offered competencies.");
  });
});

describe("duplicate and delete (000 §2, §7)", () => {
  async function create(cookie: string, title: string) {
    await post(`${LIBRARY}/new`, builderFields(title, [EVERY_TYPE[2], EVERY_TYPE[5]]), cookie);
    return (await templates()).find((t) => t.title === title)!;
  }

  it("duplicates with new block ids", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const source = await create(cookie, "Original");
    const response = await postForm(LIBRARY, { intent: "duplicate", id: source.id }, cookie);
    expect(response.status).toBe(302);
    const copy = (await templates()).find((t) => t.title === "Original (copy)")!;
    const [a, b] = [JSON.parse(source.blocks), JSON.parse(copy.blocks)];
    expect(b.map((x: { type: string }) => x.type)).toEqual(a.map((x: { type: string }) => x.type));
    expect(b[0].id).not.toBe(a[0].id);
  });

  it("deletes in two steps, warning when a draft review uses it", async () => {
    const cookie = await sessionFor("alice@acme.test");
    const used = await create(cookie, "Used one");
    await env.DB.prepare(
      "INSERT INTO review_campaigns (id, company_id, title, state, template_id, updated_at) VALUES ('rc-1', 'c-acme', 'Spring draft', 'draft', ?, 0)"
    )
      .bind(used.id)
      .run();
    const check = await postForm(LIBRARY, { intent: "delete", id: used.id, initialCheck: "true" }, cookie);
    expect(check.status).toBe(200);
    const html = await check.text();
    expect(textOf(html)).toContain("This questionnaire is used in a draft review.");
    expect(textOf(html)).toContain("Spring draft");
    expect((await templates()).some((t) => t.id === used.id)).toBe(true);
    const confirmed = await postForm(LIBRARY, { intent: "delete", id: used.id, initialCheck: "false" }, cookie);
    expect(confirmed.status).toBe(302);
    expect((await templates()).some((t) => t.id === used.id)).toBe(false);
    const draft = await env.DB.prepare("SELECT template_id FROM review_campaigns WHERE id = 'rc-1'").first<{
      template_id: string | null;
    }>();
    expect(draft?.template_id).toBeNull();
  });

  it("answers 404 for another company's questionnaire, everywhere", async () => {
    const acme = await create(await sessionFor("alice@acme.test"), "Acme only");
    const cookie = await sessionFor("gina@globex.test");
    expect((await appFetch(`${LIBRARY}/${acme.id}`, { cookie })).status).toBe(404);
    expect((await postForm(LIBRARY, { intent: "duplicate", id: acme.id }, cookie)).status).toBe(404);
    expect((await postForm(LIBRARY, { intent: "delete", id: acme.id, initialCheck: "true" }, cookie)).status).toBe(404);
    expect((await postForm(LIBRARY, { intent: "delete", id: acme.id, initialCheck: "false" }, cookie)).status).toBe(404);
    expect((await post(`${LIBRARY}/${acme.id}`, builderFields("Hijack", [EVERY_TYPE[2]]), cookie)).status).toBe(404);
    expect((await templates()).find((t) => t.id === acme.id)?.title).toBe("Acme only");
  });

  it("the competency removal check counts questionnaires that use it", async () => {
    const cookie = await sessionFor("alice@acme.test");
    await create(cookie, "Uses communication");
    const html = await (
      await postForm("/organization/settings/competencies", { intent: "remove", id: "k-acme-communication", initialCheck: "true" }, cookie)
    ).text();
    expect(textOf(html)).toMatch(/Used by \d+ review questionnaires/);
  });
});
