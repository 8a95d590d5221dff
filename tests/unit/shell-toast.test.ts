import { describe, expect, it } from "vitest";
import { ERROR_INFO_TOAST_MS, toastDuration, toastMessage, TOAST_MS } from "~/lib/toast";

describe("toastMessage (002 §8: message, else error, else 'Something went wrong.')", () => {
  it("prefers the server message", () => {
    expect(toastMessage({ message: "Review launched", error: "ignored" })).toBe("Review launched");
  });

  it("falls back to the error field when there is no message", () => {
    expect(toastMessage({ error: "Reviewer is required" })).toBe("Reviewer is required");
    expect(toastMessage({ message: "", error: "Reviewer is required" })).toBe("Reviewer is required");
    expect(toastMessage({ error: { message: "Nested reason" } })).toBe("Nested reason");
  });

  it("says 'Something went wrong.' when the body has neither", () => {
    expect(toastMessage(undefined)).toBe("Something went wrong.");
    expect(toastMessage(null)).toBe("Something went wrong.");
    expect(toastMessage("plain text")).toBe("Something went wrong.");
    expect(toastMessage({})).toBe("Something went wrong.");
    expect(toastMessage({ message: "   ", error: 42 })).toBe("Something went wrong.");
  });
});

describe("toastDuration", () => {
  it("keeps an error toast listing per-user problems for 10000 ms", () => {
    expect(ERROR_INFO_TOAST_MS).toBe(10_000);
    expect(toastDuration({ type: "error", errorInfo: ["Eve: no manager"] })).toBe(10_000);
  });

  it("closes other toasts after about five seconds", () => {
    expect(toastDuration({ type: "success" })).toBe(TOAST_MS);
    expect(toastDuration({ type: "error" })).toBe(TOAST_MS);
    expect(toastDuration({ type: "error", errorInfo: [] })).toBe(TOAST_MS);
    expect(toastDuration({ type: "success", errorInfo: ["x"] })).toBe(TOAST_MS);
  });
});
