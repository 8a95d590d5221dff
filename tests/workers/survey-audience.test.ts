import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";
import { texts, textOf } from "./shell-html";

// The audience step: four sections saved on their own, the §5 rules, the Teams group details.

const QUESTION = [{ id: "q1", type: "text-input", label: "Anything to add?", placeholder: "Type your answer here", required: false }];
const ACME = "sv-aud-acme";
const GLOBEX = "sv-aud-globex";
const path = (id: string) => `/surveys/survey-library/${id}/survey-audience`;
let alice: string;
let gina: string;

async function insertSurvey(id: string, companyId: string, scope: { workspaceId?: string; groupId?: string }) {
  await env.DB.prepare(
    `INSERT OR REPLACE INTO surveys (id, company_id, title, workspace_id, group_id, blocks, updated_at) VALUES (?, ?, 'Pulse check', ?, ?, ?, 0)`
  )
    .bind(id, companyId, scope.workspaceId ?? null, scope.groupId ?? null, JSON.stringify(QUESTION))
    .run();
}

const row = (id: string) =>
  env.DB.prepare(
    "SELECT audience_type, audience_ids, inspector_type, inspector_ids, anonymous, min_submission_count, live_results, version FROM surveys WHERE id = ?"
  )
    .bind(id)
    .first<Record<string, unknown>>();

/** POST a section's form as a browser without JavaScript (repeated names for checkboxes). */
async function post(id: string, fields: Record<string, string | string[]>, cookie = alice) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return appFetch(path(id), { method: "POST", body, cookie });
}

beforeAll(async () => {
  alice = await sessionFor("alice@acme.test");
  gina = await sessionFor("gina@globex.test");
});

beforeEach(async () => {
  await insertSurvey(ACME, "c-acme", { workspaceId: "w-acme-hq" });
  await insertSurvey(GLOBEX, "c-globex", { groupId: "g-globex-engineering" });
});

describe("survey audience: each section is saved on its own", () => {
  it("saves the audience, the result viewers, anonymity and visibility independently", async () => {
    const audience = await post(ACME, {
      section: "audience",
      intent: "save",
      audienceType: "channels",
      channels: ["ch-acme-product", "ch-acme-sales"],
    });
    expect(audience.status).toBe(302);
    expect(audience.headers.get("Location")).toContain(path(ACME));
    expect(await row(ACME)).toMatchObject({
      audience_type: "channels",
      audience_ids: JSON.stringify(["ch-acme-product", "ch-acme-sales"]),
      inspector_type: null,
      anonymous: 0,
      min_submission_count: 0,
      live_results: 0,
    });

    expect((await post(ACME, { section: "inspectors", intent: "save", inspectorType: "users", inspectors: ["u-acme-alice"] })).status).toBe(
      302
    );
    expect(await row(ACME)).toMatchObject({
      audience_type: "channels",
      inspector_type: "users",
      inspector_ids: JSON.stringify(["u-acme-alice"]),
    });

    expect((await post(ACME, { section: "anonymity", intent: "save", anonymous: "yes", minSubmissionCount: "3" })).status).toBe(302);
    expect(await row(ACME)).toMatchObject({ anonymous: 1, min_submission_count: 3, live_results: 0, inspector_type: "users" });

    expect((await post(ACME, { section: "visibility", intent: "save", resultVisibility: "live" })).status).toBe(302);
    expect(await row(ACME)).toMatchObject({ live_results: 1, anonymous: 1, audience_type: "channels" });

    // The page shows what is saved: the two channels ticked and the audience's size (product 4 + sales 5).
    const html = await (await appFetch(path(ACME), { cookie: alice })).text();
    expect(html).toMatch(/value="ch-acme-product"[^>]*checked|checked[^>]*value="ch-acme-product"/);
    expect(textOf(html)).toContain("9 people would receive the survey now");
  });

  it("refuses a section sent with an unknown or missing intent, or cleared where Clear does not exist, with 400 and writes nothing", async () => {
    await post(ACME, { section: "visibility", intent: "save", resultVisibility: "closed" });
    const before = await row(ACME);
    for (const intent of ["bogus", null]) {
      const fields: Record<string, string> = { section: "visibility", resultVisibility: "live" };
      if (intent) fields.intent = intent;
      expect((await post(ACME, fields)).status).toBe(400);
    }
    expect((await post(ACME, { section: "anonymity", intent: "clear" })).status).toBe(400);
    expect((await post(ACME, { section: "elsewhere", intent: "save" })).status).toBe(400);
    expect(await row(ACME)).toEqual(before);
  });

  it("Clear resets the audience, and the result viewers, leaving the rest", async () => {
    await post(ACME, { section: "audience", intent: "save", audienceType: "team" });
    await post(ACME, { section: "inspectors", intent: "save", inspectorType: "audience" });
    expect((await post(ACME, { section: "audience", intent: "clear" })).status).toBe(302);
    expect(await row(ACME)).toMatchObject({ audience_type: null, audience_ids: "[]", inspector_type: "audience" });
    expect((await post(ACME, { section: "inspectors", intent: "clear" })).status).toBe(302);
    expect(await row(ACME)).toMatchObject({ inspector_type: null, inspector_ids: "[]" });
  });

  it("offers Team, Workspace, Channels and Users on Slack-type, Users and Groups on Teams-type", async () => {
    const slack = await (await appFetch(path(ACME), { cookie: alice })).text();
    expect(await texts(slack, 'form[id^="audience-"] label span.font-medium')).toEqual(["Team", "Workspace", "Channels", "Users"]);
    const teams = await (await appFetch(path(GLOBEX), { cookie: gina })).text();
    expect(await texts(teams, 'form[id^="audience-"] label span.font-medium')).toEqual(["Users", "Groups"]);
    // A Teams-type survey cannot take a Slack-type audience.
    const refused = await post(GLOBEX, { section: "audience", intent: "save", audienceType: "team" }, gina);
    expect(refused.status).toBe(400);
    expect((await row(GLOBEX))?.audience_type).toBeNull();
  });
});

describe("survey audience: §5 rules, nothing written while invalid", () => {
  it("requires a type and, for channels, users or groups, a selection", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, "Choose who receives the survey."],
      [{ audienceType: "channels" }, "Select at least one channel."],
      [{ audienceType: "users" }, "Select at least one user."],
    ];
    for (const [fields, message] of cases) {
      const response = await post(ACME, { section: "audience", intent: "save", ...fields });
      expect(response.status).toBe(400);
      expect(textOf(await response.text())).toContain(message);
    }
    const groups = await post(GLOBEX, { section: "audience", intent: "save", audienceType: "groups" }, gina);
    expect(groups.status).toBe(400);
    expect(textOf(await groups.text())).toContain("Select at least one group.");
    const viewers = await post(ACME, { section: "inspectors", intent: "save", inspectorType: "users" });
    expect(viewers.status).toBe(400);
    expect(textOf(await viewers.text())).toContain("Select at least one user.");
    expect(await row(ACME)).toMatchObject({ audience_type: null, inspector_type: null, version: 0 });
  });

  it("refuses a channel of another workspace or a person outside the survey's workspace", async () => {
    const response = await post(ACME, { section: "audience", intent: "save", audienceType: "channels", channels: "ch-acme-research" });
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain("Choose from the list.");
    const outsider = await post(ACME, { section: "audience", intent: "save", audienceType: "users", users: "u-globex-tina" });
    expect(outsider.status).toBe(400);
    expect((await row(ACME))?.version).toBe(0);
  });

  it("keeps an anonymous minimum within the chosen users: MaxSubmissionCount and MaxSelectedAudienceUsers", async () => {
    await post(ACME, { section: "audience", intent: "save", audienceType: "users", users: ["u-acme-eve", "u-acme-ed"] });
    const tooMany = await post(ACME, { section: "anonymity", intent: "save", anonymous: "yes", minSubmissionCount: "3" });
    expect(tooMany.status).toBe(400);
    const html = await tooMany.text();
    expect(await texts(html, '[id$="minSubmissionCount-error"]')).toEqual(["MaxSubmissionCount"]);
    expect(await row(ACME)).toMatchObject({ anonymous: 0, min_submission_count: 0 });

    // Not anonymous: no limit. Anonymous with 2: fine.
    expect((await post(ACME, { section: "anonymity", intent: "save", anonymous: "no", minSubmissionCount: "3" })).status).toBe(302);
    expect((await post(ACME, { section: "anonymity", intent: "save", anonymous: "yes", minSubmissionCount: "2" })).status).toBe(302);

    // Now the audience may not shrink below the minimum.
    const fewer = await post(ACME, { section: "audience", intent: "save", audienceType: "users", users: ["u-acme-eve"] });
    expect(fewer.status).toBe(400);
    expect(await texts(await fewer.text(), '[id$="users-error"]')).toEqual(["MaxSelectedAudienceUsers"]);
    expect((await row(ACME))?.audience_ids).toBe(JSON.stringify(["u-acme-eve", "u-acme-ed"]));

    const negative = await post(ACME, { section: "anonymity", intent: "save", anonymous: "yes", minSubmissionCount: "-1" });
    expect(negative.status).toBe(400);
    expect(textOf(await negative.text())).toContain("Enter a whole number, 0 or more.");
    expect((await row(ACME))?.min_submission_count).toBe(2);
  });
});

describe("survey audience: Teams group details", () => {
  it("strikes through members of a chosen group who are not in the survey's group channel", async () => {
    expect(
      (await post(GLOBEX, { section: "audience", intent: "save", audienceType: "groups", groups: "g-globex-people" }, gina)).status
    ).toBe(302);
    const html = await (await appFetch(path(GLOBEX), { cookie: gina })).text();
    // People Ops: Gina, Xavier and Yara are not in Engineering (the survey's group); Gary is.
    const struck = await texts(html, 'details[data-group="g-globex-people"] li[data-valid="false"] s');
    expect(struck.map((n) => n.split(" ")[0]).sort()).toEqual(["Gina", "Xavier", "Yara"]);
    const valid = await texts(html, 'details[data-group="g-globex-people"] li[data-valid="true"]');
    expect(valid.map((n) => n.split(" ")[0])).toEqual(["Gary"]);
    expect(textOf(html)).toContain("Struck-through members must be added to the Engineering channel to receive the survey.");
    // Only Gary would receive it.
    expect(textOf(html)).toContain("1 person would receive the survey now");
  });
});

describe("survey audience: access", () => {
  it("answers 404 for another company's survey, to reads and writes", async () => {
    expect((await appFetch(path(GLOBEX), { cookie: alice })).status).toBe(404);
    const write = await post(GLOBEX, { section: "audience", intent: "save", audienceType: "users", users: "u-globex-tina" });
    expect(write.status).toBe(404);
    expect((await row(GLOBEX))?.audience_type).toBeNull();
  });

  it("sends an employee home", async () => {
    const sam = await sessionFor("sam@acme.test");
    const response = await appFetch(path(ACME), { cookie: sam });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const write = await post(ACME, { section: "audience", intent: "save", audienceType: "team" }, sam);
    expect(write.status).toBe(302);
    expect((await row(ACME))?.audience_type).toBeNull();
  });
});
