import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { ManageLoopDetailPage } from "~/modules/feedback/components/manage-loop-detail";
import { activePeople, changeAudiencePair, findLoop, loopDetail, loopFrequencyLabel, remind } from "~/modules/feedback/manage.server";
import { manageLoopPath } from "~/modules/feedback/loop-writes.server";

/**
 * /workflows/manage-feedback-loops/:feedbackLoopId (002 §7 detail launched, reminder,
 * audience-pair action, §8 notification failures): a run's pairs, Send Reminder, add or remove a
 * pair, the 1-on-1s of a one-on-one loop. Another company's loop is a 404.
 */

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewFeedbackLoops");
  const loop = await findLoop(context.db, viewer, params.feedbackLoopId ?? "");
  if (!loop) throw notFound();
  const url = new URL(request.url);
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam > 0 && pageParam < 10_000 ? pageParam : 1;
  const detail = await loopDetail(context.db, viewer, loop, url.searchParams.get("run"), page);
  return data({
    loop: {
      id: loop.id,
      title: loop.title,
      templateType: loop.templateType,
      templateName: loop.templateName,
      audienceName: loop.audienceName,
      anonymous: loop.anonymous,
      state: loop.state,
      frequency: loopFrequencyLabel({ frequency: loop.frequency, startAt: loop.startAt.getTime(), tzOffsetMinutes: loop.tzOffsetMinutes }),
      notificationMessage: loop.notificationMessage,
      nextRunAt: loop.nextRunAt?.getTime() ?? null,
    },
    ...detail,
    page,
    people: detail.run?.open ? await activePeople(context.db, viewer.company.id) : [],
    requestId: crypto.randomUUID(),
    crumbLabels: { feedbackLoopId: loop.title },
  });
}

const id = z.string().min(1).max(100);
const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remind"), requestId: id, sender: id.optional(), receiver: z.string().max(100).optional() }),
  z.object({ intent: z.literal("pair"), requestId: id, action: z.enum(["add", "remove"]), sender: id, receiver: z.string().max(100) }),
]);

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewFeedbackLoops");
  const loop = await findLoop(context.db, viewer, params.feedbackLoopId ?? "");
  if (!loop) throw notFound();
  const url = new URL(request.url);
  const runId = url.searchParams.get("run") ?? "";
  const back = `${manageLoopPath(loop.id)}?run=${encodeURIComponent(runId)}`;
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return redirectWithToast(back, { type: "error", message: "Choose a sender and a receiver." }, { request });
  const value = parsed.data;
  const result =
    value.intent === "remind"
      ? await remind(context, viewer, loop.id, runId, value.sender ? { senderId: value.sender, receiverId: value.receiver ?? "" } : null, value.requestId)
      : await changeAudiencePair(context, viewer, loop.id, runId, value.action, { senderId: value.sender, receiverId: value.receiver }, value.requestId);
  if (!result.ok && result.message === "This feedback loop does not exist.") throw notFound();
  return redirectWithToast(back, { type: result.ok ? "success" : "error", message: result.message }, { request });
}

export const meta = pageMeta;

export default ManageLoopDetailPage;
