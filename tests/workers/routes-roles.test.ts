import { describe, expect, it } from "vitest";
import { hasPermission } from "~/lib/permissions/names";
import { permissionsFor } from "~/lib/permissions/registry";
import { ROUTES, type RouteEntry } from "~/lib/route-table";
import { appFetch, ROLE_PEOPLE, sessionFor } from "./helpers";
import { seededPerson, textOf, type SeededPerson } from "./shell-html";

const PEOPLE = ROLE_PEOPLE;

const SHELL_ROUTES = ROUTES.filter((r) => r.layout === "shell");

/** Real seeded ids of the person's company where such records exist; any other parameter "x1". */
function fill(entry: RouteEntry, person: SeededPerson): string {
  const known: Record<string, string> = {
    userId: person.id,
    relationshipId: "default",
    groupId: "g-globex-engineering",
    workspaceId: "w-acme-hq",
    channelId: "ch-acme-general",
    departmentId: person.platform === "slack" ? "d-acme-engineering" : "d-globex-engineering",
    reviewTemplateId: "new",
    predefinedReviewTemplateId: "annual-review",
    // Seeded reviews (app/db/seed/demo.ts); Globex's is in Engineering, a group Gary administers.
    activeReviewId: person.platform === "slack" ? "rc-acme-live" : "rc-globex-scheduled",
    reviewId: person.platform === "slack" ? "rc-acme-draft" : "rc-globex-draft",
    // Seeded surveys (app/db/seed/surveys.ts); Globex's is in Engineering, a group Gary administers.
    // On the manage pages `:surveyId` is a run's id.
    surveyId:
      entry.id === "survey-detail"
        ? `sr-${person.platform === "slack" ? "acme" : "globex"}-engagement-1`
        : `sv-${person.platform === "slack" ? "acme" : "globex"}-engagement`,
    surveyTemplateId: "employee-engagement",
    // The workflow library's template types and a predefined template (app/modules/feedback).
    templateType: "feedback",
    templateId: "sbi",
    // Seeded launched feedback loops (app/db/seed/feedback-loops.ts).
    feedbackLoopId: person.platform === "slack" ? "fb-acme-engineering-checkin" : "fb-globex-engineering-feedback",
    // Seeded objectives campaigns (app/db/seed/objectives-campaigns.ts): the draft is Acme's only.
    objectivesCampaignId: entry.id === "objective-campaign-draft" ? "oc-acme-draft" : person.platform === "slack" ? "oc-acme-okr" : "oc-globex-pc",
  };
  return entry.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(known[name] ?? "x1"));
}

type Expected = { status: 200 } | { status: 404 } | { status: 302; location: string };

/** What the registry says this person gets on this route. */
function expectationFor(entry: RouteEntry, person: SeededPerson, path: string): Expected {
  const permissions = permissionsFor(person.subject);
  const granted = entry.permission === "SignedIn" || (entry.permission !== null && hasPermission(permissions, entry.permission));
  if (!granted) return { status: 302, location: "/" };
  // 002 §2.1: "A bare user path redirects to feedback-insights".
  if (entry.path.endsWith("/users/:userId") || entry.path === "/my-profile/:userId") {
    return { status: 302, location: `${path}/feedback-insights` };
  }
  // A Teams-type group admin manages only their groups' reviews: Globex's draft is in Sales.
  if (entry.id === "draft-review" && person.platform === "msteams" && !person.subject.isSuperAdmin) {
    return { status: 302, location: "/reviews/manage-reviews" };
  }
  // A to-do is found only through its reviewer: the filled id (a draft review's) is no one's to-do.
  if (entry.id === "todo") return { status: 404 };
  // Nomination to-dos are found only through the person's part in them: the filled draft has none.
  // A survey run is answered only by its recipients: the filled id is no one's.
  if (entry.id === "survey-respond") return { status: 404 };
  // A loop run's give page opens only for a sender of its pair, a request only for the colleague asked.
  if (entry.id === "feedback-give-loop" || entry.id === "feedback-answer-request") return { status: 404 };
  // A shared report opens only for the person it was shared with: the filled id is no share.
  if (entry.id === "my-reviews-shared-report") return { status: 404 };
  if (["todo-awaiting-nomination", "todo-manager-approve", "todo-reviewer-approve", "todo-owner"].includes(entry.id)) {
    return { status: 404 };
  }
  // A library loop is the company's: the filled id is no one's loop.
  if (entry.id === "workflow-library-loop" || entry.id === "workflow-library-loop-config") return { status: 404 };
  // Globex has no draft objectives campaign: Acme's is another company's.
  if (entry.id === "objective-campaign-draft" && person.platform === "msteams") return { status: 404 };
  // A 1-on-1 is seen by its parties and super admins: the filled id is no one's meeting, so back to the list (001 §8).
  if (entry.id === "one-on-one" || entry.id === "one-on-one-prepare-feedback") return { status: 302, location: "/one-on-ones" };
  if (entry.id === "survey-insights") return { status: 302, location: "/surveys/survey-insights/department" };
  // 002 §2.1: the feedback analytics' bare path opens its Overview tab.
  if (entry.id === "feedback-analytics") return { status: 302, location: "/analytics/feedback-analytics/overview" };
  // The bare path opens the first tab the viewer may open (Timeline: every holder of ViewAnalytics may).
  if (entry.id === "survey-analytics") return { status: 302, location: "/analytics/survey-analytics/timeline" };
  // The Performance tab is never on one's own profile (002 §2.6): the default tab instead.
  if (entry.path.endsWith("/users/:userId/performance")) return { status: 302, location: path.replace(/\/performance$/, "/feedback-insights") };
  return { status: 200 };
}

async function outcome(path: string, cookie: string): Promise<Expected & { status: number }> {
  const response = await appFetch(path, { cookie });
  await response.body?.cancel();
  if (response.status === 302) return { status: 302, location: response.headers.get("Location") ?? "" };
  return { status: response.status } as Expected & { status: number };
}

describe("route × role (every shell route of the table, every demo role)", () => {
  for (const email of PEOPLE) {
    it(`${email} gets exactly what the permission registry grants on every shell route`, async () => {
      const person = await seededPerson(email);
      const cookie = await sessionFor(email);
      const mismatches: string[] = [];
      const chunks: RouteEntry[][] = [];
      for (let i = 0; i < SHELL_ROUTES.length; i += 12) chunks.push(SHELL_ROUTES.slice(i, i + 12));
      for (const chunk of chunks) {
        await Promise.all(
          chunk.map(async (entry) => {
            const path = fill(entry, person);
            const expected = expectationFor(entry, person, path);
            let actual = await outcome(path, cookie);
            // The to-do base page opens the person's first review when they have one (000 §2).
            if (entry.id === "todos" && actual.status === 302 && actual.location?.startsWith("/reviews/todos/")) actual = { status: 200 };
            if (JSON.stringify(actual) !== JSON.stringify(expected)) {
              mismatches.push(`${entry.id} ${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
            }
          })
        );
      }
      expect(mismatches).toEqual([]);
    }, 30_000);
  }
});

describe("spec rules pinned by hand", () => {
  async function statusOf(email: string, path: string) {
    return outcome(path, await sessionFor(email));
  }
  const home = { status: 302, location: "/" };

  it("keeps an employee out of the survey builder", async () => {
    expect(await statusOf("sam@acme.test", "/surveys/survey-library")).toEqual(home);
  });

  it("lets a team admin into the review builder but not the users list", async () => {
    expect(await statusOf("adam@acme.test", "/reviews/review-questionnaires")).toEqual({ status: 200 });
    expect(await statusOf("adam@acme.test", "/organization/settings/users")).toEqual(home);
  });

  it("opens My Groups to a Teams-type group admin only, and Groups admin to the Teams-type super admin", async () => {
    expect(await statusOf("gary@globex.test", "/my-groups")).toEqual({ status: 200 });
    expect(await statusOf("gina@globex.test", "/organization/settings/groups")).toEqual({ status: 200 });
    expect(await statusOf("alice@acme.test", "/my-groups")).toEqual(home);
    expect(await statusOf("alice@acme.test", "/organization/settings/groups")).toEqual(home);
  });

  it("gives review reports to a manager but not to an employee", async () => {
    expect(await statusOf("mona@acme.test", "/reviews/reports")).toEqual({ status: 200 });
    expect(await statusOf("eve@acme.test", "/reviews/reports")).toEqual(home);
  });

  it("opens the Report Table to the two super admins only", async () => {
    for (const email of PEOPLE) {
      const expected = email === "alice@acme.test" || email === "gina@globex.test" ? { status: 200 } : home;
      expect(await statusOf(email, "/reviews/reports-table"), email).toEqual(expected);
    }
  });

  it("gives workflows to Slack-type admins and only the super admin on Teams-type", async () => {
    expect(await statusOf("adam@acme.test", "/workflows/library")).toEqual({ status: 200 });
    expect(await statusOf("gina@globex.test", "/workflows/library")).toEqual({ status: 200 });
    expect(await statusOf("gary@globex.test", "/workflows/library")).toEqual(home);
  });

  it("never offers Goals on Teams-type", async () => {
    expect(await statusOf("gina@globex.test", "/my-profile/u-globex-gina/goals")).toEqual(home);
    expect(await statusOf("eve@acme.test", "/my-profile/u-acme-eve/goals")).toEqual({ status: 200 });
  });

  it("gives review analytics only to Slack-type admins of a company with review analytics", async () => {
    expect(await statusOf("adam@acme.test", "/analytics/review-analytics")).toEqual({ status: 200 });
    expect(await statusOf("gina@globex.test", "/analytics/review-analytics")).toEqual(home);
  });
});

describe("signed out, foreign records, unknown paths", () => {
  it("sends a signed-out visitor to sign-in from every shell route", async () => {
    const failures: string[] = [];
    await Promise.all(
      SHELL_ROUTES.map(async (entry) => {
        const path = entry.path.replace(/:(\w+)/g, "x1");
        const response = await appFetch(path);
        await response.body?.cancel();
        if (response.status !== 302 || response.headers.get("Location") !== "/sign-in") {
          failures.push(`${path}: ${response.status} ${response.headers.get("Location")}`);
        }
      })
    );
    expect(failures).toEqual([]);
  });

  it("answers 404 for another company's person in every profile route", async () => {
    const alice = await sessionFor("alice@acme.test");
    const gina = await sessionFor("gina@globex.test");
    const eve = await sessionFor("eve@acme.test");
    const cases: Array<[string, string]> = [
      [alice, "/my-profile/u-globex-gina/feedback-insights"],
      [alice, "/my-profile/u-globex-gina/feedback"],
      [alice, "/organization/settings/users/u-globex-gina/feedback-insights"],
      [alice, "/organization/settings/users/u-globex-gina/performance"],
      [gina, "/organization/settings/users/u-acme-eve/feedback"],
      [eve, "/my-team/default/users/u-globex-tina/feedback-insights"],
      [eve, "/my-profile/no-such-person/feedback"],
    ];
    for (const [cookie, path] of cases) {
      const response = await appFetch(path, { cookie });
      expect(response.status, path).toBe(404);
      // 002 §2.6: a profile that is not there says so in its own words.
      expect(textOf(await response.text()), path).toContain("User Profile not found!");
    }
    const gary = await sessionFor("gary@globex.test");
    const foreign = await appFetch("/my-groups/g-globex-engineering/users/u-acme-eve/feedback", { cookie: gary });
    expect(foreign.status).toBe(404);
  });

  it("answers 404 with the not-found texts for an unknown path, signed in or not", async () => {
    for (const cookie of [undefined, await sessionFor("eve@acme.test")]) {
      const response = await appFetch("/no/such/page", { cookie });
      expect(response.status).toBe(404);
      const text = textOf(await response.text());
      expect(text).toContain("Page not found");
      expect(text).toContain("Oops! Looks like you followed a bad link...");
      expect(text).toContain("Go back home");
    }
  });
});
