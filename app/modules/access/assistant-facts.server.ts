import { sql, type SQL } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import type { AiFact } from "~/modules/ai/types";
import type { Person, Viewer } from "~/modules/auth/session.server";
import { personGoals } from "~/modules/goals/person-goals.server";
import {
  personObjectivesOf,
  personObjectivesSql,
  type PersonObjective,
  type PersonObjectiveRow,
} from "~/modules/objectives/person-objectives.server";
import { maySeeFeedbackItem, shownSenderId } from "./feedback.server";
import { mayReadEveryone, maySeePerson } from "./people.server";
import { mayReadReport, REPORTED_STATES } from "./review-reports.server";

/**
 * What the AI assistant may tell the asking person, read at the moment they ask. In words:
 *
 * - About a person (inputMetaData.profileId): only someone the asker may see — themselves, anyone
 *   with ViewUsers, their My Team, or the other side of a 1-on-1 they are a party to (the meeting's
 *   page shows that person's goals and objectives). Anyone else gives no facts at all.
 * - Feedback: only items the asker may see (`maySeeFeedbackItem`), never an anonymous item's sender
 *   (`shownSenderId`: the label says "Anonymous").
 * - Reviews: the figures of review reports the asker may read (`mayReadReport`): completed reviews
 *   of live and closed reviews, never a reviewer's name or answer.
 * - Goals and objectives: the person's own, once the person may be seen.
 * - The super admins' quick prompts: the company's reviews, or its latest feedback, by the same rules.
 * Each kind is bounded and the whole answer is at most MAX_FACTS items, newest first, each with a
 * key the reply cites ("F1", "G2", "O1", "R3"), a label and the page it comes from.
 */

export const MAX_FACTS = 40;
const PER_KIND = { feedback: 20, goal: 8, objective: 8, review: 8 } as const;

export type FactScope =
  | { kind: "person"; subjectId: string | null; meeting: { reviewerId: string; revieweeId: string } | null }
  | { kind: "company-reviews" }
  | { kind: "company-feedback" };

export interface AssistantFacts {
  /** The person the question is about, when the asker may see them. */
  subject: { id: string; name: string } | null;
  /** True when the question named a person the asker may not see (the reply says so; no facts). */
  refused: boolean;
  facts: AiFact[];
}

type Asker = Person;

export async function assistantFacts(db: Db, asker: Asker, scope: FactScope): Promise<AssistantFacts> {
  if (scope.kind === "company-reviews") {
    return { subject: null, refused: false, facts: reviewFactsOf(await db.all<ReviewRow>(reviewSql(asker, null, PER_KIND.review * 5))) };
  }
  if (scope.kind === "company-feedback") {
    return { subject: null, refused: false, facts: feedbackFactsOf(asker, await db.all<FeedbackRow>(feedbackSql(asker, null, MAX_FACTS))) };
  }
  if (!scope.subjectId) return { subject: null, refused: false, facts: [] };
  const subjectId = scope.subjectId;
  // Every statement carries the visibility rule itself, so the four reads are one D1 round trip.
  const may = subjectRule(asker, subjectId, scope.meeting);
  const [subjectRows, feedbackRows, objectiveRows, reviewRows] = await db.$client.batch([
    d1Statement(db, sql`SELECT u.id AS id, u.name AS name FROM users u WHERE u.company_id = ${asker.company.id} AND u.id = ${subjectId} AND ${may} LIMIT 1`),
    d1Statement(db, sql`${feedbackSql(asker, subjectId, PER_KIND.feedback, may)}`),
    d1Statement(db, sql`SELECT * FROM (${personObjectivesSql(asker.company.id, subjectId, { limit: PER_KIND.objective })}) WHERE ${may}`),
    d1Statement(db, reviewSql(asker, subjectId, PER_KIND.review, may)),
  ]);
  const subject = (subjectRows.results[0] as { id: string; name: string } | undefined) ?? null;
  if (!subject) return { subject: null, refused: true, facts: [] };
  const goals = await goalFacts(db, asker, subject.id);
  const objectives = objectiveFactsOf(asker, subject.id, personObjectivesOf(objectiveRows.results as PersonObjectiveRow[]));
  const facts = [
    ...feedbackFactsOf(asker, feedbackRows.results as unknown as FeedbackRow[]),
    ...reviewFactsOf(reviewRows.results as unknown as ReviewRow[]),
    ...goals,
    ...objectives,
  ];
  return { subject, refused: false, facts: facts.slice(0, MAX_FACTS) };
}

/** Whether the asker may see the subject, as SQL: a 1-on-1's parties see each other. */
function subjectRule(asker: Asker, subjectId: string, meeting: { reviewerId: string; revieweeId: string } | null): SQL {
  const me = asker.user.id;
  const party =
    meeting !== null &&
    (meeting.reviewerId === me || meeting.revieweeId === me || asker.user.isSuperAdmin) &&
    (subjectId === meeting.reviewerId || subjectId === meeting.revieweeId);
  return party ? sql`1` : maySeePerson(asker, { kind: "my-team" }, subjectId);
}

/** The page a fact about `personId` opens for the asker. */
function profileBase(asker: Asker, personId: string): string {
  if (personId === asker.user.id) return `/my-profile/${encodeURIComponent(personId)}`;
  if (mayReadEveryone(asker)) return `/organization/settings/users/${encodeURIComponent(personId)}`;
  return `/my-team/default-relationship/users/${encodeURIComponent(personId)}`;
}

function day(ms: number): string {
  return new Date(ms).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

function clip(text: string, max = 600): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

interface FeedbackRow {
  id: string;
  receiver_id: string;
  receiver_name: string;
  sender_id: string | null;
  sender_name: string | null;
  anonymous: number;
  title: string;
  text: string | null;
  situation: string | null;
  behavior: string | null;
  impact: string | null;
  next_step: string | null;
  strength: string | null;
  development: string | null;
  sd_next_step: string | null;
  sent_at: number;
}

function feedbackSql(asker: Asker, subjectId: string | null, limit: number, may: SQL = sql`1`): SQL {
  return sql`
    SELECT fi.id, fi.receiver_id, r.name AS receiver_name, fi.sender_id, s.name AS sender_name, fi.anonymous,
           fi.feedback_type_title AS title, fi.feedback_text AS text, fi.situation_text AS situation,
           fi.behavior_text AS behavior, fi.impact_text AS impact, fi.sbi_next_step_text AS next_step,
           fi.strength_text AS strength, fi.development_area_text AS development, fi.sd_next_step_text AS sd_next_step,
           fi.sent_at
    FROM feedback_items fi
    JOIN users r ON r.id = fi.receiver_id AND r.company_id = fi.company_id
    LEFT JOIN users s ON s.id = fi.sender_id AND s.company_id = fi.company_id AND fi.anonymous = 0
    WHERE fi.company_id = ${asker.company.id}
      ${subjectId ? sql`AND fi.receiver_id = ${subjectId}` : sql``}
      AND ${maySeeFeedbackItem(asker)} AND ${may}
    ORDER BY fi.sent_at DESC, fi.id
    LIMIT ${limit}`;
}

function feedbackFactsOf(asker: Asker, rows: FeedbackRow[]): AiFact[] {
  return rows.map((row, i) => {
    const senderId = shownSenderId({ anonymous: row.anonymous, senderId: row.sender_id });
    const from = senderId ? (row.sender_name ?? "a colleague") : "Anonymous";
    const parts = [
      row.text,
      row.situation && `Situation: ${row.situation}`,
      row.behavior && `Behaviour: ${row.behavior}`,
      row.impact && `Impact: ${row.impact}`,
      row.next_step && `Next step: ${row.next_step}`,
      row.strength && `Strength: ${row.strength}`,
      row.development && `Development area: ${row.development}`,
      row.sd_next_step && `Next step: ${row.sd_next_step}`,
    ].filter((part): part is string => Boolean(part && part.trim()));
    return {
      key: `F${i + 1}`,
      kind: "feedback" as const,
      aboutId: row.receiver_id,
      text: clip(parts.join(" ") || row.title),
      label: `${row.title} from ${from} to ${row.receiver_name}, ${day(row.sent_at)}`,
      href: `${profileBase(asker, row.receiver_id)}/feedback?feedback=${encodeURIComponent(row.id)}`,
    };
  });
}

async function goalFacts(db: Db, asker: Asker, subjectId: string): Promise<AiFact[]> {
  const goals = await personGoals(db, asker.company.id, subjectId, PER_KIND.goal);
  return goals.map((goal, i) => ({
    key: `G${i + 1}`,
    kind: "goal" as const,
    aboutId: subjectId,
    text: clip(
      [
        goal.name,
        goal.description,
        goal.deadline ? `Deadline ${goal.deadline.slice(0, 10)}.` : null,
        goal.competencies.length ? `Competencies: ${goal.competencies.map((c) => c.name).join(", ")}.` : null,
        goal.completionStatus ? "Completed." : goal.approvalStatus ? "Approved, not completed." : "Not approved yet.",
      ]
        .filter(Boolean)
        .join(" ")
    ),
    label: `Goal: ${goal.name}`,
    href: `${profileBase(asker, subjectId)}/goals`,
  }));
}

function objectiveFactsOf(asker: Asker, subjectId: string, objectives: PersonObjective[]): AiFact[] {
  return objectives.slice(-PER_KIND.objective).map((objective, i) => ({
    key: `O${i + 1}`,
    kind: "objective" as const,
    aboutId: subjectId,
    text: clip(
      [
        objective.name,
        objective.description,
        `Campaign: ${objective.campaignTitle}.`,
        objective.progress === null ? null : `Progress ${Math.round(objective.progress)}%.`,
        objective.keyResults.length ? `Key results: ${objective.keyResults.map((k) => k.name).join("; ")}.` : null,
      ]
        .filter(Boolean)
        .join(" ")
    ),
    label: `Objective: ${objective.name}`,
    href: `${profileBase(asker, subjectId)}/objectives`,
  }));
}

interface ReviewRow {
  campaign_id: string;
  title: string;
  state: string;
  reviewee_id: string;
  reviewee_name: string;
  completed: number;
  total: number;
  updated_at: number;
}

function reviewSql(asker: Asker, subjectId: string | null, limit: number, may: SQL = sql`1`): SQL {
  return sql`
    SELECT c.id AS campaign_id, c.title, c.state, p.reviewee_id, u.name AS reviewee_name,
           SUM(CASE WHEN p.completed_at IS NOT NULL THEN 1 ELSE 0 END) AS completed, COUNT(*) AS total,
           MAX(p.updated_at) AS updated_at
    FROM review_pairs p
    JOIN review_campaigns c ON c.id = p.campaign_id AND c.company_id = p.company_id
    JOIN users u ON u.id = p.reviewee_id AND u.company_id = p.company_id
    WHERE p.company_id = ${asker.company.id} AND c.state IN ${REPORTED_STATES}
      ${subjectId ? sql`AND p.reviewee_id = ${subjectId}` : sql``}
      AND ${mayReadReport(asker as Viewer)} AND ${may}
    GROUP BY c.id, p.reviewee_id
    ORDER BY updated_at DESC, c.id, p.reviewee_id
    LIMIT ${limit}`;
}

function reviewFactsOf(rows: ReviewRow[]): AiFact[] {
  return rows.map((row, i) => ({
    key: `R${i + 1}`,
    kind: "review" as const,
    aboutId: row.reviewee_id,
    text: `${row.title} (${row.state}): ${row.completed} of ${row.total} reviews of ${row.reviewee_name} completed.`,
    label: `Review: ${row.title} — ${row.reviewee_name}`,
    href: `/reviews/reports/reviewee?revieweeId=${encodeURIComponent(row.reviewee_id)}&reviewIds=${encodeURIComponent(row.campaign_id)}`,
  }));
}
