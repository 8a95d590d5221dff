import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appFetch, postForm, sessionFor } from "./helpers";
import { attrs, textOf } from "./shell-html";
import { count, insertLoopRun, SBI } from "./feedback-fixtures";

// Feedback outside loops: the hub's lists, feedback to any colleague, requests and their answer,
// and praise. Every write comes with its counts, once; bad input and other companies' ids write nothing.

const SAM = "u-acme-sam";
const EVE = "u-acme-eve";
const ED = "u-acme-ed";
const REQUIRED = "This is a required field.";
const sum = (field: string, userId: string) => count(`SELECT coalesce(sum(${field}), 0) AS n FROM feedback_daily_counts WHERE user_id = ?`, userId);

describe("the Feedback hub", () => {
  it("lists my pending pairs of open runs, a run's receivers with ?run=, and sends a self-select choice to its give page", async () => {
    const open = await insertLoopRun({ title: "Open loop", pairs: [{ senderId: SAM, receiverId: EVE }, { senderId: SAM, receiverId: ED }] });
    const closed = await insertLoopRun({ title: "Closed loop", state: "closed", pairs: [{ senderId: SAM, receiverId: EVE }] });
    const late = await insertLoopRun({ title: "Late loop", deadlineAt: new Date(Date.now() - 1000), pairs: [{ senderId: SAM, receiverId: EVE }] });
    const pick = await insertLoopRun({ title: "Pick loop", feedbackFor: "self-select", pairs: [{ senderId: SAM, receiverId: "" }] });
    const sam = await sessionFor("sam@acme.test");
    const html = await (await appFetch("/feedback", { cookie: sam })).text();
    const text = textOf(html);
    for (const label of ["To give", "Requested", "Give Feedback", "Request Feedback", "Praise", "Open loop", "Pick loop"]) expect(text).toContain(label);
    expect(text).not.toContain("Closed loop");
    expect(text).not.toContain("Late loop");
    const links = await attrs(html, "a", "href");
    expect(links).toContain(`/feedback/give/${open.runId}/${EVE}`);
    expect(links).toContain(`/feedback/give/${open.runId}/${ED}`);
    expect(links).not.toContain(`/feedback/give/${closed.runId}/${EVE}`);
    expect(links).not.toContain(`/feedback/give/${late.runId}/${EVE}`);

    const filtered = await (await appFetch(`/feedback?run=${open.runId}`, { cookie: sam })).text();
    expect(textOf(filtered)).not.toContain("Pick loop");
    expect(await attrs(filtered, "a", "href")).toContain(`/feedback/give/${open.runId}/${ED}`);

    const go = await appFetch(`/feedback?run=${pick.runId}&to=${EVE}`, { cookie: sam });
    expect(go.status).toBe(302);
    expect(go.headers.get("Location")).toBe(`/feedback/give/${pick.runId}/${EVE}`);
    // Having given to one colleague, a self-select sender may still choose others.
    expect((await postForm(`/feedback/give/${pick.runId}/${EVE}`, { intent: "send", requestId: crypto.randomUUID(), ...SBI }, sam)).status).toBe(302);
    expect(textOf(await (await appFetch("/feedback", { cookie: sam })).text())).toContain("Pick loop");
    // Someone else's hub shows none of it.
    expect(textOf(await (await appFetch("/feedback", { cookie: await sessionFor("tina@globex.test") })).text())).not.toContain("Open loop");
  });
});

describe("feedback to any colleague", () => {
  it("gives SBI feedback once per form with its counts; bad input and another company's person write nothing", async () => {
    const sam = await sessionFor("sam@acme.test");
    const page = await (await appFetch(`/feedback/give?to=${ED}&format=SaD`, { cookie: sam })).text();
    for (const name of ["strengthText", "developmentAreaText", "sdNextStepText"]) expect(page).toContain(`name="${name}"`);
    expect((await appFetch("/feedback/give?to=u-globex-tina", { cookie: sam })).status).toBe(404);

    const sentBefore = await sum("sent", SAM);
    const receivedBefore = await sum("received", ED);
    // The demo's six months of feedback are there too: count what this test adds.
    const directBefore = await count("SELECT count(*) AS n FROM feedback_items WHERE source = 'direct' AND sender_id = ?", SAM);
    const requestId = crypto.randomUUID();
    const fields = { intent: "send", requestId, format: "SBI", receiverId: ED, ...SBI };
    expect((await postForm("/feedback/give", fields, sam)).status).toBe(302);
    expect((await postForm("/feedback/give", fields, sam)).status).toBe(302);
    expect(await count("SELECT count(*) AS n FROM feedback_items WHERE source = 'direct' AND sender_id = ?", SAM)).toBe(directBefore + 1);
    expect(await sum("sent", SAM)).toBe(sentBefore + 1);
    expect(await sum("received", ED)).toBe(receivedBefore + 1);

    const bad = await postForm(`/feedback/give?to=${ED}&format=SBI`, { intent: "send", requestId: crypto.randomUUID(), format: "SBI", receiverId: ED, situationText: "Only this" }, sam);
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text())).toContain(REQUIRED);
    const foreign = await postForm("/feedback/give", { ...fields, requestId: crypto.randomUUID(), receiverId: "u-globex-tina" }, sam);
    expect(foreign.status).toBe(404);
    const self = await postForm("/feedback/give", { ...fields, requestId: crypto.randomUUID(), receiverId: SAM }, sam);
    expect(self.status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM feedback_items WHERE source = 'direct' AND sender_id = ?", SAM)).toBe(directBefore + 1);
    expect(await sum("sent", SAM)).toBe(sentBefore + 1);
  });
});

describe("requests for feedback", () => {
  it("a request becomes the colleague's to-give item and message; they answer it once; nobody else may open it", async () => {
    const eve = await sessionFor("eve@acme.test");
    const ed = await sessionFor("ed@acme.test");
    const requestedBefore = await sum("requested", EVE);
    const asked = await postForm("/feedback/request", { intent: "request", requestId: crypto.randomUUID(), recipientId: ED, message: "How was my demo?" }, eve);
    expect(asked.status).toBe(302);
    const row = await env.DB.prepare("SELECT id, state, message FROM feedback_requests WHERE requester_id = ? AND recipient_id = ? AND message = 'How was my demo?'").bind(EVE, ED).first<{ id: string; state: string; message: string }>();
    expect(row).toMatchObject({ state: "open", message: "How was my demo?" });
    expect(await sum("requested", EVE)).toBe(requestedBefore + 1);
    expect(
      await count("SELECT count(*) AS n FROM notification_outbox WHERE recipient_user_id = ? AND kind = 'feedback-loop' AND link = ?", ED, `/feedback/requests/${row!.id}`)
    ).toBe(1);

    const hub = await (await appFetch("/feedback", { cookie: ed })).text();
    const eveName = (await env.DB.prepare("SELECT name FROM users WHERE id = ?").bind(EVE).first<{ name: string }>())!.name;
    expect(textOf(hub)).toContain(`${eveName} asked you for feedback`);
    expect(await attrs(hub, "a", "href")).toContain(`/feedback/requests/${row!.id}`);
    expect(textOf(await (await appFetch("/feedback", { cookie: eve })).text())).toContain("Waiting");

    for (const email of ["sam@acme.test", "eve@acme.test", "tina@globex.test"]) {
      expect((await appFetch(`/feedback/requests/${row!.id}`, { cookie: await sessionFor(email) })).status).toBe(404);
    }
    expect((await postForm(`/feedback/requests/${row!.id}`, { intent: "decline" }, await sessionFor("sam@acme.test"))).status).toBe(404);

    const bad = await postForm(`/feedback/requests/${row!.id}`, { intent: "send", requestId: crypto.randomUUID(), format: "FreeText" }, ed);
    expect(bad.status).toBe(400);
    expect(await count("SELECT count(*) AS n FROM feedback_items WHERE request_id = ?", row!.id)).toBe(0);

    const answer = { intent: "send", requestId: crypto.randomUUID(), format: "FreeText", feedbackText: "Clear and well paced." };
    expect((await postForm(`/feedback/requests/${row!.id}`, answer, ed)).status).toBe(302);
    const again = await postForm(`/feedback/requests/${row!.id}`, { ...answer, requestId: crypto.randomUUID() }, ed);
    expect(again.status).toBe(409);
    expect(textOf(await again.text())).toContain("This request has already been answered.");
    expect((await postForm(`/feedback/requests/${row!.id}`, { intent: "decline" }, ed)).status).toBe(409);
    expect(await count("SELECT count(*) AS n FROM feedback_items WHERE request_id = ? AND source = 'request' AND sender_id = ? AND receiver_id = ?", row!.id, ED, EVE)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM feedback_requests WHERE id = ? AND state = 'given' AND answered_at IS NOT NULL", row!.id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM notification_outbox WHERE recipient_user_id = ? AND kind = 'feedback-loop' AND subject LIKE '%answered your request%'", EVE)).toBe(1);
    expect(textOf(await (await appFetch("/feedback", { cookie: eve })).text())).toContain("Answered");
  });

  it("a declined request leaves the to-give list; asking yourself or another company's person is refused", async () => {
    const sam = await sessionFor("sam@acme.test");
    const ed = await sessionFor("ed@acme.test");
    await postForm("/feedback/request", { intent: "request", requestId: crypto.randomUUID(), recipientId: ED, message: "" }, sam);
    const row = await env.DB.prepare("SELECT id FROM feedback_requests WHERE requester_id = ? AND recipient_id = ? AND state = 'open' ORDER BY created_at DESC").bind(SAM, ED).first<{ id: string }>();
    expect((await postForm(`/feedback/requests/${row!.id}`, { intent: "decline" }, ed)).status).toBe(302);
    expect(await count("SELECT count(*) AS n FROM feedback_requests WHERE id = ? AND state = 'declined'", row!.id)).toBe(1);
    expect(await attrs(await (await appFetch("/feedback", { cookie: ed })).text(), "a", "href")).not.toContain(`/feedback/requests/${row!.id}`);
    const before = await count("SELECT count(*) AS n FROM feedback_requests");
    expect((await postForm("/feedback/request", { intent: "request", requestId: crypto.randomUUID(), recipientId: SAM }, sam)).status).toBe(404);
    expect((await postForm("/feedback/request", { intent: "request", requestId: crypto.randomUUID(), recipientId: "u-globex-tina" }, sam)).status).toBe(404);
    expect((await postForm("/feedback/request", { intent: "request", requestId: crypto.randomUUID(), recipientId: "" }, sam)).status).toBe(400);
    expect(await count("SELECT count(*) AS n FROM feedback_requests")).toBe(before);
  });
});

describe("praise", () => {
  it("is stored as public praise with its counts; an empty one is refused", async () => {
    const sam = await sessionFor("sam@acme.test");
    const sentBefore = await sum("praise_sent", SAM);
    const receivedBefore = await sum("praise_received", EVE);
    const praiseBefore = await count("SELECT count(*) AS n FROM feedback_items WHERE sender_id = ? AND source = 'praise'", SAM);
    const res = await postForm("/feedback/praise", { intent: "praise", requestId: crypto.randomUUID(), receiverId: EVE, feedbackText: "Thank you for the launch!" }, sam);
    expect(res.status).toBe(302);
    const item = await env.DB.prepare("SELECT source, feedback_type, is_public, template_type, feedback_text FROM feedback_items WHERE sender_id = ? AND source = 'praise' AND feedback_text = 'Thank you for the launch!'").bind(SAM).first();
    expect(item).toEqual({ source: "praise", feedback_type: "public-praise", is_public: 1, template_type: "FreeText", feedback_text: "Thank you for the launch!" });
    expect(await sum("praise_sent", SAM)).toBe(sentBefore + 1);
    expect(await sum("praise_received", EVE)).toBe(receivedBefore + 1);
    const empty = await postForm(`/feedback/praise?to=${EVE}`, { intent: "praise", requestId: crypto.randomUUID(), receiverId: EVE, feedbackText: "  " }, sam);
    expect(empty.status).toBe(400);
    expect(textOf(await empty.text())).toContain(REQUIRED);
    expect(await count("SELECT count(*) AS n FROM feedback_items WHERE sender_id = ? AND source = 'praise'", SAM)).toBe(praiseBefore + 1);
  });
});
