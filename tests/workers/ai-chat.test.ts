import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as providers from "~/modules/ai/provider.server";
import type { AiProvider, AiWriteTask } from "~/modules/ai/types";
import { appFetch, ORIGIN, sessionFor } from "./helpers";

/**
 * The assistant's socket (001 §4–§7, 002 §2.2): refused before the upgrade when it is not the
 * person's, streamed replies, the §5 rules, abort, history across sockets, and facts read through
 * the access module. The provider is a scripted one (the providers themselves are tested apart).
 */

type Event = Record<string, unknown> & { type: string };

const tasks: AiWriteTask[] = [];

/** Writes `parts` one by one, `delayMs` apart, stopping when aborted. */
function scripted(parts: (task: AiWriteTask) => string[], delayMs = 5): AiProvider {
  return {
    kind: "embedded",
    async *write(task, options) {
      tasks.push(task);
      for (const part of parts(task)) {
        if (options?.signal?.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (options?.signal?.aborted) return;
        yield part;
      }
    },
  };
}

function useProvider(provider: AiProvider) {
  vi.spyOn(providers, "aiProvider").mockImplementation(() => provider);
}

afterEach(() => {
  vi.restoreAllMocks();
  tasks.length = 0;
});

class Client {
  events: Event[] = [];
  private waiters: Array<() => void> = [];
  constructor(readonly socket: WebSocket) {
    socket.accept();
    socket.addEventListener("message", (message) => {
      const text = String(message.data);
      this.events.push(text === "pong" ? { type: "pong" } : (JSON.parse(text) as Event));
      for (const wake of this.waiters.splice(0)) wake();
    });
  }
  send(event: unknown) {
    this.socket.send(JSON.stringify(event));
  }
  // About Eve by default: with her two visible feedback items the chat rules let the provider answer.
  ask(id: string, inputMessage: string, profileId: string | null = "u-acme-eve") {
    this.send({ type: "ai_chat_message", id, inputMessage, inputMetaData: { profileId } });
  }
  async next(match: (event: Event) => boolean, timeoutMs = 5000): Promise<Event> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No matching event; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  close() {
    this.socket.close(1000, "done");
  }
}

async function upgrade(path: string, cookie: string | undefined, origin: string | null = ORIGIN): Promise<Response> {
  const headers: Record<string, string> = { Upgrade: "websocket" };
  if (origin) headers.Origin = origin;
  return appFetch(path, { headers, cookie });
}

async function connect(path: string, cookie: string): Promise<Client> {
  const response = await upgrade(path, cookie);
  expect(response.status).toBe(101);
  expect(response.webSocket).toBeTruthy();
  return new Client(response.webSocket!);
}

const SLACK = "/api/slack-ai/socket.io";
const TEAMS = "/api/msteams-ai/socket.io";
let alice: string;
let sam: string;
let gina: string;
let meetingId: string;

beforeAll(async () => {
  alice = await sessionFor("alice@acme.test");
  sam = await sessionFor("sam@acme.test");
  gina = await sessionFor("gina@globex.test");
  meetingId = `m-${crypto.randomUUID()}`;
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO one_on_ones (id, company_id, reviewer_id, reviewee_id, state, blocks, created_at) VALUES (?, 'c-acme', 'u-acme-sam', 'u-acme-eve', 'prep', '[]', ?)").bind(meetingId, now),
    env.DB.prepare(
      "INSERT INTO goals (id, company_id, user_id, name, deadline, competency_ids, behaviour_ids, created_by, updated_at) VALUES ('g-chat', 'c-acme', 'u-acme-eve', 'Ship the onboarding revamp', ?, '[]', '[]', 'u-acme-eve', ?)"
    ).bind(now + 86_400_000, now),
    feedback("fb-named", "u-acme-ed", false, "Eve ran the launch review with a clear agenda.", now - 3000),
    feedback("fb-anon", null, true, "Eve's estimates were off in the last sprint.", now - 2000),
    feedback("fb-hidden", null, true, "Waiting for its run to close.", now - 1000, { visible: false }),
  ]);
});

function feedback(id: string, senderId: string | null, anonymous: boolean, text: string, sentAt: number, options: { visible?: boolean } = {}) {
  return env.DB.prepare(
    `INSERT INTO feedback_items (id, company_id, source, feedback_type, feedback_type_title, template_type, feedback_text, sender_id, receiver_id, anonymous, is_public, visible, created_at, sent_at)
     VALUES (?, 'c-acme', 'give', 'feedback', 'Feedback', 'FreeText', ?, ?, 'u-acme-eve', ?, 0, ?, ?, ?)`
  ).bind(id, text, senderId, anonymous ? 1 : 0, options.visible === false ? 0 : 1, sentAt, sentAt);
}

describe("the upgrade", () => {
  it("refuses a socket without a session", async () => {
    const response = await upgrade(SLACK, undefined);
    expect(response.status).toBe(401);
    expect(response.webSocket).toBeNull();
  });

  it("refuses another site's page (cross-site WebSocket hijacking)", async () => {
    for (const origin of ["https://evil.example", null]) {
      const response = await upgrade(SLACK, alice, origin);
      expect(response.status).toBe(403);
      expect(response.webSocket).toBeNull();
    }
  });

  it("refuses the other product's path", async () => {
    const response = await upgrade(TEAMS, alice);
    expect(response.status).toBe(404);
    expect(response.webSocket).toBeNull();
  });

  it("refuses the profile chat to someone without ViewAiChat, and a meeting the person is not part of", async () => {
    const eve = await sessionFor("eve@acme.test");
    expect((await upgrade(SLACK, sam)).status).toBe(403);
    expect((await upgrade(`${SLACK}?oneOnOneId=${meetingId}`, await sessionFor("ed@acme.test"))).status).toBe(404);
    // The reviewee does not get the panel (001 §6).
    expect((await upgrade(`${SLACK}?oneOnOneId=${meetingId}`, eve)).status).toBe(403);
    expect((await upgrade(`${SLACK}?oneOnOneId=${meetingId}`, sam)).status).toBe(101);
  });

  it("gives a meeting's panel to a super admin outside it, and not to the reviewer once AI feedback is started", async () => {
    const other = `m-${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO one_on_ones (id, company_id, reviewer_id, reviewee_id, state, blocks, created_at) VALUES (?, 'c-acme', 'u-acme-sam', 'u-acme-ed', 'prep', '[]', ?)")
      .bind(other, Date.now())
      .run();
    expect((await upgrade(`${SLACK}?oneOnOneId=${other}`, alice)).status).toBe(101);
    expect((await upgrade(`${SLACK}?oneOnOneId=${other}`, sam)).status).toBe(101);
    await env.DB.prepare(
      "INSERT INTO ai_feedbacks (id, company_id, one_on_one_id, reviewer_id, reviewee_id, updated_at) VALUES (?, 'c-acme', ?, 'u-acme-sam', 'u-acme-ed', ?)"
    )
      .bind(`af-${other}`, other, Date.now())
      .run();
    const refused = await upgrade(`${SLACK}?oneOnOneId=${other}`, sam);
    expect(refused.status).toBe(403);
    expect(refused.webSocket).toBeNull();
    expect((await upgrade(`${SLACK}?oneOnOneId=${other}`, alice)).status).toBe(101);
    // Another company's super admin does not reach it.
    expect((await upgrade(`${TEAMS}?oneOnOneId=${other}`, gina)).status).toBe(404);
  });

  it("refuses another person's chat and another company's chat", async () => {
    useProvider(scripted(() => ["Hello."]));
    const client = await connect(SLACK, alice);
    const { chatId } = await client.next((e) => e.type === "new_chat_message");
    client.ask("m1", "Hi");
    await client.next((e) => e.type === "ai_response_complete");
    client.close();

    // Adam may not use the profile chat at all; Sam may use the meeting's panel, not Alice's chat.
    const adamsTry = await upgrade(`${SLACK}?chatId=${chatId}`, await sessionFor("adam@acme.test"));
    expect(adamsTry.status).toBe(403);
    expect(adamsTry.webSocket).toBeNull();
    for (const [path, cookie] of [
      [`${SLACK}?chatId=${chatId}&oneOnOneId=${meetingId}`, sam],
      [`${TEAMS}?chatId=${chatId}`, gina],
      [`${SLACK}?chatId=no-such-chat`, alice],
    ] as const) {
      const response = await upgrade(path, cookie);
      expect(response.status, path).toBe(404);
      expect(response.webSocket).toBeNull();
    }
    // The owner continues it.
    expect((await upgrade(`${SLACK}?chatId=${chatId}`, alice)).status).toBe(101);
  });
});

describe("a conversation", () => {
  it("streams the reply in chunks, then completes with a status; the turn is stored", async () => {
    useProvider(scripted(() => ["Eve ", "leads ", "launches."]));
    const client = await connect(SLACK, alice);
    const greeting = await client.next((e) => e.type === "new_chat_message");
    expect(greeting).toMatchObject({ messages: [], pendingId: null });
    client.ask("q1", "  How is Eve doing?  ", "u-acme-eve");
    expect(await client.next((e) => e.type === "input_message")).toMatchObject({ id: "q1", humanMessage: "How is Eve doing?", profileId: "u-acme-eve" });
    const complete = await client.next((e) => e.type === "ai_response_complete");
    const chunks = client.events.filter((e) => e.type === "ai_response_chunk").map((e) => e.chunk);
    expect(chunks).toEqual(["Eve ", "leads ", "launches."]);
    expect(complete).toMatchObject({ id: "q1", status: "complete", aiMessage: "Eve leads launches.", error: null });
    const row = await env.DB.prepare("SELECT human_message, ai_message, status, profile_id FROM ai_chat_messages WHERE chat_id = ? AND id = 'q1'")
      .bind(greeting.chatId)
      .first();
    expect(row).toEqual({ human_message: "How is Eve doing?", ai_message: "Eve leads launches.", status: "complete", profile_id: "u-acme-eve" });
    client.close();
  });

  it("answers a keep-alive ping with pong", async () => {
    const client = await connect(SLACK, alice);
    await client.next((e) => e.type === "new_chat_message");
    client.socket.send("ping");
    await client.next((e) => e.type === "pong");
    client.close();
  });

  it("refuses a blank or over-long message and writes nothing", async () => {
    useProvider(scripted(() => ["never"]));
    const client = await connect(SLACK, alice);
    const { chatId } = await client.next((e) => e.type === "new_chat_message");
    client.ask("blank", "   \n ");
    expect(await client.next((e) => e.type === "chat_error" && e.id === "blank")).toMatchObject({ error: "Type a message first." });
    client.ask("long", "x".repeat(2001));
    expect(await client.next((e) => e.type === "chat_error" && e.id === "long")).toMatchObject({ error: "A message can be at most 2,000 characters." });
    client.send({ type: "something_else" });
    await client.next((e) => e.type === "chat_error" && e.id === null);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM ai_chat_messages WHERE chat_id = ?").bind(chatId).first<{ n: number }>();
    expect(count?.n).toBe(0);
    expect(tasks).toHaveLength(0);
    client.close();
  });

  it("refuses a second message while a reply is pending", async () => {
    useProvider(scripted(() => ["one ", "two ", "three ", "four"], 40));
    const client = await connect(SLACK, alice);
    await client.next((e) => e.type === "new_chat_message");
    client.ask("first", "First question");
    await client.next((e) => e.type === "ai_response_chunk");
    client.ask("second", "Second question");
    expect(await client.next((e) => e.type === "chat_error" && e.id === "second")).toMatchObject({
      error: "Wait for the reply, or abort it, before sending another message.",
    });
    expect(await client.next((e) => e.type === "ai_response_complete")).toMatchObject({ id: "first", status: "complete" });
    expect(client.events.some((e) => e.type === "input_message" && e.id === "second")).toBe(false);
    client.close();
  });

  it("abort stops the stream and keeps the partial text as aborted", async () => {
    useProvider(scripted(() => Array.from({ length: 50 }, (_, i) => `w${i} `), 30));
    const client = await connect(SLACK, alice);
    const { chatId } = await client.next((e) => e.type === "new_chat_message");
    client.ask("long", "Write a lot");
    await client.next((e) => e.type === "ai_response_chunk");
    client.send({ type: "abort" });
    const complete = await client.next((e) => e.type === "ai_response_complete");
    expect(complete.status).toBe("aborted");
    const partial = String(complete.aiMessage);
    expect(partial.startsWith("w0 ")).toBe(true);
    expect(partial.split(" ").filter(Boolean).length).toBeLessThan(50);
    const row = await env.DB.prepare("SELECT ai_message, status FROM ai_chat_messages WHERE chat_id = ? AND id = 'long'").bind(chatId).first();
    expect(row).toEqual({ ai_message: partial, status: "aborted" });
    // Sending works again once the reply has ended.
    client.ask("after", "Shorter please");
    expect(await client.next((e) => e.type === "ai_response_complete" && e.id === "after")).toBeTruthy();
    client.close();
  });

  it("honours an abort sent right behind its question, keeping exactly the text already sent", async () => {
    useProvider(scripted(() => Array.from({ length: 500 }, (_, i) => `p${i} `), 0));
    const client = await connect(SLACK, alice);
    const { chatId } = await client.next((e) => e.type === "new_chat_message");
    client.ask("quick", "Stop at once");
    client.send({ type: "abort" });
    const complete = await client.next((e) => e.type === "ai_response_complete");
    expect(complete).toMatchObject({ id: "quick", status: "aborted" });
    const sent = client.events.filter((e) => e.type === "ai_response_chunk").map((e) => e.chunk).join("");
    expect(complete.aiMessage).toBe(sent);
    expect(sent.split(" ").filter(Boolean).length).toBeLessThan(500);
    const row = await env.DB.prepare("SELECT ai_message, status FROM ai_chat_messages WHERE chat_id = ? AND id = 'quick'").bind(chatId).first();
    expect(row).toEqual({ ai_message: sent, status: "aborted" });
    client.close();
  });

  it("gives the history to a new socket on the same chat, and the next reply sees it", async () => {
    useProvider(scripted((task) => [task.kind === "chat" ? `Answer to ${task.question}.` : ""]));
    const first = await connect(SLACK, alice);
    const { chatId } = await first.next((e) => e.type === "new_chat_message");
    first.ask("a", "One");
    await first.next((e) => e.type === "ai_response_complete");
    first.close();
    // As after an eviction or hibernation: the object has forgotten the turns and reads them from D1.
    await runInDurableObject(env.AI_CHAT.get(env.AI_CHAT.idFromName(`chat:${chatId}`)), async (instance) => {
      (instance as unknown as { conversation: { turns: unknown } }).conversation.turns = null;
    });

    const again = await connect(`${SLACK}?chatId=${chatId}`, alice);
    const greeting = await again.next((e) => e.type === "new_chat_message");
    expect(greeting).toMatchObject({
      chatId,
      messages: [{ id: "a", humanMessage: "One", aiMessage: "Answer to One.", status: "complete", citations: [] }],
    });
    again.ask("b", "Two");
    await again.next((e) => e.type === "ai_response_complete");
    const task = tasks.at(-1);
    expect(task?.kind === "chat" && task.history).toEqual([{ human: "One", ai: "Answer to One." }]);
    again.close();
  });

  it("a socket kept open across the object's eviction still continues the stored conversation", async () => {
    useProvider(scripted((task) => [task.kind === "chat" ? `Answer to ${task.question}.` : ""]));
    const client = await connect(SLACK, alice);
    const { chatId } = await client.next((e) => e.type === "new_chat_message");
    client.ask("a", "One");
    await client.next((e) => e.type === "ai_response_complete" && e.id === "a");
    await runInDurableObject(env.AI_CHAT.get(env.AI_CHAT.idFromName(`chat:${chatId}`)), async (instance) => {
      (instance as unknown as { conversation: { turns: unknown } }).conversation.turns = null;
    });
    client.ask("b", "Two");
    await client.next((e) => e.type === "ai_response_complete" && e.id === "b");
    const task = tasks.at(-1);
    expect(task?.kind === "chat" && task.history).toEqual([{ human: "One", ai: "Answer to One." }]);
    client.close();
  });
});

describe("facts", () => {
  it("reads only what the asker may see and never names an anonymous item's sender", async () => {
    useProvider(scripted((task) => (task.kind === "chat" ? [task.facts.map((f) => `[${f.key}]`).join(" ")] : [])));
    // Sam, reviewer of a 1-on-1 with Eve, is not her manager: none of her private feedback.
    const samClient = await connect(`${SLACK}?oneOnOneId=${meetingId}`, sam);
    await samClient.next((e) => e.type === "new_chat_message");
    samClient.ask("s1", "How is Eve doing?", "u-acme-eve");
    await samClient.next((e) => e.type === "ai_response_complete");
    const samTask = tasks.at(-1);
    expect(samTask?.kind === "chat" && samTask.subject).toEqual({ id: "u-acme-eve", name: expect.any(String) });
    expect(samTask?.kind === "chat" && samTask.facts.filter((f) => f.kind === "feedback").map((f) => f.text)).not.toContain(
      "Eve ran the launch review with a clear agenda."
    );
    // Someone outside the meeting and not visible to Sam: no facts, a clear reply.
    samClient.ask("s2", "And Adam?", "u-acme-adam");
    const refused = await samClient.next((e) => e.type === "ai_response_complete" && e.id === "s2");
    expect(refused).toMatchObject({ status: "complete", citations: [] });
    expect(String(refused.aiMessage)).toContain("you don't have access to their profile");
    samClient.close();

    // Alice (super admin) sees both visible items; the anonymous one says "Anonymous", the hidden one is absent.
    const client = await connect(SLACK, alice);
    await client.next((e) => e.type === "new_chat_message");
    client.ask("f1", "Summarise Eve's feedback", "u-acme-eve");
    const complete = await client.next((e) => e.type === "ai_response_complete");
    const task = tasks.at(-1);
    if (task?.kind !== "chat") throw new Error("no chat task");
    const feedbackFacts = task.facts.filter((f) => f.kind === "feedback");
    const anonymous = feedbackFacts.find((f) => f.text.includes("estimates were off"));
    const named = feedbackFacts.find((f) => f.text.includes("clear agenda"));
    expect(anonymous?.label).toMatch(/from Anonymous to/);
    expect(named?.label).toMatch(/from Ed /);
    expect(feedbackFacts.some((f) => f.text.includes("Waiting for its run"))).toBe(false);
    expect(JSON.stringify(task.facts)).not.toContain("fb-hidden");
    // Her goals come along (at most 8), each with its key and the Goals tab.
    const goals = await env.DB.prepare("SELECT count(*) AS n FROM goals WHERE company_id = 'c-acme' AND user_id = 'u-acme-eve'").first<{ n: number }>();
    const goalFacts = task.facts.filter((f) => f.kind === "goal");
    expect(goals?.n).toBeGreaterThan(0);
    expect(goalFacts).toHaveLength(Math.min(goals?.n ?? 0, 8));
    expect(goalFacts.map((f) => f.label)).toContain("Goal: Ship the onboarding revamp");
    expect(goalFacts.every((f, i) => f.key === `G${i + 1}` && f.href === "/organization/settings/users/u-acme-eve/goals")).toBe(true);
    const citations = complete.citations as Array<{ key: string; label: string; href: string }>;
    expect(citations.map((c) => c.key)).toEqual(task.facts.map((f) => f.key));
    expect(citations.find((c) => c.label.includes("Anonymous"))?.href).toContain("/feedback?feedback=fb-anon");
    client.close();
  });

  it("answers the super admin's quick prompt from the company's feedback", async () => {
    useProvider(scripted(() => ["ok"]));
    const client = await connect(SLACK, alice);
    await client.next((e) => e.type === "new_chat_message");
    client.ask("qp", "Analyze employee feedback", null);
    await client.next((e) => e.type === "ai_response_complete");
    const task = tasks.at(-1);
    if (task?.kind !== "chat") throw new Error("no chat task");
    expect(task.facts.length).toBeGreaterThan(0);
    expect(task.facts.length).toBeLessThanOrEqual(40);
    expect(task.facts.every((f) => f.kind === "feedback")).toBe(true);
    client.close();
  });
});
