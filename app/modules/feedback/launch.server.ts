import type { AppLoadContext } from "@remix-run/cloudflare";
import { hasPermission } from "~/lib/permissions/names";
import type { Viewer } from "~/modules/auth/session.server";
import type { LaunchAnswer, LoopRequest } from "./loop-writes.server";

/**
 * Launch Now (002 §2.4, §4, §5): the launch check, then the launched loop (and, starting now, its
 * first run with its pairs and notifications), written by the library loop's single writer
 * (`library:<id>`). `requestId` comes from the form that asked: a resubmitted form launches once.
 * errorInfo lists per-person problems (002 §8's 10-second error toast); the page then goes to
 * manage feedback loops.
 */
export async function launchLibraryLoop(
  context: AppLoadContext,
  viewer: Viewer,
  libraryLoopId: string,
  requestId: string
): Promise<{ ok: true; loopId: string; message: string; errorInfo: string[] } | { ok: false; message: string }> {
  if (!hasPermission(viewer.permissions, "ViewFeedbackLoops")) return { ok: false, message: "You may not launch feedback loops." };
  const namespace = context.cloudflare.env.FEEDBACK_LOOP;
  const stub = namespace.get(namespace.idFromName(`library:${libraryLoopId}`));
  const request: LoopRequest = { requestId, companyId: viewer.company.id, actorId: viewer.user.id };
  const answer = (await stub.launch(request, {
    libraryLoopId,
    loopId: crypto.randomUUID(),
    runId: crypto.randomUUID(),
    now: Date.now(),
  })) as LaunchAnswer;
  if (!answer.ok) return { ok: false, message: answer.message };
  return { ok: true, loopId: answer.loopId, message: answer.message, errorInfo: answer.errorInfo };
}
