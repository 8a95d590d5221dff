import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { personGoals } from "~/modules/goals/person-goals.server";
import { appFetch, sessionFor } from "./helpers";
import { texts, textOf } from "./shell-html";

// Goals on profiles (002 §2.7, §3-§6): the list, Add New, edit, delete, and the goal-actions form
// (approve, complete), each goal's can-flags, guarded writes, and nothing written on a refusal.

const OWN = "/my-profile/u-acme-eve/goals";
const AS_MANAGER = "/my-team/default/users/u-acme-eve/goals";
const AS_ADMIN = "/organization/settings/users/u-acme-eve/goals";
const DAY = 86_400_000;

const future = (days = 10) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

function post(path: string, fields: Array<[string, string]>, cookie: string) {
  return appFetch(path, { method: "POST", body: new URLSearchParams(fields), cookie });
}

async function insertGoal(id: string, fields: { userId?: string; companyId?: string; approved?: string; completed?: string } = {}) {
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO goals (id, company_id, user_id, name, description, deadline, competency_ids, behaviour_ids, approval_status, approval_action_by, approval_at,
      completion_status, completion_action_by, completion_at, created_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, NULL, ?, '[]', '[]', ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  )
    .bind(
      id,
      fields.companyId ?? "c-acme",
      fields.userId ?? "u-acme-eve",
      `Test goal ${id}`,
      now + 30 * DAY,
      fields.approved ? 1 : 0,
      fields.approved ?? null,
      fields.approved ? now : null,
      fields.completed ? 1 : 0,
      fields.completed ?? null,
      fields.completed ? now : null,
      fields.userId ?? "u-acme-eve",
      now,
      now
    )
    .run();
}

async function goalRow(id: string) {
  return env.DB.prepare("SELECT * FROM goals WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

async function goalCount() {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM goals").first<{ n: number }>())!.n;
}

afterEach(async () => {
  await env.DB.prepare("DELETE FROM goals WHERE id LIKE 't-%' OR name LIKE 'Test %'").run();
});

describe("goals: the list", () => {
  it("lists the person's goals with their state and who acted, and Add New for the person", async () => {
    const response = await appFetch(OWN, { cookie: await sessionFor("eve@acme.test") });
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    expect(text).toContain("Publish the Q3 roadmap");
    expect(text).toContain("Approved by Mona");
    expect(text).toContain("Past deadline");
    expect(await texts(html, "a[data-goal-add]")).toEqual(["Add New"]);
  });

  it("says 'No goals set!' for a person without goals", async () => {
    const html = await (await appFetch("/my-profile/u-acme-sam/goals", { cookie: await sessionFor("sam@acme.test") })).text();
    expect(textOf(html)).toContain("No goals set!");
  });

  it("shows no controls to a colleague without rights, and refuses their forms writing nothing", async () => {
    await insertGoal("t-colleague");
    const cookie = await sessionFor("ed@acme.test");
    const html = await (await appFetch(AS_MANAGER, { cookie })).text();
    expect(textOf(html)).toContain("Test goal t-colleague");
    expect(html).not.toContain("data-goal-add");
    expect(html).not.toContain("dialog=edit");
    const before = await goalCount();
    const added = await post(AS_MANAGER, [["intent", "goal-save"], ["name", "Test by Ed"], ["deadline", future()]], cookie);
    expect(added.status).toBe(400);
    const deleted = await post(AS_MANAGER, [["intent", "goal-delete"], ["goalId", "t-colleague"]], cookie);
    expect(deleted.status).toBe(400);
    const approved = await post(AS_MANAGER, [["intent", "goal-actions"], ["goalId", "t-colleague"], ["approvalStatus", "on"]], cookie);
    expect(approved.status).toBe(400);
    expect(await goalCount()).toBe(before);
    expect((await goalRow("t-colleague"))!.approval_status).toBe(0);
  });

  it("refuses a manager of others (PerformGoalsAction) who does not manage the person", async () => {
    await insertGoal("t-not-mine", { userId: "u-acme-priya" });
    const cookie = await sessionFor("olivia@acme.test");
    const html = await (await appFetch("/my-team/default/users/u-acme-priya/goals", { cookie })).text();
    expect(html).not.toContain("data-goal-add");
    const response = await post("/my-team/default/users/u-acme-priya/goals", [["intent", "goal-actions"], ["goalId", "t-not-mine"], ["approvalStatus", "on"]], cookie);
    expect(response.status).toBe(400);
    expect((await goalRow("t-not-mine"))!.approval_status).toBe(0);
  });
});

describe("goals: add, edit, delete", () => {
  it("adds a goal with competencies and behaviours and redirects to the tab with a toast", async () => {
    const cookie = await sessionFor("eve@acme.test");
    const response = await post(
      `${OWN}?goal=new`,
      [
        ["intent", "goal-save"],
        ["name", "Test launch goal"],
        ["description", "Ship it"],
        ["deadline", future(20)],
        ["competencyIds", "k-acme-communication"],
        ["behaviourIds", "k-acme-communication-2"],
      ],
      cookie
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(OWN);
    expect(response.headers.get("Set-Cookie") ?? "").toContain("toast");
    const row = await env.DB.prepare("SELECT * FROM goals WHERE name = 'Test launch goal'").first<Record<string, unknown>>();
    expect(row).toMatchObject({ company_id: "c-acme", user_id: "u-acme-eve", created_by: "u-acme-eve", approval_status: 0, completion_status: 0, description: "Ship it" });
    expect(JSON.parse(String(row!.competency_ids))).toEqual(["k-acme-communication"]);
    expect(JSON.parse(String(row!.behaviour_ids))).toEqual(["k-acme-communication-2"]);
    const goals = await personGoals(createDb(env.DB), "c-acme", "u-acme-eve", 50);
    expect(goals.find((g) => g.name === "Test launch goal")?.behaviours).toEqual([{ id: "k-acme-communication-2", name: "Writes clearly and concisely" }]);
  });

  it.each([
    ["a missing name", [["deadline", future()]], "This is a required field."],
    ["a deadline in the past", [["name", "Test past"], ["deadline", "2020-01-01"]], "Deadline cannot be in the past"],
    ["a missing deadline", [["name", "Test no deadline"]], "This is a required field."],
    [
      "a behaviour outside the chosen competencies",
      [["name", "Test outside"], ["deadline", future()], ["competencyIds", "k-acme-communication"], ["behaviourIds", "k-acme-ownership-1"]],
      "Choose only behaviours of the chosen competencies.",
    ],
    ["another company's competency", [["name", "Test foreign"], ["deadline", future()], ["competencyIds", "k-globex-communication"]], "Choose competencies of your company."],
  ] as Array<[string, Array<[string, string]>, string]>)("refuses %s with its message and writes nothing", async (_label, fields, message) => {
    const cookie = await sessionFor("eve@acme.test");
    const before = await goalCount();
    const response = await post(`${OWN}?goal=new`, [["intent", "goal-save"], ...fields], cookie);
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain(message);
    expect(await goalCount()).toBe(before);
  });

  it("renders the add form server-side with the name marked required", async () => {
    const html = await (await appFetch(`${OWN}?goal=new`, { cookie: await sessionFor("eve@acme.test") })).text();
    expect(html).toContain('value="goal-save"');
    expect(textOf(html)).toContain("Name *");
    // Without JavaScript every competency's behaviours are offered, grouped.
    expect(html).toContain('data-behaviours-of="k-acme-leadership"');
  });

  it("edits a goal, as the person's manager", async () => {
    await insertGoal("t-edit");
    const response = await post(
      `${AS_MANAGER}?goal=t-edit&dialog=edit`,
      [["intent", "goal-save"], ["goalId", "t-edit"], ["name", "Test renamed"], ["deadline", future(40)]],
      await sessionFor("mona@acme.test")
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(AS_MANAGER);
    expect((await goalRow("t-edit"))!.name).toBe("Test renamed");
  });

  it("deletes a goal after the confirmation, and not once completed", async () => {
    await insertGoal("t-delete");
    await insertGoal("t-done", { approved: "u-acme-mona", completed: "u-acme-eve" });
    const cookie = await sessionFor("eve@acme.test");
    const confirm = await (await appFetch(`${OWN}?goal=t-delete&dialog=delete`, { cookie })).text();
    expect(textOf(confirm)).toContain("Delete goal?");
    const response = await post(`${OWN}?goal=t-delete&dialog=delete`, [["intent", "goal-delete"], ["goalId", "t-delete"]], cookie);
    expect(response.status).toBe(302);
    expect(await goalRow("t-delete")).toBeNull();
    const refused = await post(OWN, [["intent", "goal-delete"], ["goalId", "t-done"]], cookie);
    expect(refused.status).toBe(400);
    expect(await goalRow("t-done")).not.toBeNull();
  });
});

describe("goals: approval and completion", () => {
  it("lets the person's manager approve, recording who", async () => {
    await insertGoal("t-approve");
    const response = await post(`${AS_MANAGER}?goal=t-approve&dialog=actions`, [["intent", "goal-actions"], ["goalId", "t-approve"], ["approvalStatus", "on"]], await sessionFor("mona@acme.test"));
    expect(response.status).toBe(302);
    expect(await goalRow("t-approve")).toMatchObject({ approval_status: 1, approval_action_by: "u-acme-mona", completion_status: 0 });
  });

  it("refuses approving one's own goal unless an admin", async () => {
    await insertGoal("t-own");
    const response = await post(`${OWN}?goal=t-own&dialog=actions`, [["intent", "goal-actions"], ["goalId", "t-own"], ["approvalStatus", "on"]], await sessionFor("eve@acme.test"));
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain("You cannot approve your own goal.");
    expect((await goalRow("t-own"))!.approval_status).toBe(0);

    await insertGoal("t-admin-own", { userId: "u-acme-alice" });
    const admin = await post("/my-profile/u-acme-alice/goals", [["intent", "goal-actions"], ["goalId", "t-admin-own"], ["approvalStatus", "on"]], await sessionFor("alice@acme.test"));
    expect(admin.status).toBe(302);
    expect((await goalRow("t-admin-own"))!.approval_status).toBe(1);
  });

  it("refuses completion before approval with the message, then completes once approved", async () => {
    await insertGoal("t-complete");
    const cookie = await sessionFor("eve@acme.test");
    const early = await post(`${OWN}?goal=t-complete&dialog=actions`, [["intent", "goal-actions"], ["goalId", "t-complete"], ["completionStatus", "on"]], cookie);
    expect(early.status).toBe(400);
    expect(textOf(await early.text())).toContain("Goal cannot be completed without approval");
    expect((await goalRow("t-complete"))!.completion_status).toBe(0);

    // The approval already given rides along with the form (a hidden field); the server trusts the row, not the form.
    const forged = await post(OWN, [["intent", "goal-actions"], ["goalId", "t-complete"], ["approvalStatus", "on"], ["completionStatus", "on"]], cookie);
    expect(forged.status).toBe(400);
    expect((await goalRow("t-complete"))!.completion_status).toBe(0);

    await env.DB.prepare("UPDATE goals SET approval_status = 1, approval_action_by = 'u-acme-mona' WHERE id = 't-complete'").run();
    const done = await post(OWN, [["intent", "goal-actions"], ["goalId", "t-complete"], ["approvalStatus", "on"], ["completionStatus", "on"]], cookie);
    expect(done.status).toBe(302);
    expect(await goalRow("t-complete")).toMatchObject({ completion_status: 1, completion_action_by: "u-acme-eve" });
    const html = await (await appFetch(AS_ADMIN, { cookie: await sessionFor("alice@acme.test") })).text();
    expect(textOf(html)).toContain("Completed by Eve");
  });

  it("answers 404 for another company's goal, writing nothing", async () => {
    await insertGoal("t-globex", { companyId: "c-globex", userId: "u-globex-tina" });
    const cookie = await sessionFor("mona@acme.test");
    const page = await appFetch(`${AS_MANAGER}?goal=t-globex&dialog=edit`, { cookie });
    expect(page.status).toBe(404);
    const response = await post(AS_MANAGER, [["intent", "goal-actions"], ["goalId", "t-globex"], ["approvalStatus", "on"]], cookie);
    expect(response.status).toBe(404);
    const deleted = await post(AS_MANAGER, [["intent", "goal-delete"], ["goalId", "t-globex"]], cookie);
    expect(deleted.status).toBe(404);
    expect((await goalRow("t-globex"))!.approval_status).toBe(0);
  });
});

describe("goals: Teams-type", () => {
  it("has no goals: the tab redirects and a goal form is refused", async () => {
    const cookie = await sessionFor("tina@globex.test");
    const page = await appFetch("/my-profile/u-globex-tina/goals", { cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).not.toContain("/goals");
    const before = await goalCount();
    const response = await post("/my-profile/u-globex-tina/goals", [["intent", "goal-save"], ["name", "Test teams"], ["deadline", future()]], cookie);
    expect(response.status).toBe(302);
    expect(await goalCount()).toBe(before);
  });
});
