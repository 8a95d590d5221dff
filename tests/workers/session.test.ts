import { describe, expect, it } from "vitest";
import { appFetch, sessionFor } from "./helpers";

describe("session", () => {
  it("sends a person without a session to sign-in", async () => {
    const response = await appFetch("/reviews/todos");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sign-in");
  });

  it("lets a signed-in person into a page their role allows", async () => {
    const cookie = await sessionFor("sam@acme.test");
    const response = await appFetch("/reviews/todos", { cookie });
    expect(response.status).toBe(200);
  });
});
