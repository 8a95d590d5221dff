import type { AppLoadContext } from "@remix-run/cloudflare";
import { sharedCopy } from "~/lib/copy";
import { routeById } from "~/lib/route-table";
import { personOfUser, type Person, type Viewer } from "~/modules/auth/session.server";
import { loadHub } from "~/modules/feedback/hub.server";
import { itemHref } from "~/modules/reviews/nomination-rules";
import { activeCampaign } from "~/modules/objectives/okr-page.server";
import { todoList } from "~/modules/reviews/todos.server";
import { surveysToAnswer } from "~/modules/surveys/respond.server";
import { slackApi, slackCall } from "./client.server";
import { activeInstallation, slackPerson } from "./installations.server";
import { homeView, type HomeSection } from "./views";

const words = sharedCopy.slackApp;

/**
 * The reads behind a page take the signed-in viewer; here the person is the verified Slack user
 * of the workspace, with no session: the same reads, with the same access rules, as that person.
 */
function asViewer(person: Person): Viewer {
  return { ...person, sessionId: "", view: "USER", workspaceId: null };
}

/** The person's open to-dos as the app computes them (review to-dos, feedback to give and asked of them), as links. */
export async function homeSections(context: AppLoadContext, person: Person, now = new Date()): Promise<HomeSection[]> {
  const absolute = (path: string) => new URL(path, context.config.appUrl).toString();
  const [reviews, hub, surveys, objectives] = await Promise.all([
    todoList(context, asViewer(person)),
    loadHub(context.db, person, now),
    surveysToAnswer(context.db, person.company.id, person.user.id),
    activeCampaign(context.db, person.company.id, person.user.id, now),
  ]);
  const reviewTodos = reviews.reviewList.flatMap((campaign) =>
    campaign.reviews
      .filter((item) => !item.completed)
      .map((item) => ({ title: campaign.title, detail: item.revieweeName ? words.reviewOf(item.revieweeName) : null, url: absolute(itemHref(item)) })),
  );
  const feedbackTodos = hub.runs.flatMap((run) =>
    run.receivers
      .filter((r) => !r.given)
      .map((r) => ({ title: run.title, detail: r.name, url: absolute(`/feedback/give/${encodeURIComponent(run.runId)}/${encodeURIComponent(r.id)}`) })),
  );
  const requestTodos = hub.requestsToMe.map((r) => ({
    title: words.requestFrom(r.requesterName),
    detail: r.message || null,
    url: absolute(`/feedback/requests/${encodeURIComponent(r.id)}`),
  }));
  const surveyTodos = surveys.map((s) => ({ title: s.title, detail: null, url: absolute(s.path) }));
  // Objectives are a to-do until the person submits them for the campaign running now.
  const objectiveTodos =
    objectives && objectives.state === "pending"
      ? [{ title: objectives.title, detail: words.homeObjectivesDue, url: absolute(routeById("objectives-okr").path) }]
      : [];
  return [
    { heading: words.homeReviews, todos: reviewTodos },
    { heading: words.homeSurveys, todos: surveyTodos },
    { heading: words.homeObjectives, todos: objectiveTodos },
    { heading: words.homeFeedbackToGive, todos: feedbackTodos },
    { heading: words.homeFeedbackRequests, todos: requestTodos },
  ];
}

/** app_home_opened: publish the person's Home tab with the workspace's own bot token. */
export async function publishHome(context: AppLoadContext, teamId: string, slackUserId: string) {
  const installation = await activeInstallation(context.db, context.config.integrationKeys, teamId);
  if (!installation) return { ok: false as const, error: "not installed" };
  const who = await slackPerson(context.db, teamId, slackUserId);
  const person = who ? await personOfUser(context.db, who.companyId, who.userId) : null;
  const view = homeView({
    linked: Boolean(person),
    sections: person ? await homeSections(context, person) : [],
    appUrl: context.config.appUrl,
  });
  return slackCall(() => slackApi(context.config, installation.botToken).views.publish({ user_id: slackUserId, view: view as never }));
}
