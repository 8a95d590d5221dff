import { sql } from "drizzle-orm";
import { d1Statement, type Db } from "~/db/client.server";
import { maySeeFeedbackItem, shownSenderId } from "~/modules/access/feedback.server";
import type { Viewer } from "~/modules/auth/session.server";
import { FIELD_LABELS, FORMAT_FIELDS } from "./give";
import type { FeedbackTextField } from "./item-record";
import type { FeedbackFormat } from "./loop-types";
import { SELF_SELECT } from "./pairs";

/**
 * The Feedback hub (/feedback): what the viewer has to give (their pending pairs of open runs,
 * and open requests addressed to them), what they asked for, and the latest feedback they
 * received, shown through the access rules (an anonymous item names no one).
 */

type HubViewer = Pick<Viewer, "user" | "company" | "permissions">;

export interface RunToGive {
  runId: string;
  title: string;
  deadlineAt: number;
  anonymous: boolean;
  /** Self-select: the sender picks colleagues. */
  selfSelect: boolean;
  receivers: Array<{ id: string; name: string; given: boolean }>;
}

export interface HubData {
  runs: RunToGive[];
  requestsToMe: Array<{ id: string; requesterName: string; message: string; createdAt: number }>;
  myRequests: Array<{ id: string; recipientName: string; message: string; state: string; createdAt: number }>;
  received: Array<{ id: string; title: string; senderName: string | null; sentAt: number; preview: string }>;
}

interface PairRow {
  runId: string;
  title: string;
  deadlineAt: number;
  anonymous: number;
  workflowType: string;
  feedbackFor: string | null;
  receiverId: string;
  receiverName: string | null;
  companyName: string;
  state: string;
}

/** The first filled text of an item, for a one-line preview. */
function previewOf(row: Record<string, unknown>, format: FeedbackFormat | null): string {
  const fields: readonly FeedbackTextField[] = format ? FORMAT_FIELDS[format] : ["feedbackText"];
  for (const f of fields) {
    const column = f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const value = row[column];
    if (typeof value === "string" && value) return `${FIELD_LABELS[f]}: ${value}`;
  }
  return "";
}

export async function loadHub(db: Db, viewer: HubViewer, now = new Date(), runFilter: string | null = null): Promise<HubData> {
  const company = viewer.company.id;
  const me = viewer.user.id;
  const [pairs, toMe, mine, received] = await db.$client.batch([
    // Pending pairs of open runs; with a run chosen, every pair of it (given ones shown as given).
    d1Statement(
      db,
      sql`SELECT r.id AS runId, l.title, r.deadline_at AS deadlineAt, l.anonymous, l.workflow_type AS workflowType, l.feedback_for AS feedbackFor,
          p.receiver_id AS receiverId, u.name AS receiverName, c.name AS companyName, p.state
        FROM feedback_loop_pairs p
        JOIN feedback_loop_runs r ON r.id = p.run_id AND r.company_id = p.company_id
        JOIN feedback_loops l ON l.id = r.loop_id AND l.company_id = r.company_id
        JOIN companies c ON c.id = p.company_id
        LEFT JOIN users u ON u.id = p.receiver_id AND u.company_id = p.company_id
        WHERE p.company_id = ${company} AND p.sender_id = ${me} AND l.template_type = 'feedback' AND r.state = 'open' AND r.deadline_at > ${now.getTime()}
          AND ${
            runFilter
              ? sql`p.run_id = ${runFilter} AND p.state <> 'removed'`
              : // A self-select sender may keep choosing colleagues until the run closes.
                sql`(p.state = 'pending' OR (p.receiver_id = ${SELF_SELECT} AND p.state = 'given'))`
          }
        ORDER BY r.deadline_at, r.id, u.name COLLATE NOCASE
        LIMIT 500`
    ),
    d1Statement(
      db,
      sql`SELECT r.id, u.name AS requesterName, r.message, r.created_at AS createdAt FROM feedback_requests r
        JOIN users u ON u.id = r.requester_id AND u.company_id = r.company_id
        WHERE r.company_id = ${company} AND r.recipient_id = ${me} AND r.state = 'open' ORDER BY r.created_at DESC LIMIT 100`
    ),
    d1Statement(
      db,
      sql`SELECT r.id, u.name AS recipientName, r.message, r.state, r.created_at AS createdAt FROM feedback_requests r
        JOIN users u ON u.id = r.recipient_id AND u.company_id = r.company_id
        WHERE r.company_id = ${company} AND r.requester_id = ${me} ORDER BY r.created_at DESC LIMIT 100`
    ),
    d1Statement(
      db,
      sql`SELECT fi.id, fi.feedback_type_title AS title, fi.template_type AS templateType, fi.anonymous, fi.sender_id AS senderId, s.name AS senderName,
          fi.sent_at AS sentAt, fi.feedback_text, fi.situation_text, fi.behavior_text, fi.impact_text, fi.sbi_next_step_text,
          fi.strength_text, fi.development_area_text, fi.sd_next_step_text
        FROM feedback_items fi LEFT JOIN users s ON s.id = fi.sender_id AND s.company_id = fi.company_id
        WHERE fi.company_id = ${company} AND fi.receiver_id = ${me} AND ${maySeeFeedbackItem(viewer)}
        ORDER BY fi.sent_at DESC, fi.id LIMIT 20`
    ),
  ]);
  const runs = new Map<string, RunToGive>();
  for (const p of pairs.results as PairRow[]) {
    const selfSelect = p.workflowType !== "company-feedback" && p.feedbackFor === "self-select";
    const run = runs.get(p.runId) ?? { runId: p.runId, title: p.title, deadlineAt: p.deadlineAt, anonymous: Boolean(p.anonymous), selfSelect, receivers: [] };
    if (p.receiverId !== SELF_SELECT) {
      const name = p.workflowType === "company-feedback" ? p.companyName : p.receiverName;
      if (name) run.receivers.push({ id: p.receiverId, name, given: p.state === "given" });
    }
    runs.set(p.runId, run);
  }
  return {
    runs: [...runs.values()].filter((r) => r.selfSelect || r.receivers.length > 0),
    requestsToMe: toMe.results as HubData["requestsToMe"],
    myRequests: mine.results as HubData["myRequests"],
    received: (received.results as Array<Record<string, unknown>>).map((row) => ({
      id: String(row.id),
      title: String(row.title),
      senderName: shownSenderId({ anonymous: Number(row.anonymous), senderId: row.senderId as string | null }) ? (row.senderName as string | null) : null,
      sentAt: Number(row.sentAt),
      preview: previewOf(row, row.templateType as FeedbackFormat | null),
    })),
  };
}
