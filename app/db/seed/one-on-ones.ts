// Demo 1-on-1s (001 §2-§4): the meetings the one-on-one loops set up (Acme "Leadership 1-on-1s",
// Globex "Sales 1-on-1s") spread over every state and date — closed ones in past months (so each
// engagement window counts differently), one in session, open, in prep and one not scheduled —
// with prep answers for some sides and shared and private notes, written through the module's
// record function (app/modules/one-on-ones/party-record.ts). AI feedbacks are seeded with the
// crafting tool's data. Globex's Mike Larsen → Tina Silva is in prep with nothing submitted.
//
// Loaded by Node's own type stripping through demo.ts: modules by their `.ts` path, types with `import type`.
// @ts-ignore TS5097
import { partyRecord } from "../../modules/one-on-ones/party-record.ts";
import type { PartyRecord } from "../../modules/one-on-ones/party-record";
import type { PrepAnswers } from "../../modules/one-on-ones/one-on-one-types";
import type { Row, SeedTables } from "./tables";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Plan = {
  state: "prep" | "open" | "session" | "closed";
  /** Days from the seed day to the scheduled time (null: not scheduled), at `hour` UTC. */
  day: number | null;
  hour?: number;
  reviewerPrep?: boolean;
  revieweePrep?: boolean;
  notes?: { reviewer?: [string, string]; reviewee?: [string, string] };
};

const AGENDA_ANSWERS = (well: string, talk: string): PrepAnswers => ({ "agenda-2": { value: well }, "agenda-3": { value: talk } });

const PLANS: Record<string, Plan> = {
  "oo-acme-leadership-1on1-1-01": {
    state: "closed",
    day: -20,
    reviewerPrep: true,
    revieweePrep: true,
    notes: {
      reviewer: ["Agreed Adam leads the Q3 planning review.", "Adam seemed stretched; check workload next time."],
      reviewee: ["I will share the planning draft by Friday.", "Ask about the budget owner role."],
    },
  },
  "oo-acme-leadership-1on1-1-02": { state: "session", day: 0, hour: 0, reviewerPrep: true, revieweePrep: true },
  "oo-acme-leadership-1on1-1-03": { state: "open", day: 1, hour: 10, reviewerPrep: true, revieweePrep: true },
  "oo-acme-leadership-1on1-1-04": { state: "prep", day: 5, revieweePrep: true },
  "oo-acme-leadership-1on1-1-05": {
    state: "closed",
    day: -100,
    reviewerPrep: true,
    notes: { reviewer: ["Kara to pair with Victor on hiring.", ""] },
  },
  "oo-globex-sales-1on1-1-01": {
    state: "closed",
    day: -40,
    reviewerPrep: true,
    revieweePrep: true,
    notes: { reviewer: ["Pipeline review moves to Mondays.", "Mike wants to grow into a regional role."], reviewee: ["", "Ask Gina about the regional role."] },
  },
  "oo-globex-sales-1on1-1-02": { state: "prep", day: 3, hour: 10 },
  "oo-globex-sales-1on1-1-03": { state: "open", day: 1, hour: 14, reviewerPrep: true, revieweePrep: true, notes: { reviewee: ["Topics: the Nordics deal.", ""] } },
  "oo-globex-sales-1on1-1-04": { state: "closed", day: -150, revieweePrep: true, notes: { reviewer: ["Ravi closes the quarter strongly.", "Discuss promotion case in spring."] } },
  "oo-globex-sales-1on1-1-05": { state: "prep", day: null },
  "oo-globex-sales-1on1-1-06": { state: "session", day: 0, hour: 0 },
};

const PREP: Record<"reviewer" | "reviewee", PrepAnswers> = {
  reviewer: AGENDA_ANSWERS("The team shipped the release on time.", "Priorities for next month and how I can help."),
  reviewee: AGENDA_ANSWERS("I finished the customer interviews.", "Workload and my development plan."),
};

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const rowOf = (r: PartyRecord): Row =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [snake(k), v !== null && typeof v === "object" ? JSON.stringify(v) : (v as string | number | null)]));

/** Places the loops' meetings (rows already in `tables`) over the states and dates above; returns their parties. */
export function demoOneOnOneRows(tables: SeedTables, now: number): SeedTables {
  const today = Math.floor(now / DAY) * DAY;
  const parties: Row[] = [];
  for (const meeting of tables.one_on_ones ?? []) {
    const plan = PLANS[String(meeting.id)];
    if (!plan) continue;
    const scheduledAt = plan.day === null ? null : today + plan.day * DAY + (plan.hour ?? 9) * HOUR;
    const started = plan.state === "session" || plan.state === "closed";
    meeting.state = plan.state;
    meeting.scheduled_at = scheduledAt;
    meeting.start_at = started ? scheduledAt : null;
    meeting.closed_at = plan.state === "closed" && scheduledAt !== null ? scheduledAt + HOUR : null;
    const prepAt = scheduledAt === null ? today - DAY : Math.min(scheduledAt, today) - 2 * DAY;
    for (const role of ["reviewer", "reviewee"] as const) {
      const prep = role === "reviewer" ? plan.reviewerPrep : plan.revieweePrep;
      const notes = plan.notes?.[role];
      if (!prep && !notes) continue;
      parties.push(
        rowOf(
          partyRecord({
            oneOnOneId: String(meeting.id),
            companyId: String(meeting.company_id),
            userId: String(role === "reviewer" ? meeting.reviewer_id : meeting.reviewee_id),
            role,
            prep: prep ? { answers: PREP[role], at: prepAt } : null,
            notes: notes ? { shared: notes[0], private: notes[1], at: (started ? scheduledAt! : today) + HOUR } : null,
          })
        )
      );
    }
  }
  return { one_on_one_parties: parties };
}

/** Initech (the benchmarks): its super admin's 200 meetings over the last year and the weeks ahead, in every state. */
export function largeOneOnOneRows(_tables: SeedTables, now: number): SeedTables {
  const today = Math.floor(now / DAY) * DAY;
  const blocks = JSON.stringify([
    { id: "agenda-1", type: "subtitle", typeTitle: "Subtitle", titleValue: { text: "Before we meet" } },
    { id: "agenda-2", type: "long-text", typeTitle: "Long Text", textValue: { label: "What went well since our last 1-on-1?", placeholder: "Type your answer here", required: false } },
  ]);
  const states = ["closed", "prep", "open", "closed"] as const;
  const rows: Row[] = [];
  for (let i = 1; i <= 200; i++) {
    const state = states[i % states.length];
    const scheduledAt = state === "closed" ? today - ((i * 7) % 360) * DAY + 9 * HOUR : today + (i % 30) * DAY + 9 * HOUR;
    rows.push({
      id: `oo-initech-${String(i).padStart(3, "0")}`,
      company_id: "c-initech",
      loop_id: null,
      run_id: null,
      reviewer_id: "u-initech-admin",
      reviewee_id: `u-initech-person${String(i).padStart(4, "0")}`,
      state,
      scheduled_at: scheduledAt,
      start_at: state === "closed" ? scheduledAt : null,
      closed_at: state === "closed" ? scheduledAt + HOUR : null,
      frequency: "does-not-repeat",
      blocks,
      created_at: today - 400 * DAY,
    });
  }
  return { one_on_ones: rows };
}
