import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { ManageLoopsPage, type ManageLoopsAction } from "~/modules/feedback/components/manage-loops";
import {
  configPath,
  deleteLaunchedLoop,
  duplicateLoop,
  findLoop,
  listLaunchedLoops,
  LOOP_SORT_KEYS,
  MANAGE_LOOPS_PATH,
  type LoopSortKey,
} from "~/modules/feedback/manage.server";

/** /workflows/manage-feedback-loops (002 §2.4, §7 list launched): the company's launched loops, sortable; Duplicate and Delete. */

const notFound = () => new Response("Not Found", { status: 404 });

function queryOf(url: URL) {
  const sort = url.searchParams.get("sort") ?? "";
  const dir = url.searchParams.get("dir");
  return {
    sort: ((LOOP_SORT_KEYS as readonly string[]).includes(sort) ? sort : "createdAt") as LoopSortKey,
    dir: dir === "asc" || dir === "desc" ? dir : sort ? ("asc" as const) : ("desc" as const),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewFeedbackLoops");
  const query = queryOf(new URL(request.url));
  const rows = await listLaunchedLoops(context.db, viewer, query);
  return data({ query, rows, requestId: crypto.randomUUID(), platform: viewer.company.platform });
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("duplicate"), loopId: z.string().min(1).max(100) }),
  z.object({
    intent: z.literal("delete"),
    loopId: z.string().min(1).max(100),
    confirmed: z.enum(["true", "false"]).default("false"),
    requestId: z.string().min(1).max(100).optional(),
  }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewFeedbackLoops");
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response("Invalid intent", { status: 400 });
  const value = parsed.data;
  const loop = await findLoop(context.db, viewer, value.loopId);
  if (!loop) throw notFound();
  if (value.intent === "duplicate") {
    const copy = await duplicateLoop(context.db, viewer, loop);
    return redirectWithToast(
      configPath(copy.templateType, copy.id),
      { type: "success", message: `Feedback loop ${loop.title} duplicated.` },
      { request }
    );
  }
  if (value.confirmed !== "true") return data<ManageLoopsAction>({ confirm: { loopId: loop.id, title: loop.title, requestId: crypto.randomUUID() } });
  const result = await deleteLaunchedLoop(context, viewer, loop.id, value.requestId ?? crypto.randomUUID());
  return redirectWithToast(MANAGE_LOOPS_PATH, { type: result.ok ? "success" : "error", message: result.message }, { request });
}

export const meta = pageMeta;

export default ManageLoopsPage;
