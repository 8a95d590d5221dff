import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const teams = vi.hoisted(() => ({
  initialize: vi.fn(),
  getContext: vi.fn(),
  getAuthToken: vi.fn(),
  notifySuccess: vi.fn(),
  notifyFailure: vi.fn(),
}));

vi.mock("@microsoft/teams-js", () => ({
  app: {
    initialize: teams.initialize,
    getContext: teams.getContext,
    notifySuccess: teams.notifySuccess,
    notifyFailure: teams.notifyFailure,
    FailedReason: { AuthFailed: "AuthFailed" },
  },
  authentication: { getAuthToken: teams.getAuthToken },
}));

const { framedTabHref, startTeamsTab } = await import("~/modules/msteams/tab-start");

/** A framed page: the tab inside Teams' web or desktop client. */
function framedWindow() {
  const top = {};
  vi.stubGlobal("window", { self: {}, top });
}

beforeEach(() => {
  for (const fn of Object.values(teams)) fn.mockReset();
  framedWindow();
});
afterEach(() => vi.unstubAllGlobals());

describe("the Teams tab's start", () => {
  it("hands the single sign-on token and the team to the framed wrapper", async () => {
    teams.initialize.mockResolvedValue(undefined);
    teams.getContext.mockResolvedValue({ team: { internalId: "19:team@thread.tacv2" } });
    teams.getAuthToken.mockResolvedValue("header.payload.signature");
    expect(await startTeamsTab()).toEqual({
      ok: true,
      href: "/tab?token=header.payload.signature&platform=msteams&teamId=19%3Ateam%40thread.tacv2",
    });
    expect(teams.notifySuccess).toHaveBeenCalled();
  });

  it("leaves the team out for the personal tab", () => {
    expect(framedTabHref("t", undefined)).toBe("/tab?token=t&platform=msteams");
  });

  it("says the token was refused, and tells Teams the app failed to sign in", async () => {
    teams.initialize.mockResolvedValue(undefined);
    teams.getContext.mockResolvedValue({});
    teams.getAuthToken.mockRejectedValue(new Error("resourceRequiresConsent"));
    expect(await startTeamsTab()).toEqual({ ok: false, reason: "no-token", detail: "resourceRequiresConsent" });
    expect(teams.notifyFailure).toHaveBeenCalledWith({ reason: "AuthFailed", message: "resourceRequiresConsent" });
  });

  it("gives up when no Teams host answers", async () => {
    teams.initialize.mockReturnValue(new Promise(() => {}));
    expect(await startTeamsTab(20)).toEqual({ ok: false, reason: "no-host", detail: "no answer from Microsoft Teams" });
    expect(teams.getAuthToken).not.toHaveBeenCalled();
  });

  it("does not wait for Teams in a top-level page without Teams' mobile bridge", async () => {
    const self = {};
    vi.stubGlobal("window", { self, top: self });
    expect(await startTeamsTab()).toMatchObject({ ok: false, reason: "no-host" });
    expect(teams.initialize).not.toHaveBeenCalled();
  });
});
