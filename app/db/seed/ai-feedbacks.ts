// Demo AI feedbacks (001 §3 "AI feedback"): for some of the demo 1-on-1s (Acme's "Leadership
// 1-on-1s", Globex's "Sales 1-on-1s", app/db/seed/feedback-loops.ts) the reviewer's crafted
// feedback, most submitted (submitted_at spread over the past months, so every engagement window
// has figures) and one in progress for each company; the other meetings have none, so their
// reviewer is offered 'Help me craft feedback'. Each is read by the real embedded analyser against
// the company's competencies and stored through aiFeedbackRecord, as the crafting tool stores it.
//
// Loaded by Node's own type stripping through demo.ts: modules by their `.ts` path, types with `import type`.
import type { CompetencyRef } from "../../modules/ai/types";
// @ts-ignore TS5097
import { analyseFeedback } from "../../modules/ai/analyser.ts";
// @ts-ignore TS5097
import { aiFeedbackRecord, changeCompetency, readingOf } from "../../modules/one-on-ones/ai-feedback-rules.ts";
import type { AiFeedbackRecord } from "../../modules/one-on-ones/ai-feedback-rules";
import type { Row, SeedTables } from "./tables";

const DAY = 86_400_000;

interface DemoAiFeedback {
  meetingId: string;
  /** Days before the seed's day it was submitted; null: still being written. */
  submittedDaysAgo: number | null;
  text: string;
  /** A competency the reviewer added themselves (tag "human"). */
  addStrength?: string;
}

/** The meetings that have AI feedback and what their reviewer wrote. */
export const DEMO_AI_FEEDBACKS: DemoAiFeedback[] = [
  {
    meetingId: "oo-acme-leadership-1on1-1-01",
    submittedDaysAgo: 40,
    text:
      "In last week's planning meeting you shared the migration risks early and walked the team through each trade-off. " +
      "Because you raised them before we committed, we moved the launch by two days instead of slipping by two weeks. " +
      "Next quarter, try writing the risks up in the planning doc before the meeting so people can read them ahead.",
    addStrength: "Ownership",
  },
  {
    meetingId: "oo-acme-leadership-1on1-1-02",
    submittedDaysAgo: 130,
    text:
      "During the customer escalation on the billing bug you listened carefully and explained the fix clearly to the customer. " +
      "The customer thanked us in writing and renewed. " +
      "I would like you to share what you learned with the support team in a short write-up by the end of the month.",
  },
  {
    meetingId: "oo-acme-leadership-1on1-1-03",
    submittedDaysAgo: 230,
    text:
      "You are always late and careless with reviews. " +
      "In the last three code reviews you approved changes without running the tests, and one broke the release. " +
      "Please run the test suite before approving and ask for help when a review is too large.",
  },
  {
    meetingId: "oo-acme-leadership-1on1-1-04",
    submittedDaysAgo: null,
    text: "Great work on the onboarding project. You coached the two new hires and they shipped in their first week.",
  },
  {
    meetingId: "oo-globex-sales-1on1-1-01",
    submittedDaysAgo: 20,
    text:
      "In the Q3 pipeline review you set clear expectations for each account executive and followed up every Friday. " +
      "The team closed 15% more deals than planned. " +
      "Keep coaching the newer reps: pair each of them with a senior rep on their next two demos.",
  },
  {
    meetingId: "oo-globex-sales-1on1-1-02",
    submittedDaysAgo: 100,
    text:
      "In the client demo for Northwind you answered every question calmly and explained the trade-offs to the client. " +
      "They signed the contract the following week. " +
      "Next time, send the follow-up summary the same day so the client has it while the demo is fresh.",
  },
  {
    meetingId: "oo-globex-sales-1on1-1-03",
    submittedDaysAgo: null,
    text: "You sometimes miss the weekly forecast deadline. When the numbers come late the team cannot plan.",
  },
];

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function rowOf(record: AiFeedbackRecord): Row {
  const row: Row = {};
  for (const [key, value] of Object.entries(record)) {
    row[snake(key)] = value === null ? null : typeof value === "boolean" ? (value ? 1 : 0) : typeof value === "object" ? JSON.stringify(value) : (value as string | number);
  }
  return row;
}

/** The company's competencies with their behaviours, ordered as the app reads them (tagCatalogue). */
function catalogueOf(tables: SeedTables, companyId: string): CompetencyRef[] {
  const competencies = (tables.competencies ?? [])
    .filter((c) => c.company_id === companyId)
    .sort((a, b) => String(a.name).toLowerCase().localeCompare(String(b.name).toLowerCase()) || String(a.id).localeCompare(String(b.id)));
  return competencies.map((c) => ({
    id: String(c.id),
    name: String(c.name),
    behaviours: (tables.behaviours ?? [])
      .filter((b) => b.competency_id === c.id)
      .sort((a, b) => Number(a.position) - Number(b.position))
      .map((b) => ({ id: String(b.id), name: String(b.name) })),
  }));
}

export function demoAiFeedbackRows(tables: SeedTables, now: number): SeedTables {
  const today = Math.floor(now / DAY) * DAY;
  const out: SeedTables = { ai_feedbacks: [] };
  const meetings = new Map((tables.one_on_ones ?? []).map((m) => [String(m.id), m]));
  DEMO_AI_FEEDBACKS.forEach((demo, i) => {
    const meeting = meetings.get(demo.meetingId);
    if (!meeting) return;
    const companyId = String(meeting.company_id);
    const catalogue = catalogueOf(tables, companyId);
    const reading = readingOf(demo.text, analyseFeedback(demo.text, catalogue));
    const added = demo.addStrength ? catalogue.find((c) => c.name === demo.addStrength) : undefined;
    if (added) {
      const changed = changeCompetency({ strength: reading.strengthCompetency, development: reading.developmentAreaCompetency }, { op: "add", list: "strength", competencyId: added.id });
      if (changed.ok) {
        reading.strengthCompetency = changed.strength;
        reading.developmentAreaCompetency = changed.development;
      }
    }
    const submittedAt = demo.submittedDaysAgo === null ? null : today - demo.submittedDaysAgo * DAY + 15 * 3_600_000;
    const record = aiFeedbackRecord({
      id: `af-${demo.meetingId.slice(3)}`,
      companyId,
      meeting: { id: demo.meetingId, reviewerId: String(meeting.reviewer_id), revieweeId: String(meeting.reviewee_id) },
      reading,
      now: (submittedAt ?? today - DAY) - 2 * 3_600_000 + i * 60_000,
      submittedAt,
    });
    out.ai_feedbacks!.push(rowOf(record));
  });
  return out;
}
