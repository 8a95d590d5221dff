import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import type { Viewer } from "~/modules/auth/session.server";
import type { FeedbackTemplateBlock } from "./feedback-blocks";
import type { TagCatalogue } from "./give";
import { runIsOpen, type GiveJob, type GiveResult, type GiveRequest } from "./give-writes.server";
import type { FeedbackFor, FeedbackFormat, LoopType } from "./loop-types";
import { SELF_SELECT } from "./pairs";

/**
 * The Give Feedback page of a loop run (/feedback/give/:feedbackRunId/:receiverId): who may open
 * it and what it shows. Only a sender of the run's pair may: for a self-select loop any sender of
 * the run choosing an active colleague, for a company-feedback loop the receiver is the company
 * itself. Anyone else, and any id of another company, gets nothing (the route answers 404); a
 * one-on-one loop's runs set up meetings (/one-on-ones/:id) and have no Give Feedback page.
 */

export type GiveStatus = "open" | "given" | "closed";

export interface LoopGiveView {
  run: { id: string; deadlineAt: number; state: string };
  loop: {
    id: string;
    title: string;
    workflowType: LoopType;
    feedbackFor: FeedbackFor | null;
    anonymous: boolean;
    templateFormat: FeedbackFormat | null;
    blocks: FeedbackTemplateBlock[];
    hideCompetencySelector: boolean;
  };
  receiver: { id: string; name: string; isCompany: boolean };
  status: GiveStatus;
}

interface Row {
  runId: string;
  runState: string;
  deadlineAt: number;
  loopId: string;
  title: string;
  workflowType: LoopType;
  feedbackFor: FeedbackFor | null;
  anonymous: number;
  templateFormat: FeedbackFormat | null;
  blocks: string;
  hideCompetencySelector: number;
  pairState: string | null;
  chosenState: string | null;
  receiverName: string | null;
  receiverActive: number | null;
  companyName: string;
}

export async function loadLoopGive(db: Db, viewer: Pick<Viewer, "user" | "company">, runId: string, receiverId: string, now = new Date()): Promise<LoopGiveView | null> {
  const company = viewer.company.id;
  const me = viewer.user.id;
  const row = await d1Statement(
    db,
    sql`SELECT r.id AS runId, r.state AS runState, r.deadline_at AS deadlineAt, l.id AS loopId, l.title, l.workflow_type AS workflowType,
        l.feedback_for AS feedbackFor, l.anonymous, l.template_format AS templateFormat, l.blocks, l.hide_competency_selector AS hideCompetencySelector,
        (SELECT p.state FROM feedback_loop_pairs p WHERE p.run_id = r.id AND p.sender_id = ${me}
          AND p.receiver_id = CASE WHEN l.workflow_type <> 'company-feedback' AND l.feedback_for = 'self-select' THEN ${SELF_SELECT} ELSE ${receiverId} END) AS pairState,
        (SELECT p.state FROM feedback_loop_pairs p WHERE p.run_id = r.id AND p.sender_id = ${me} AND p.receiver_id = ${receiverId}) AS chosenState,
        u.name AS receiverName, CASE WHEN u.is_deleted = 0 AND u.is_excluded = 0 THEN 1 ELSE 0 END AS receiverActive, c.name AS companyName
      FROM feedback_loop_runs r
      JOIN feedback_loops l ON l.id = r.loop_id AND l.company_id = r.company_id
      JOIN companies c ON c.id = r.company_id
      LEFT JOIN users u ON u.id = ${receiverId} AND u.company_id = r.company_id
      WHERE r.id = ${runId} AND r.company_id = ${company} AND l.template_type = 'feedback'`
  ).first<Row>();
  if (!row || !row.pairState || row.pairState === "removed") return null;
  const isCompany = row.workflowType === "company-feedback";
  const selfSelect = !isCompany && row.feedbackFor === "self-select";
  if (isCompany && receiverId !== company) return null;
  if (!isCompany && !row.receiverName) return null;
  if (selfSelect && (receiverId === me || !row.receiverActive)) return null;
  const given = selfSelect ? row.chosenState !== null : row.pairState === "given";
  const open = runIsOpen({ state: row.runState, deadlineAt: row.deadlineAt }, now);
  return {
    run: { id: row.runId, deadlineAt: row.deadlineAt, state: row.runState },
    loop: {
      id: row.loopId,
      title: row.title,
      workflowType: row.workflowType,
      feedbackFor: row.feedbackFor,
      anonymous: Boolean(row.anonymous),
      templateFormat: row.templateFormat,
      blocks: JSON.parse(row.blocks) as FeedbackTemplateBlock[],
      hideCompetencySelector: Boolean(row.hideCompetencySelector),
    },
    receiver: { id: receiverId, name: isCompany ? row.companyName : row.receiverName!, isCompany },
    status: given ? "given" : open ? "open" : "closed",
  };
}

/** The company's competencies and their behaviours, by name: what feedback can be tagged with. */
export async function tagCatalogue(db: Db, companyId: string): Promise<TagCatalogue[]> {
  const { results } = await d1Statement(
    db,
    sql`SELECT c.id AS competencyId, c.name AS competencyName, b.id AS behaviourId, b.name AS behaviourName
      FROM competencies c LEFT JOIN behaviours b ON b.competency_id = c.id AND b.company_id = c.company_id
      WHERE c.company_id = ${companyId} ORDER BY c.name COLLATE NOCASE, c.id, b.position, b.name`
  ).all<{ competencyId: string; competencyName: string; behaviourId: string | null; behaviourName: string | null }>();
  const out = new Map<string, TagCatalogue>();
  for (const r of results) {
    const c = out.get(r.competencyId) ?? { id: r.competencyId, name: r.competencyName, behaviours: [] };
    if (r.behaviourId) c.behaviours.push({ id: r.behaviourId, name: r.behaviourName ?? "" });
    out.set(r.competencyId, c);
  }
  return [...out.values()];
}

/** Sends a loop item through the loop's single writer (`loop:<loopId>`). */
export function giveLoopFeedback(context: AppLoadContext, viewer: Pick<Viewer, "user" | "company">, loopId: string, requestId: string, job: GiveJob): Promise<GiveResult> {
  const namespace = context.cloudflare.env.FEEDBACK_LOOP;
  const stub = namespace.get(namespace.idFromName(`loop:${loopId}`));
  const request: GiveRequest = { requestId, companyId: viewer.company.id, actorId: viewer.user.id, loopId };
  return stub.giveFeedback(request, job) as Promise<GiveResult>;
}
