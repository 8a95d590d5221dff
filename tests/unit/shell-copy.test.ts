import { describe, expect, it } from "vitest";
import { copy, pageTitle, PLATFORM_COPY_FOR_TESTS, sharedCopy } from "~/lib/copy";

describe("copy dictionary", () => {
  it("defines every platform-worded key for both platforms, none empty", () => {
    const slackKeys = Object.keys(PLATFORM_COPY_FOR_TESTS.slack).sort();
    const teamsKeys = Object.keys(PLATFORM_COPY_FOR_TESTS.msteams).sort();
    expect(teamsKeys).toEqual(slackKeys);
    for (const platform of ["slack", "msteams"] as const) {
      for (const key of slackKeys) {
        const value = (copy(platform) as unknown as Record<string, unknown>)[key];
        expect(typeof value === "string" && value.trim().length > 0, `${platform}.${key}`).toBe(true);
      }
    }
  });

  it("words workspaces and channels for Slack-type and groups for Teams-type", () => {
    expect(copy("slack")).toMatchObject({ workspace: "Workspace", workspaces: "Workspaces", channel: "Channel", channels: "Channels" });
    expect(copy("msteams")).toMatchObject({ workspace: "Group", workspaces: "Groups", channel: "Group", channels: "Groups" });
  });

  it("uses the specification's platform sentences exactly", () => {
    expect(copy("slack").noWorkspaces).toBe("No workspaces available");
    expect(copy("msteams").noWorkspaces).toBe("No groups available");
    expect(copy("slack").selectToViewInsights).toBe("Please select a Slack Workspace to view the Insights.");
    expect(copy("msteams").selectToViewInsights).toBe("Please select a Group to view the Insights.");
  });

  it("uses the specification's shared texts exactly, on both platforms", () => {
    const quoted = {
      required: "This is a required field.",
      somethingWentWrong: "Something went wrong.",
      notFoundTitle: "Page not found",
      notFoundBody: "Oops! Looks like you followed a bad link...",
      goBackHome: "Go back home",
      colorScaleDefault: "Default (low blue to high red)",
      colorScaleReverse: "Reverse",
      noUserData: "No User data available.",
      userProfileNotFound: "User Profile not found!",
      noManagers: "No managers assigned!",
      noPerformanceScores: "No Performance Scores available!",
      noFeedbackAnalytics: "No Feedback Analytics data available!",
      noFeedback: "No feedback available!",
      noGoals: "No goals set!",
    };
    expect(copy("slack")).toMatchObject(quoted);
    expect(copy("msteams")).toMatchObject(quoted);
    expect(sharedCopy).toMatchObject(quoted);
  });

  it("suffixes page titles with 'Admin'", () => {
    expect(pageTitle("My Team")).toBe("My Team | Admin");
  });
});
