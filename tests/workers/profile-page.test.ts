import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";
import { attrs, texts, textOf } from "./shell-html";

async function nameOf(id: string) {
  return (await env.DB.prepare("SELECT name FROM users WHERE id = ?").bind(id).first<{ name: string }>())!.name;
}

async function get(email: string, path: string) {
  return appFetch(path, { cookie: await sessionFor(email) });
}

async function page(email: string, path: string) {
  const response = await get(email, path);
  expect(response.status, path).toBe(200);
  return response.text();
}

const tabsOf = (html: string) => texts(html, 'nav[aria-label="Profile tabs"] a');

describe("profile header (002 §2.6)", () => {
  it("shows name, initials avatar, title, role, department, managers and relationships", async () => {
    const html = await page("eve@acme.test", "/my-profile/u-acme-eve/feedback-insights");
    expect(await texts(html, "h1#profile-name")).toEqual([await nameOf("u-acme-eve")]);
    const text = textOf(html);
    expect(text).toContain("Product Manager");
    expect(await texts(html, "dl dd")).toEqual([
      "Product Manager",
      "Product",
      expect.stringContaining(await nameOf("u-acme-mona")),
      expect.stringContaining("Project Phoenix"),
    ]);
    expect(await attrs(html, "dl dd a", "href")).toEqual(["/my-team/default", "/my-team/rel-acme-phoenix"]);
  });

  it("says 'No managers assigned!' for a person without a manager", async () => {
    const html = await page("sam@acme.test", "/my-profile/u-acme-sam/feedback");
    expect(textOf(html)).toContain("No managers assigned!");
    expect(await texts(html, "dl dd a")).toEqual(["My Team", "Mentoring Circle"]);
  });

  it("shows the Goals tab's own card (tests/workers/goals.test.ts covers it)", async () => {
    const text = textOf(await page("eve@acme.test", "/my-profile/u-acme-eve/goals"));
    expect(text).toContain("Publish the Q3 roadmap");
    expect(text).not.toContain("not available yet");
  });
});

describe("profile tabs", () => {
  it("gives one's own Slack-type profile Feedback Insights, Feedback, Goals, Objectives and Reviews", async () => {
    const html = await page("eve@acme.test", "/my-profile/u-acme-eve/goals");
    expect(await tabsOf(html)).toEqual(["Feedback Insights", "Feedback", "Goals", "Objectives", "Reviews"]);
    expect(await attrs(html, 'nav[aria-label="Profile tabs"] a[aria-current="page"]', "href")).toEqual(["/my-profile/u-acme-eve/goals"]);
  });

  it("has no Goals on Teams-type", async () => {
    expect(await tabsOf(await page("tina@globex.test", "/my-profile/u-globex-tina/feedback"))).toEqual([
      "Feedback Insights",
      "Feedback",
      "Objectives",
      "Reviews",
    ]);
  });

  it("shows Performance to a Slack-type super admin on someone else's user page only", async () => {
    expect(await tabsOf(await page("alice@acme.test", "/organization/settings/users/u-acme-eve/performance"))).toEqual([
      "Feedback Insights",
      "Feedback",
      "Performance",
      "Goals",
      "Objectives",
    ]);
    const own = await get("alice@acme.test", "/organization/settings/users/u-acme-alice/performance");
    expect(own.status).toBe(302);
    expect(own.headers.get("Location")).toBe("/organization/settings/users/u-acme-alice/feedback-insights");
    // Teams-type: no Goals (ViewGoals), Objectives still.
    expect(await tabsOf(await page("gina@globex.test", "/organization/settings/users/u-globex-tina/feedback"))).toEqual([
      "Feedback Insights",
      "Feedback",
      "Objectives",
    ]);
    const teams = await get("gina@globex.test", "/organization/settings/users/u-globex-tina/performance");
    expect(teams.headers.get("Location")).toBe("/");
  });

  it("gives My Team members Feedback Insights, Feedback, Goals and Objectives, and My Groups members Feedback Insights and Feedback", async () => {
    expect(await tabsOf(await page("eve@acme.test", "/my-team/default/users/u-acme-mona/feedback-insights"))).toEqual([
      "Feedback Insights",
      "Feedback",
      "Goals",
      "Objectives",
    ]);
    expect(await tabsOf(await page("gary@globex.test", "/my-groups/g-globex-engineering/users/u-globex-ivy/feedback"))).toEqual([
      "Feedback Insights",
      "Feedback",
    ]);
  });
});

describe("profile routing", () => {
  it("redirects every bare user path to feedback-insights", async () => {
    const cases: Array<[string, string]> = [
      ["eve@acme.test", "/my-profile/u-acme-eve"],
      ["eve@acme.test", "/my-team/default/users/u-acme-ed"],
      ["gary@globex.test", "/my-groups/g-globex-engineering/users/u-globex-hank"],
      ["alice@acme.test", "/organization/settings/users/u-acme-sam"],
    ];
    for (const [email, path] of cases) {
      const response = await get(email, path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe(`${path}/feedback-insights`);
    }
  });

  it("checks the route permission before redirecting a bare path", async () => {
    const response = await get("eve@acme.test", "/organization/settings/users/u-acme-sam");
    expect(response.headers.get("Location")).toBe("/");
  });

  it("sends /my-profile of a colleague to one's own profile, same tab", async () => {
    const response = await get("eve@acme.test", "/my-profile/u-acme-mona/feedback");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/my-profile/u-acme-eve/feedback");
  });

  it("answers 404 for another company's or an unknown person", async () => {
    expect((await get("eve@acme.test", "/my-profile/u-globex-tina/feedback")).status).toBe(404);
    expect((await get("eve@acme.test", "/my-team/default/users/u-globex-tina/feedback")).status).toBe(404);
    const unknown = await get("alice@acme.test", "/organization/settings/users/nobody/feedback-insights");
    expect(unknown.status).toBe(404);
    // 002 §2.6's empty text, inside the shell.
    expect(textOf(await unknown.text())).toContain("User Profile not found!");
  });

  it("answers 404 when the relationship or group in the path is not the company's", async () => {
    expect((await get("eve@acme.test", "/my-team/rel-globex-buddies/users/u-acme-ed/feedback")).status).toBe(404);
    expect((await get("eve@acme.test", "/my-team/rel-none/users/u-acme-ed/feedback")).status).toBe(404);
    expect((await get("gary@globex.test", "/my-groups/g-acme-none/users/u-globex-hank/feedback")).status).toBe(404);
    expect((await get("eve@acme.test", "/my-team/rel-acme-phoenix/users/u-acme-ed/feedback")).status).toBe(200);
  });

  it("names the person, relationship and group in the breadcrumbs and page", async () => {
    const html = await page("gary@globex.test", "/my-groups/g-globex-engineering/users/u-globex-hank/feedback");
    expect(await texts(html, 'nav[aria-label="Breadcrumb"] li a')).toEqual(["My Groups", "Engineering", await nameOf("u-globex-hank"), "Feedback"]);
  });
});
