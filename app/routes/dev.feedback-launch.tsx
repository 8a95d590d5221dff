import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requirePermission } from "~/modules/auth/session.server";
import { launchStatus } from "~/modules/feedback/bench.server";
import { launchLibraryLoop } from "~/modules/feedback/launch.server";

/**
 * `npm run bench`'s launch of a large feedback loop: POST launches a library loop (as Launch Now
 * does) and times the call; GET tells how many of the run's senders have their notification yet,
 * and whether anyone has two. Exists only with DEV_SIGN_IN=true, for a holder of ViewFeedbackLoops,
 * on their company's loops.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.config.devSignIn) throw new Response("Not Found", { status: 404 });
  const viewer = await requirePermission(request, context, "ViewFeedbackLoops");
  const body = z.object({ libraryLoopId: z.string().min(1).max(100) }).safeParse(Object.fromEntries(await request.formData()));
  if (!body.success) return data({ error: "libraryLoopId" }, { status: 400 });
  const started = performance.now();
  const result = await launchLibraryLoop(context, viewer, body.data.libraryLoopId, crypto.randomUUID());
  const ms = performance.now() - started;
  if (!result.ok) return data({ error: result.message }, { status: 409 });
  return data({ ms, loopId: result.loopId, ...(await launchStatus(context.db, viewer.company.id, result.loopId)) });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.config.devSignIn) throw new Response("Not Found", { status: 404 });
  const viewer = await requirePermission(request, context, "ViewFeedbackLoops");
  const loopId = new URL(request.url).searchParams.get("loopId") ?? "";
  return data(await launchStatus(context.db, viewer.company.id, loopId));
}
