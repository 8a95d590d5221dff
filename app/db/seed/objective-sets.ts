import type { CheckInInput, KeyResultInput, ObjectiveInput } from "../../modules/objectives/objective-records";
import type { Row, SeedTables } from "./tables";

/**
 * People's objectives in the demo objectives campaigns (oc-acme-okr, oc-globex-pc, oc-initech-okr):
 * Eve's OKRs approved with weeks of check-ins, Ed's submitted, Priya's pending with one objective;
 * Globex's performance contracts in several states; one Initech person with 10 objectives of 5
 * key results (the OKR page's benchmark). It changes the participants' state columns of the rows
 * the campaigns' seed wrote.
 *
 * The rows are those of objective-records.ts (the write plans' functions) in the seed's column
 * form; the seed runs without a bundler, so the functions are repeated here in that form and
 * tests/workers/objectives-okr.test.ts's seed check compares them.
 */

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Kr = Omit<KeyResultInput, "id" | "description" | "subRole" | "client" | "industry" | "incomeStatement"> &
  Partial<Pick<KeyResultInput, "subRole" | "client" | "industry" | "incomeStatement">> & { actuals?: number[] };
type Obj = Omit<ObjectiveInput, "keyResults" | "description"> & { keyResults: Kr[] };

function rowsOf(t: SeedTables, o: Obj, at: number, checkInFrom: number) {
  const okr = o.docType === "okr";
  t.objectives.push({
    id: o.id,
    company_id: o.companyId,
    owner_id: o.ownerId,
    campaign_id: o.campaignId,
    name: o.name,
    description: null,
    weight: o.weight,
    doc_type: o.docType,
    kpis: "[]",
    created_at: at,
    updated_at: at,
  });
  o.keyResults.forEach((k, position) => {
    const id = `${o.id}-kr${position + 1}`;
    const actuals = k.actuals ?? [];
    t.objective_key_results.push({
      id,
      company_id: o.companyId,
      objective_id: o.id,
      position,
      name: k.name,
      description: null,
      period: k.period,
      sub_role: okr ? null : (k.subRole ?? null),
      client: okr ? null : (k.client ?? null),
      industry: okr ? null : (k.industry ?? null),
      income_statement: !okr && k.incomeStatement ? 1 : 0,
      target: k.target,
      actual: actuals.length ? actuals[actuals.length - 1]! : null,
      start_value: okr ? k.startValue : null,
      unit: okr ? k.unit : null,
      direction: okr ? (k.direction ?? "increase") : null,
      created_at: at,
      updated_at: at,
    });
    // One check-in a week, the last one today's.
    actuals.forEach((value, i) => {
      const when = checkInFrom + (i - (actuals.length - 1)) * 7 * DAY;
      const c: CheckInInput = { companyId: o.companyId, objectiveId: o.id, keyResultId: id, day: dayOf(when), value, comment: i === actuals.length - 1 ? "On track" : null, createdBy: o.ownerId };
      t.objective_check_ins.push({ id: `${id}:${c.day}`, company_id: c.companyId, objective_id: c.objectiveId, key_result_id: c.keyResultId, day: c.day, value: c.value, comment: c.comment, created_by: c.createdBy, created_at: when } as Row);
    });
  });
}

/** The seed takes a table's columns from its first row: the company objectives' rows have no campaign. */
function withObjectiveColumns(t: SeedTables) {
  for (const r of t.objectives ?? []) {
    if (!("campaign_id" in r)) r.campaign_id = null;
    if (!("updated_at" in r)) r.updated_at = null;
  }
}

function setState(t: SeedTables, campaignId: string, userId: string, state: "pending" | "submitted" | "approved", at: number, approver: string | null) {
  const p = t.objectives_participants.find((r) => r.campaign_id === campaignId && r.user_id === userId);
  if (!p) return;
  p.state = state;
  p.submitted_at = state === "pending" ? null : at;
  p.approved_at = state === "approved" ? at : null;
  p.approved_by = state === "approved" ? approver : null;
}

const okrKr = (name: string, startValue: number, target: number, unit: string, actuals: number[], direction: "increase" | "decrease" = "increase"): Kr => ({
  name, period: "Quarter", startValue, target, unit, direction, actuals,
});
const kpi = (name: string, target: number, extra: Partial<Kr> = {}): Kr => ({ name, period: "2026", startValue: null, target, unit: null, direction: null, ...extra });

export function demoObjectiveSetRows(t: SeedTables, now: number): SeedTables {
  withObjectiveColumns(t);
  const out: SeedTables = { objectives: [], objective_key_results: [], objective_check_ins: [], objectives_participants: t.objectives_participants ?? [] };
  const today = Math.floor(now / DAY) * DAY;
  const start = today - 30 * DAY;
  const acme = { companyId: "c-acme", campaignId: "oc-acme-okr" };
  if ((t.objectives_campaigns ?? []).some((c) => c.id === acme.campaignId)) {
    const eve = { ...acme, ownerId: "u-acme-eve", docType: "okr" as const };
    rowsOf(out, { ...eve, id: "obj-acme-eve-activation", name: "Improve new-customer activation", weight: 60, keyResults: [
      okrKr("Activation rate", 40, 60, "%", [41, 44, 47, 50]),
      okrKr("Time to first value", 14, 7, "days", [14, 12, 11, 9], "decrease"),
    ] }, start, today);
    rowsOf(out, { ...eve, id: "obj-acme-eve-discovery", name: "Run continuous discovery", weight: 40, keyResults: [okrKr("Customer interviews", 0, 24, "interviews", [3, 8, 12, 15])] }, start, today);
    setState(out, acme.campaignId, "u-acme-eve", "approved", start + 3 * DAY, "u-acme-mona");
    const ed = { ...acme, ownerId: "u-acme-ed", docType: "okr" as const };
    rowsOf(out, { ...ed, id: "obj-acme-ed-design-system", name: "Ship the design system", weight: 70, keyResults: [okrKr("Components documented", 0, 40, "components", [])] }, start, today);
    rowsOf(out, { ...ed, id: "obj-acme-ed-research", name: "Raise usability scores", weight: 30, keyResults: [okrKr("Task success", 70, 90, "%", [])] }, start, today);
    setState(out, acme.campaignId, "u-acme-ed", "submitted", today - DAY, null);
    rowsOf(out, { ...acme, ownerId: "u-acme-priya", docType: "okr", id: "obj-acme-priya-quality", name: "Fewer escaped defects", weight: 50, keyResults: [okrKr("Escaped defects a month", 12, 4, "defects", [], "decrease")] }, start, today);
  }
  const globex = { companyId: "c-globex", campaignId: "oc-globex-pc", docType: "performance-contract" as const };
  if ((t.objectives_campaigns ?? []).some((c) => c.id === globex.campaignId)) {
    rowsOf(out, { ...globex, ownerId: "u-globex-tina", id: "obj-globex-tina-revenue", name: "New business revenue", weight: 100, keyResults: [
      kpi("Booked revenue", 500000, { incomeStatement: true, client: "Mid-market", industry: "Manufacturing", subRole: "Account Executive", actuals: [120000, 180000] }),
      kpi("New logos", 12, { actuals: [3, 5] }),
    ] }, start, today);
    setState(out, globex.campaignId, "u-globex-tina", "approved", start + 2 * DAY, "u-globex-mike");
    rowsOf(out, { ...globex, ownerId: "u-globex-tom", id: "obj-globex-tom-renewals", name: "Renewals", weight: 60, keyResults: [kpi("Renewal revenue", 300000, { incomeStatement: true, actuals: [90000] })] }, start, today);
    rowsOf(out, { ...globex, ownerId: "u-globex-tom", id: "obj-globex-tom-pipeline", name: "Pipeline", weight: 40, keyResults: [kpi("Qualified opportunities", 30)] }, start, today);
    setState(out, globex.campaignId, "u-globex-tom", "submitted", today - 2 * DAY, null);
    rowsOf(out, { ...globex, ownerId: "u-globex-mike", id: "obj-globex-mike-team", name: "Team quota attainment", weight: 50, keyResults: [kpi("Team bookings", 2000000, { incomeStatement: true })] }, start, today);
  }
  return { objectives: out.objectives, objective_key_results: out.objective_key_results, objective_check_ins: out.objective_check_ins };
}

/**
 * The benchmark's person: Initech's admin (the bench signs in as them) with 10 objectives of 5
 * key results, approved.
 */
export const BENCH_OKR_PERSON = "u-initech-admin";

export function largeObjectiveSetRows(t: SeedTables, now: number): SeedTables {
  withObjectiveColumns(t);
  const out: SeedTables = { objectives: [], objective_key_results: [], objective_check_ins: [], objectives_participants: t.objectives_participants ?? [] };
  if (!(t.objectives_campaigns ?? []).some((c) => c.id === "oc-initech-okr")) return { objectives: [], objective_key_results: [], objective_check_ins: [] };
  const today = Math.floor(now / DAY) * DAY;
  for (let i = 1; i <= 10; i++) {
    rowsOf(out, {
      companyId: "c-initech", campaignId: "oc-initech-okr", ownerId: BENCH_OKR_PERSON, docType: "okr",
      id: `obj-initech-bench-${String(i).padStart(2, "0")}`, name: `Objective ${i}`, weight: 10,
      keyResults: Array.from({ length: 5 }, (_, j) => okrKr(`Key result ${i}.${j + 1}`, 0, 100, "%", [10 + j, 20 + j, 30 + j, 40 + j])),
    }, today - 30 * DAY, today);
  }
  setState(out, "oc-initech-okr", BENCH_OKR_PERSON, "approved", today - 20 * DAY, "u-initech-admin");
  return { objectives: out.objectives, objective_key_results: out.objective_key_results, objective_check_ins: out.objective_check_ins };
}
