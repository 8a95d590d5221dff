import { describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";
import { attrs, textOf } from "./shell-html";

// The Performance tab (002 §2.6): who gets it, its campaigns, the campaign filter and its empty state.

async function get(email: string, path: string) {
  return appFetch(path, { cookie: await sessionFor(email) });
}

describe("profile Performance tab", () => {
  it("lists the person's campaigns with completed reviews and narrows to one chosen campaign", async () => {
    const all = await get("alice@acme.test", "/organization/settings/users/u-acme-eve/performance");
    expect(all.status).toBe(200);
    const html = await all.text();
    const campaigns = await attrs(html, "li[data-campaign-id]", "data-campaign-id");
    expect(campaigns).toContain("rc-acme-closed");
    expect(await attrs(html, "select#performance-campaign option[selected]", "value")).toEqual([""]);

    const one = await (await get("alice@acme.test", "/organization/settings/users/u-acme-eve/performance?campaign=rc-acme-closed")).text();
    expect(await attrs(one, "select#performance-campaign option[selected]", "value")).toEqual(["rc-acme-closed"]);
    expect(await attrs(one, "table[data-score-rows] thead th[scope=colgroup]", "colspan")).toHaveLength(1);
  });

  it("ignores a campaign that is not the person's (another company's included)", async () => {
    const html = await (
      await get("alice@acme.test", "/organization/settings/users/u-acme-eve/performance?campaign=rc-globex-closed")
    ).text();
    expect(await attrs(html, "select#performance-campaign option[selected]", "value")).toEqual([""]);
    expect(html).not.toContain("Sales H1 2026 Review");
  });

  it("says 'No Performance Scores available!' for a person without completed reviews", async () => {
    const response = await get("alice@acme.test", "/organization/settings/users/u-acme-sam/performance");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textOf(html)).toContain("No Performance Scores available!");
    expect(await attrs(html, "li[data-campaign-id]", "data-campaign-id")).toEqual([]);
  });

  it("sends someone without ViewPerformanceTab home, and a holder on their own profile to Feedback Insights", async () => {
    const mona = await get("mona@acme.test", "/my-team/default/users/u-acme-eve/performance");
    expect(mona.status).toBe(302);
    expect(mona.headers.get("Location")).toBe("/");
    const own = await get("alice@acme.test", "/my-team/default/users/u-acme-alice/performance");
    expect(own.status).toBe(302);
    expect(own.headers.get("Location")).toBe("/my-team/default/users/u-acme-alice/feedback-insights");
  });
});
