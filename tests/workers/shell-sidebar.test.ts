import { describe, expect, it } from "vitest";
import { visibleNavIds } from "~/lib/navigation";
import { permissionsFor } from "~/lib/permissions/registry";
import { appFetch, ROLE_PEOPLE, sessionFor } from "./helpers";
import { EXPECTED_SIDEBAR } from "../unit/shell-fixtures";
import { attrs, seededPerson, texts } from "./shell-html";

const PEOPLE = ROLE_PEOPLE;

async function page(email: string, path: string) {
  const response = await appFetch(path, { cookie: await sessionFor(email) });
  expect(response.status, path).toBe(200);
  return response.text();
}

describe("sidebar markup", () => {
  for (const email of PEOPLE) {
    it(`renders for ${email} exactly the entries the permissions allow, in order`, async () => {
      const person = await seededPerson(email);
      const html = await page(email, `/my-profile/${person.id}/feedback-insights`);
      const rendered = await attrs(html, 'nav[aria-label="Main"] [data-nav-id]', "data-nav-id");
      expect(rendered).toEqual(visibleNavIds(permissionsFor(person.subject)));
      expect(rendered).toEqual(EXPECTED_SIDEBAR[email.split("@")[0] as keyof typeof EXPECTED_SIDEBAR]);
    });
  }

  it("shows an employee only Home, Profile, My Team, Feedback, their review tasks and 1-on-1s", async () => {
    const html = await page("sam@acme.test", "/reviews/todos");
    expect(await attrs(html, 'nav[aria-label="Main"] [data-nav-id]', "data-nav-id")).toEqual([
      "home", "profile", "my-team", "feedback", "reviews", "reviews-todos", "reviews-my-reviews", "one-on-ones",
    ]);
  });

  it("shows My Groups to the Teams-type group admin and Settings to super admins only", async () => {
    const gary = await attrs(await page("gary@globex.test", "/my-groups"), 'nav[aria-label="Main"] [data-nav-id]', "data-nav-id");
    expect(gary).toContain("my-groups");
    expect(gary).not.toContain("settings");
    const gina = await attrs(await page("gina@globex.test", "/my-team"), 'nav[aria-label="Main"] [data-nav-id]', "data-nav-id");
    expect(gina).toContain("settings");
    expect(gina).not.toContain("my-groups");
    expect(gina).not.toContain("analytics-reviews");
  });

  it("links Profile to the viewer's own profile and marks the current entry", async () => {
    const html = await page("eve@acme.test", "/reviews/my-reviews");
    expect(await attrs(html, 'nav[aria-label="Main"] a[data-nav-id="profile"]', "href")).toEqual(["/my-profile/u-acme-eve"]);
    expect(await attrs(html, 'nav[aria-label="Main"] a[aria-current="page"]', "data-nav-id")).toEqual(["reviews-my-reviews"]);
    const profile = await page("eve@acme.test", "/my-profile/u-acme-eve/feedback");
    expect(await attrs(profile, 'nav[aria-label="Main"] a[aria-current="page"]', "data-nav-id")).toEqual(["profile"]);
  });

  it("lets the Settings entry work without JavaScript as a link to ?settings=1", async () => {
    const html = await page("alice@acme.test", "/my-team?tab=a");
    expect(await attrs(html, 'a[data-nav-id="settings"]', "href")).toEqual(["/my-team?tab=a&settings=1"]);
  });

  it("shows the User/Admin switch to a super admin on 1-on-1 pages only", async () => {
    expect(await texts(await page("alice@acme.test", "/one-on-ones"), '[data-testid="view-switch"] legend')).toEqual(["View"]);
    expect(await attrs(await page("alice@acme.test", "/one-on-ones/oo-acme-leadership-1on1-1-01"), 'form[action="/view"]', "method")).toEqual(["post"]);
    expect(await attrs(await page("alice@acme.test", "/my-team"), 'form[action="/view"]', "method")).toEqual([]);
    expect(await attrs(await page("eve@acme.test", "/one-on-ones"), 'form[action="/view"]', "method")).toEqual([]);
    expect(await attrs(await page("mike@globex.test", "/one-on-ones"), 'form[action="/view"]', "method")).toEqual([]);
  });
});
