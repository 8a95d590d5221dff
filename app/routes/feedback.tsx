import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageMeta } from "~/lib/navigation";
import { requirePermission } from "~/modules/auth/session.server";
import { GiveHubPage, type HubPageData } from "~/modules/feedback/components/give-hub-page";
import { loadHub } from "~/modules/feedback/hub.server";
import { asksPeopleSearch } from "~/modules/people/search";
import { searchPeople } from "~/modules/people/search.server";
import { utcDateTime, utcDay } from "~/ui/format";

/** /feedback: the Feedback hub. A self-select run's colleague, once chosen (`run` and `to`), opens its Give Feedback page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "SignedIn");
  const url = new URL(request.url);
  const runFilter = url.searchParams.get("run") || null;
  const to = url.searchParams.get("to");
  // The give page checks the run, the pair and the colleague (404 for anything else).
  if (runFilter && to) throw redirect(`/feedback/give/${encodeURIComponent(runFilter)}/${encodeURIComponent(to)}`);
  const hub = await loadHub(context.db, viewer, new Date(), runFilter);
  const asked = asksPeopleSearch(url.searchParams, "q");
  return data<HubPageData>({
    runs: hub.runs.map((r) => ({ ...r, deadline: utcDateTime(r.deadlineAt) })),
    requestsToMe: hub.requestsToMe.map((r) => ({ ...r, date: utcDay(r.createdAt) })),
    myRequests: hub.myRequests.map((r) => ({ ...r, date: utcDay(r.createdAt) })),
    received: hub.received.map((r) => ({ ...r, date: utcDay(r.sentAt) })),
    runFilter,
    picker: {
      q: url.searchParams.get("q") ?? "",
      matches: asked ? await searchPeople(context.db, viewer, "colleagues", url.searchParams.get("q") ?? "") : null,
      runId: asked ? runFilter : null,
    },
  });
}

export const meta = pageMeta;

export default GiveHubPage;
