import { describe, expect, it } from "vitest";
import { sameOriginPath } from "./redirect-target";

describe("sameOriginPath", () => {
  it("keeps a path on our own origin with its query and hash", () => {
    expect(sameOriginPath("/surveys/manage-surveys?tab=open#top")).toBe("/surveys/manage-surveys?tab=open#top");
  });

  it.each([
    ["an absolute URL to another host", "https://evil.example/phish"],
    ["a protocol-relative URL", "//evil.example/phish"],
    ["a backslash host trick", "/\\evil.example"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path without a leading slash", "my-profile"],
    ["an empty value", ""],
  ])("refuses %s", (_label, value) => {
    expect(sameOriginPath(value)).toBeNull();
  });

  it("refuses destinations that would restart the sign-in", () => {
    expect(sameOriginPath("/tab?token=x")).toBeNull();
    expect(sameOriginPath("/auth/slack/start")).toBeNull();
    expect(sameOriginPath("/sign-out")).toBeNull();
  });

  it("does not mistake a path that merely starts with the same letters for a refused one", () => {
    expect(sameOriginPath("/tabular-report")).toBe("/tabular-report");
  });
});
