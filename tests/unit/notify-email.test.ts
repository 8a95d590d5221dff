import { describe, expect, it } from "vitest";
import type { OutboundMessage } from "~/modules/notifications/adapter-kit.server";
import { createDeliveryAdapter, type Fetcher } from "~/modules/notifications/adapters.server";
import { emailAdapter } from "~/modules/notifications/email/provider.server";
import { renderEmail } from "~/modules/notifications/email/render";
import { interpretResendResponse, resendRequest } from "~/modules/notifications/email/resend.server";
import { parseRetryAfter } from "~/modules/notifications/adapter-kit.server";
import type { Config } from "~/lib/config.server";

const APP = "http://127.0.0.1:8787";
const emailConfig = { provider: "resend" as const, apiBaseUrl: "http://127.0.0.1:9/", apiKey: "re_test", from: "Pulseboard <n@pulseboard.example>" };

const message = (over: Partial<OutboundMessage> = {}): OutboundMessage => ({
  outboxId: "o-1",
  channel: "email",
  kind: "report",
  subject: "Your report is ready: <Q1> & more",
  body: "Q1 review <b>report</b> is ready to download.",
  link: `${APP}/reports/files/r-1`,
  recipient: { name: "Eve <Patel>", email: "eve@acme.test", slackUserId: null, msteamsUserId: null },
  tenantId: "T0ACME01",
  items: null,
  snoozable: false,
  ...over,
});

describe("e-mail rendering", () => {
  it("escapes everything people wrote and links the button to the absolute link", () => {
    const { subject, html, text } = renderEmail(message(), APP);
    expect(subject).toBe("Your report is ready: <Q1> & more");
    expect(html).toContain("Your report is ready: &lt;Q1&gt; &amp; more");
    expect(html).toContain("Q1 review &lt;b&gt;report&lt;/b&gt; is ready to download.");
    expect(html).toContain("Eve &lt;Patel&gt;");
    expect(html).not.toContain("<b>report</b>");
    expect(html).not.toContain("<Q1>");
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:8787\/reports\/files\/r-1"[^>]*>Open<\/a>/);
    // Laid out for mail clients: tables and inline styles, no <style> block.
    expect(html).toContain('role="presentation"');
    expect(html).not.toContain("<style");
    expect(text).toContain("Q1 review <b>report</b> is ready to download.");
    expect(text).toContain(`Open: ${APP}/reports/files/r-1`);
    expect(text).not.toContain("Snooze for a day");
  });

  it("keeps a subject on one line and drops a link that is not http(s)", () => {
    const { subject, html, text } = renderEmail(message({ subject: "Hi\r\nBcc: x@evil.test", link: "javascript:alert(1)" }), APP);
    expect(subject).toBe("Hi Bcc: x@evil.test");
    expect(html).not.toContain("javascript:");
    expect(text).not.toContain("javascript:");
  });

  it("lists a digest's reminders each with its own link, and offers Give Feedback and Snooze for a day", () => {
    const digest = message({
      kind: "reminder-digest",
      subject: "Your reminders for today",
      body: "You have 2 reminders.",
      link: `${APP}/my-todos`,
      snoozable: true,
      items: [
        { kind: "reminder", subject: "Review <Ann>", body: "Due Friday", link: `${APP}/reviews/todos` },
        { kind: "survey-reminder", subject: "Pulse survey", body: "Closes soon", link: `${APP}/surveys/respond/s-1` },
      ],
    });
    const { html, text } = renderEmail(digest, APP);
    expect(html).toContain("Review &lt;Ann&gt;");
    expect(html).toMatch(/href="http:\/\/127\.0\.0\.1:8787\/reviews\/todos"/);
    expect(html).toMatch(/href="http:\/\/127\.0\.0\.1:8787\/surveys\/respond\/s-1"/);
    expect(html).toMatch(/href="http:\/\/127\.0\.0\.1:8787\/notifications\/snooze"[^>]*>Snooze for a day</);
    expect(html).toMatch(/href="http:\/\/127\.0\.0\.1:8787\/feedback\/give"[^>]*>Give Feedback</);
    expect(text).toContain("- Review <Ann>\n  Due Friday\n  Open: http://127.0.0.1:8787/reviews/todos");
    expect(text).toContain("- Pulse survey\n  Closes soon\n  Open: http://127.0.0.1:8787/surveys/respond/s-1");
    expect(text).toContain("Snooze for a day: http://127.0.0.1:8787/notifications/snooze");
  });

  it("offers Give Feedback on feedback kinds only", () => {
    expect(renderEmail(message({ kind: "feedback-loop" }), APP).text).toContain("Give Feedback: http://127.0.0.1:8787/feedback/give");
    expect(renderEmail(message({ kind: "survey" }), APP).text).not.toContain("Give Feedback");
  });
});

describe("Resend", () => {
  const mail = { to: "eve@acme.test", from: emailConfig.from, subject: "S", html: "<p>H</p>", text: "T", idempotencyKey: "o-1" };

  it("posts {from, to, subject, html, text} to /emails with the API key and the outbox id as Idempotency-Key", () => {
    const request = resendRequest(emailConfig, mail);
    expect(request.url).toBe("http://127.0.0.1:9/emails");
    expect(request.headers).toMatchObject({ Authorization: "Bearer re_test", "Idempotency-Key": "o-1", "Content-Type": "application/json" });
    expect(JSON.parse(request.body)).toEqual({ from: emailConfig.from, to: ["eve@acme.test"], subject: "S", html: "<p>H</p>", text: "T" });
  });

  it("maps answers: accepted, throttled and outages retryable (with Retry-After), other 4xx refused", () => {
    expect(interpretResendResponse(200, { id: "em_1" })).toEqual({ ok: true });
    expect(interpretResendResponse(429, { name: "rate_limit_exceeded" }, 2)).toEqual({
      ok: false,
      code: "ProviderUnavailable",
      detail: "resend 429 rate_limit_exceeded",
      retryable: true,
      retryAfterSeconds: 2,
    });
    expect(interpretResendResponse(503, null)).toMatchObject({ code: "ProviderUnavailable", retryable: true });
    expect(interpretResendResponse(409, { name: "concurrent_idempotent_requests" })).toMatchObject({ retryable: true });
    expect(interpretResendResponse(409, { name: "invalid_idempotent_request" })).toMatchObject({ code: "Rejected", retryable: false });
    expect(interpretResendResponse(422, { name: "validation_error" })).toEqual({
      ok: false,
      code: "Rejected",
      detail: "resend 422 validation_error",
      retryable: false,
    });
    expect(interpretResendResponse(401, { name: "missing_api_key" })).toMatchObject({ code: "AppNotAuthorized", retryable: false });
    expect(interpretResendResponse(200, {})).toMatchObject({ code: "Rejected" });
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfter("3")).toBe(3);
    expect(parseRetryAfter("1.2")).toBe(2);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 0)).toBe(10);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe("e-mail routing", () => {
  const calls: Array<{ url: string; headers: Record<string, string>; body: string }> = [];
  const fetcher: Fetcher = async (url, init) => {
    calls.push({ url, headers: init.headers as Record<string, string>, body: String(init.body) });
    return new Response(JSON.stringify({ id: "em_1" }), { status: 200 });
  };
  const config = (over: Partial<Config>) =>
    ({ appUrl: APP, notifyAdapter: "outbox", email: emailConfig, chat: { slack: { apiBaseUrl: "x", botToken: "" }, msteams: {} }, ...over }) as Config;

  it("sends e-mail rows through the configured provider even when chat stays in the outbox", async () => {
    calls.length = 0;
    const adapter = createDeliveryAdapter(config({ notifyAdapter: "outbox" }), fetcher);
    expect(await adapter.deliver(message())).toEqual({ ok: true });
    expect(await adapter.deliver(message({ channel: "slack" }))).toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(["http://127.0.0.1:9/emails"]);
    expect(calls[0].headers["Idempotency-Key"]).toBe("o-1");
  });

  it("keeps e-mail in the outbox with the embedded provider, and fails a person without an address", async () => {
    calls.length = 0;
    const outbox = emailAdapter({ appUrl: APP, email: { ...emailConfig, provider: "outbox" } }, fetcher);
    expect(await outbox.deliver(message())).toEqual({ ok: true });
    expect(calls).toEqual([]);
    const noAddress = message({ recipient: { name: "X", email: null, slackUserId: null, msteamsUserId: null } });
    expect(await outbox.deliver(noAddress)).toMatchObject({ ok: false, code: "RecipientNotFound", retryable: false });
  });
});
