import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";
import { textOf } from "./shell-html";

// The OKR and performance-contract pages and the profile's Objectives tab (001 §2, §3; the
// demo sets: Eve approved, Ed submitted to Mona, Priya pending with one objective of weight 50).

const OKR = "/objective-campaign/okr";

function post(path: string, fields: Array<[string, string]>, cookie: string) {
  return appFetch(path, { method: "POST", body: new URLSearchParams(fields), cookie });
}

const rid = () => crypto.randomUUID();

async function objectivesOf(userId: string) {
  const { results } = await env.DB.prepare("SELECT id, name, weight FROM objectives WHERE owner_id = ? ORDER BY created_at, id").bind(userId).all<{ id: string; name: string; weight: number }>();
  return results;
}

async function stateOf(userId: string) {
  return (await env.DB.prepare("SELECT state FROM objectives_participants WHERE campaign_id = 'oc-acme-okr' AND user_id = ?").bind(userId).first<{ state: string }>())?.state;
}

describe("OKR page", () => {
  it("shows the person's active campaign, its state, their OKRs with key results and check-ins", async () => {
    const eve = await sessionFor("eve@acme.test");
    const page = textOf(await (await appFetch(OKR, { cookie: eve })).text());
    expect(page).toContain("H2 OKRs");
    expect(page).toContain("Approved");
    expect(page).toContain("Improve new-customer activation");
    expect(page).toContain("Customer interviews");
    expect(page).toContain("Check-ins");
    const contracts = textOf(await (await appFetch("/objective-campaign/performance-contract", { cookie: eve })).text());
    expect(contracts).toContain("No objectives yet.");
    const globex = await sessionFor("tom@globex.test");
    expect(textOf(await (await appFetch("/objective-campaign/performance-contract", { cookie: globex })).text())).toContain("Renewals");
  });

  it("adds an objective with key results without JavaScript; weights over 100 and bad numbers are refused and write nothing", async () => {
    const priya = await sessionFor("priya@acme.test");
    const before = await objectivesOf("u-acme-priya");
    const over = await post(OKR, [["intent", "saveObjective"], ["requestId", rid()], ["kind", "okr"], ["name", "Too heavy"], ["weight", "60"]], priya);
    expect(over.status).toBe(400);
    expect(await over.text()).toContain("The weights of your objectives add up to more than 100.");
    const range = await post(OKR, [["intent", "saveObjective"], ["requestId", rid()], ["kind", "okr"], ["name", "Odd"], ["weight", "150"]], priya);
    expect(range.status).toBe(400);
    expect(await range.text()).toContain("Weight must be a whole number between 0 and 100.");
    const badTarget = await post(
      OKR,
      [["intent", "saveObjective"], ["requestId", rid()], ["kind", "okr"], ["name", "Faster builds"], ["weight", "50"], ["keyResults[0].name", "Build time"], ["keyResults[0].target", "soon"]],
      priya
    );
    expect(badTarget.status).toBe(400);
    expect(await objectivesOf("u-acme-priya")).toEqual(before);

    const ok = await post(
      OKR,
      [
        ["intent", "saveObjective"],
        ["requestId", rid()],
        ["kind", "okr"],
        ["name", "Faster builds"],
        ["weight", "50"],
        ["keyResults[0].name", "Build time"],
        ["keyResults[0].startValue", "20"],
        ["keyResults[0].target", "8.5"],
        ["keyResults[0].unit", "minutes"],
        ["keyResults[0].direction", "decrease"],
        ["keyResults[1].name", ""],
      ],
      priya
    );
    expect(ok.status).toBe(302);
    const added = (await objectivesOf("u-acme-priya")).find((o) => o.name === "Faster builds")!;
    expect(added.weight).toBe(50);
    const krs = await env.DB.prepare("SELECT name, target, start_value, direction FROM objective_key_results WHERE objective_id = ?").bind(added.id).all();
    expect(krs.results).toEqual([{ name: "Build time", target: 8.5, start_value: 20, direction: "decrease" }]);

    const submit = await post(OKR, [["intent", "submitObjectives"], ["requestId", rid()]], priya);
    expect(submit.status).toBe(302);
    expect(await stateOf("u-acme-priya")).toBe("submitted");
  });

  it("saves an actual (the day's check-in), refuses one that is not a number, and a resent form acts once", async () => {
    const eve = await sessionFor("eve@acme.test");
    const kr = (await env.DB.prepare("SELECT k.id FROM objective_key_results k WHERE k.objective_id = 'obj-acme-eve-discovery'").first<{ id: string }>())!;
    const bad = await post(OKR, [["intent", "saveActual"], ["requestId", rid()], ["keyResultId", kr.id], ["actual", "lots"]], eve);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Actual must be a number.");
    const requestId = rid();
    const fields: Array<[string, string]> = [["intent", "saveActual"], ["requestId", requestId], ["keyResultId", kr.id], ["actual", "17.25"], ["comment", "Two more this week"], ["autosave", "1"]];
    expect((await post(OKR, fields, eve)).status).toBe(200);
    expect((await post(OKR, fields, eve)).status).toBe(200);
    const row = await env.DB.prepare("SELECT actual FROM objective_key_results WHERE id = ?").bind(kr.id).first<{ actual: number }>();
    expect(row!.actual).toBe(17.25);
    const today = new Date().toISOString().slice(0, 10);
    const checkIns = await env.DB.prepare("SELECT value, comment FROM objective_check_ins WHERE key_result_id = ? AND day = ?").bind(kr.id, today).all();
    expect(checkIns.results).toEqual([{ value: 17.25, comment: "Two more this week" }]);
  });

  it("the manager approves a submitted set on the profile; the person cannot approve their own", async () => {
    const ed = await sessionFor("ed@acme.test");
    const own = await post("/my-profile/u-acme-ed/objectives", [["intent", "approveObjectives"], ["requestId", rid()], ["campaignId", "oc-acme-okr"]], ed);
    expect(own.status).toBe(400);
    expect(await stateOf("u-acme-ed")).toBe("submitted");
    const mona = await sessionFor("mona@acme.test");
    const tab = textOf(await (await appFetch("/my-team/default/users/u-acme-ed/objectives", { cookie: mona })).text());
    expect(tab).toContain("Ship the design system");
    expect(tab).toContain("Approve objectives");
    const approve = await post("/my-team/default/users/u-acme-ed/objectives", [["intent", "approveObjectives"], ["requestId", rid()], ["campaignId", "oc-acme-okr"]], mona);
    expect(approve.status).toBe(302);
    expect(await stateOf("u-acme-ed")).toBe("approved");
    // Approved: read-only except actuals.
    const edit = await post(OKR, [["intent", "saveObjective"], ["requestId", rid()], ["kind", "okr"], ["objectiveId", "obj-acme-ed-research"], ["name", "Renamed"], ["weight", "30"]], ed);
    expect(edit.status).toBe(400);
    expect((await objectivesOf("u-acme-ed")).map((o) => o.name)).toContain("Raise usability scores");
  });

  it("another company's objective is a 404 and unchanged; a colleague sees no one else's objectives", async () => {
    const priya = await sessionFor("priya@acme.test");
    const res = await post(OKR, [["intent", "deleteObjective"], ["requestId", rid()], ["objectiveId", "obj-globex-tom-pipeline"]], priya);
    expect([400, 404]).toContain(res.status);
    expect((await objectivesOf("u-globex-tom")).map((o) => o.id)).toContain("obj-globex-tom-pipeline");
    const sam = await sessionFor("sam@acme.test");
    const none = textOf(await (await appFetch(OKR, { cookie: sam })).text());
    expect(none).not.toContain("Improve new-customer activation");
  });
});
