import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { oneOnOnes } from "~/db/schema";
import type { Viewer } from "~/modules/auth/session.server";

/**
 * Who may see and do what in a 1-on-1 (001 §6), in one place. In words:
 *
 * - A meeting is seen by its reviewer and its reviewee, and by super admins (the ADMIN view lists
 *   everyone's sessions); anyone else is sent back to the list, as for an unknown id.
 * - Each side submits its own prep survey and edits its own notes; nobody else writes either.
 * - A side's prep answers are shown to the other side, and to a super admin who is not a
 *   participant; one's own are shown to oneself in the form.
 * - Shared notes are read by both sides and by a super admin who is not a participant; private
 *   notes only by their author.
 * - The AI feedback is the reviewer's: only the reviewer crafts, edits and submits it. Its summary
 *   is shown once submitted, or to the reviewer while it is being written.
 * - The AI Assistant panel shows to the reviewer while no AI feedback has been started, and to
 *   super admins, who alone get the quick prompts and the reviewee/reviewer toggle.
 */

export type MeetingRow = typeof oneOnOnes.$inferSelect;

export interface MeetingStanding {
  /** The viewer's side of the meeting, or null for a super admin who is not a participant. */
  role: "reviewer" | "reviewee" | null;
  superAdmin: boolean;
}

type MeetingViewer = Pick<Viewer, "user" | "company">;

/** The meeting and how the viewer stands to it; null when the viewer may not see it (or it is not the company's). */
export async function meetingFor(db: Db, viewer: MeetingViewer, oneOnOneId: string): Promise<{ meeting: MeetingRow; standing: MeetingStanding } | null> {
  const [meeting] = await db
    .select()
    .from(oneOnOnes)
    .where(and(eq(oneOnOnes.id, oneOnOneId), eq(oneOnOnes.companyId, viewer.company.id)))
    .limit(1);
  if (!meeting) return null;
  const standing = standingIn(viewer, meeting);
  return standing ? { meeting, standing } : null;
}

/** How a viewer stands to a meeting; null when they may not see it. */
export function standingIn(viewer: MeetingViewer, meeting: Pick<MeetingRow, "reviewerId" | "revieweeId">): MeetingStanding | null {
  const role = meeting.reviewerId === viewer.user.id ? "reviewer" : meeting.revieweeId === viewer.user.id ? "reviewee" : null;
  if (!role && !viewer.user.isSuperAdmin) return null;
  return { role, superAdmin: viewer.user.isSuperAdmin };
}

/** Whether a side's prep answers and shared notes are shown to the viewer (never their private notes). */
export function maySeeSide(standing: MeetingStanding, side: "reviewer" | "reviewee"): boolean {
  return standing.role === side || standing.role !== null || standing.superAdmin;
}

/** Whether the viewer may submit a side's prep survey or edit its notes: only that side. */
export function mayWriteSide(standing: MeetingStanding, side: "reviewer" | "reviewee"): boolean {
  return standing.role === side;
}

/** Whether the viewer crafts, edits and submits the meeting's AI feedback: the reviewer alone. */
export function mayCraft(standing: MeetingStanding): boolean {
  return standing.role === "reviewer";
}

/** Whether the AI feedback summary is shown: once submitted, or to the reviewer while writing it. */
export function maySeeAiFeedback(standing: MeetingStanding, feedback: { isSubmitted: boolean } | null): boolean {
  if (!feedback) return false;
  return feedback.isSubmitted ? true : standing.role === "reviewer";
}

/** Whether the AI Assistant panel shows: the reviewer before any AI feedback is started, and super admins. */
export function maySeeAssistant(standing: MeetingStanding, feedbackStarted: boolean): boolean {
  return standing.superAdmin || (standing.role === "reviewer" && !feedbackStarted);
}

/**
 * Whether the viewer sees the 1-on-1 pages in the ADMIN view (001 §6: all sessions, the New 1-on-1
 * button, company-wide figures): a holder of the User/Admin switch (ViewUserAdminSwitch) who chose
 * ADMIN. Anyone else, and every session until switched, is in the USER view.
 */
export function inAdminView(viewer: Pick<Viewer, "view" | "permissions">): boolean {
  return viewer.view === "ADMIN" && viewer.permissions.includes("ViewUserAdminSwitch");
}
