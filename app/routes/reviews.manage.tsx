import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { changeCampaign, findCampaign, requireReviewsPage } from "~/modules/reviews/campaigns.server";
import { ManageReviewsPage, type ConfirmData } from "~/modules/reviews/components/manage-reviews-page";
import { ACTIONS, manageReviewsView, PATH, statesOf, userFiltersOf } from "~/modules/reviews/manage-reviews";
import { ManageReviewsActionSchema } from "~/modules/reviews/manage-reviews.schema";

/** The reviews list (000 §2): status filter, the columns the chosen states call for, per-state row actions. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const states = statesOf(url);
  const user = userFiltersOf(url);
  // The list rides in the session lookup's D1 batch; the filters apply for ViewLaunchedByOthersFilter only.
  const { viewer, ...page } = await requireReviewsPage(request, context, { states, ...user });
  return data(manageReviewsView(viewer.permissions, states, user, page));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewManageReviews");
  const parsed = ManageReviewsActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ confirm: null, error: "Something went wrong." }, { status: 400 });
  const { action: key, id, confirmed, requestId } = parsed.data;
  const back = `${PATH}${new URL(request.url).search}`;
  if (confirmed !== "true") {
    const row = await findCampaign(context, viewer, id);
    if (!row) throw new Response("Not Found", { status: 404 });
    return data({ confirm: { id, title: row.title, action: key, requestId: crypto.randomUUID() }, error: null });
  }
  const result = await changeCampaign(context, viewer, id, { type: ACTIONS[key].event }, requestId || crypto.randomUUID());
  if (!result.ok && result.reason === "not-found") throw new Response("Not Found", { status: 404 });
  if (!result.ok) return redirectWithToast(back, { type: "error", message: result.conflict }, { request });
  return redirectWithToast(back, { type: "success", message: ACTIONS[key].done }, { request });
}

export const meta = pageMeta;

export default function ManageReviews() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { confirm: ConfirmData | null } | undefined;
  return <ManageReviewsPage data={loaderData} confirm={actionData?.confirm ?? null} />;
}
