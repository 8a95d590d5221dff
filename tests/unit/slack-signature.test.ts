import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SLACK_SIGNATURE_WINDOW_SECONDS, verifySlackSignature } from "~/modules/slack/signature.server";

const secret = "unit-signing-secret";
const now = 1_800_000_000;

function signed(body: string, timestamp: number, key = secret) {
  const signature = `v0=${createHmac("sha256", key).update(`v0:${timestamp}:${body}`).digest("hex")}`;
  return new Headers({ "x-slack-request-timestamp": String(timestamp), "x-slack-signature": signature });
}

describe("Slack request signature (v0)", () => {
  const body = "token=x&payload=%7B%7D";

  it("accepts a body signed with the signing secret within the window, and names it for the replay check", async () => {
    const result = await verifySlackSignature(secret, signed(body, now - 10), body, now);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.replayId).toMatch(/^slack:v0=[0-9a-f]{64}$/);
    expect(result.validUntil.getTime()).toBe((now - 10 + SLACK_SIGNATURE_WINDOW_SECONDS) * 1000);
  });

  it("refuses a signature made with another secret", async () => {
    expect(await verifySlackSignature(secret, signed(body, now, "other"), body, now)).toEqual({ ok: false, reason: "bad signature" });
  });

  it("refuses a body changed after signing", async () => {
    expect((await verifySlackSignature(secret, signed(body, now), body + "&x=1", now)).ok).toBe(false);
  });

  it("refuses a timestamp older than 300 seconds, even with a good signature", async () => {
    expect(await verifySlackSignature(secret, signed(body, now - 301), body, now)).toEqual({ ok: false, reason: "timestamp outside the window" });
    expect((await verifySlackSignature(secret, signed(body, now - 300), body, now)).ok).toBe(true);
  });

  it("refuses a timestamp more than 300 seconds in the future", async () => {
    expect(await verifySlackSignature(secret, signed(body, now + 301), body, now)).toEqual({ ok: false, reason: "timestamp outside the window" });
  });

  it("refuses missing or malformed headers and an unset secret", async () => {
    expect((await verifySlackSignature(secret, new Headers(), body, now)).ok).toBe(false);
    const h = signed(body, now);
    h.set("x-slack-signature", "v0=zz");
    expect((await verifySlackSignature(secret, h, body, now)).ok).toBe(false);
    h.set("x-slack-request-timestamp", "12abc");
    expect((await verifySlackSignature(secret, h, body, now)).ok).toBe(false);
    expect(await verifySlackSignature("", signed(body, now, ""), body, now)).toEqual({ ok: false, reason: "signing secret not set" });
  });

  it("gives the same replay id for the same signed request, so a second delivery is recognised", async () => {
    const a = await verifySlackSignature(secret, signed(body, now), body, now);
    const b = await verifySlackSignature(secret, signed(body, now), body, now + 5);
    expect(a.ok && b.ok && a.replayId === b.replayId).toBe(true);
  });
});
