import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerChat } from "~/modules/ai/chat-rules";
import { openAiProvider } from "~/modules/ai/openai-provider";
import { aiProvider, collect } from "~/modules/ai/provider.server";
import { AiProviderError, type AiWriteTask } from "~/modules/ai/types";
import { startFakeOpenAi } from "../support/fake-openai";

/**
 * The OpenAI-compatible provider against a fake endpoint on 127.0.0.1: a whole stream, a stream
 * cut in the middle, an HTTP error, a slow first chunk, a stall between chunks, an abort.
 */
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

const TASK: AiWriteTask = { kind: "refine", userFeedback: "You did good.", selectedText: "You did good.", instruction: "more specific" };
const CHAT: AiWriteTask = {
  kind: "chat",
  question: "How did the launch go?",
  history: [{ human: "Hi", ai: "Hello." }],
  subject: null,
  facts: [{ key: "F3", kind: "feedback", aboutId: "u-1", text: "The launch went well.", label: "Feedback from Eve", href: null }],
};
const provider = (timeoutMs = 1000, apiKey = "sk-test-key") => openAiProvider({ baseUrl: fake.url, model: "gpt-test", apiKey, timeoutMs });

/** Reads a stream to its end or its error, keeping what arrived before. */
async function drain(stream: AsyncIterable<string>) {
  const chunks: string[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk);
    return { chunks, error: null };
  } catch (error) {
    return { chunks, error };
  }
}

describe("openAiProvider", () => {
  it("streams the reply's text chunk by chunk, with the key, the model and the rules in the request", async () => {
    fake.script({ kind: "stream", chunks: ["In the ", "launch, ", "you led."], gapMs: 5 });
    const { chunks, error } = await drain(provider().write(CHAT));
    expect(error).toBeNull();
    expect(chunks).toEqual(["In the ", "launch, ", "you led."]);
    const seen = fake.requests.at(-1)!;
    expect(seen.authorization).toBe("Bearer sk-test-key");
    expect(seen.body.model).toBe("gpt-test");
    expect(seen.body.stream).toBe(true);
    const [system, ...rest] = seen.body.messages!;
    expect(system.role).toBe("system");
    expect(system.content).toContain("Never give, suggest, estimate or compare a rating");
    expect(system.content).toContain("[F3] feedback, about u-1, Feedback from Eve: The launch went well.");
    expect(rest).toEqual([
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello." },
      { role: "user", content: "How did the launch go?" },
    ]);
  });

  it("reads the Workers AI shape too, and sends no Authorization without a key", async () => {
    fake.script({ kind: "stream", chunks: ["One ", "two."], shape: "workers" });
    expect(await collect(provider(1000, "").write(TASK))).toBe("One two.");
    expect(fake.requests.at(-1)!.authorization).toBeNull();
  });

  it("treats a stream cut in the middle as cut, not as a complete reply", async () => {
    fake.script({ kind: "cut", chunks: ["The first half ", "of a reply"] });
    const { chunks, error } = await drain(provider().write(TASK));
    expect(chunks).toEqual(["The first half ", "of a reply"]);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).reason).toBe("cut");
    fake.script({ kind: "cut", chunks: ["Half"] });
    await expect(collect(provider().write(TASK))).rejects.toMatchObject({ reason: "cut" });
  });

  it("treats a stream that ends without [DONE] as cut", async () => {
    fake.script({ kind: "stream", chunks: ["All but ", "the end"], done: false });
    await expect(collect(provider().write(TASK))).rejects.toMatchObject({ name: "AiProviderError", reason: "cut" });
  });

  it("turns an HTTP error into failed with a safe message, never the endpoint's body", async () => {
    fake.script({ kind: "status", status: 500, body: '{"error":{"message":"internal trace for org-SECRET123"}}' });
    const { error } = await drain(provider().write(TASK));
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).reason).toBe("failed");
    expect((error as AiProviderError).message).toBe("The AI provider could not answer (HTTP 500).");
    expect((error as AiProviderError).message).not.toContain("SECRET");
    fake.script({ kind: "status", status: 401, body: "bad key sk-test-key" });
    await expect(collect(provider().write(TASK))).rejects.toMatchObject({ reason: "failed", message: "The AI provider could not answer (HTTP 401)." });
  });

  it("times out when the first chunk is slow, and when the stream stalls between chunks", async () => {
    fake.script({ kind: "stream", chunks: ["late"], firstDelayMs: 600 });
    const t0 = Date.now();
    await expect(collect(provider(150).write(TASK))).rejects.toMatchObject({ reason: "timeout", message: "The AI provider did not answer in time." });
    expect(Date.now() - t0).toBeLessThan(500);
    fake.script({ kind: "hang", chunks: ["first "] });
    const { chunks, error } = await drain(provider(150).write(TASK));
    expect(chunks).toEqual(["first "]);
    expect((error as AiProviderError).reason).toBe("timeout");
  });

  it("stops quietly where an abort lands and closes the connection", async () => {
    fake.script({ kind: "stream", chunks: ["one ", "two ", "three ", "four "], gapMs: 150 });
    const abort = new AbortController();
    const chunks: string[] = [];
    for await (const chunk of provider().write(TASK, { signal: abort.signal })) {
      chunks.push(chunk);
      if (chunks.length === 1) setTimeout(() => abort.abort(), 20);
    }
    expect(chunks).toEqual(["one "]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.requests.at(-1)!.closedEarly).toBe(true);
  });

  it("says failed when the endpoint cannot be reached", async () => {
    const gone = openAiProvider({ baseUrl: "http://127.0.0.1:9/v1", model: "m", apiKey: "", timeoutMs: 1000 });
    await expect(collect(gone.write(TASK))).rejects.toMatchObject({ reason: "failed", message: "The AI provider could not be reached." });
  });

  it("is what aiProvider builds for AI_PROVIDER=openai, and answerChat applies the rules around it", async () => {
    const env = {
      AI_PROVIDER: "openai",
      AI_OPENAI_BASE_URL: fake.url,
      AI_OPENAI_MODEL: "gpt-env",
      AI_OPENAI_API_KEY: "sk-env",
      AI_TIMEOUT_MS: "500",
      SESSION_SECRET: "unit-tests-session-secret-0123456789",
      INTEGRATION_KEYS: "test:unit-tests-integration-key-0123456789abcdef",
    } as unknown as Env;
    const chosen = aiProvider(env);
    expect(chosen.kind).toBe("openai");
    fake.script({ kind: "stream", chunks: ["The launch went well [F3]. ", "I'd rate them 9/10. ", "Sources: [F3]"] });
    expect(await collect(answerChat(chosen, CHAT))).toBe("The launch went well [F3]. (A rating was left out here: the assistant does not rate people.) Sources: [F3]");
    expect(fake.requests.at(-1)!).toMatchObject({ authorization: "Bearer sk-env", body: { model: "gpt-env" } });
  });
});

describe("aiProvider", () => {
  const base = { SESSION_SECRET: "unit-tests-session-secret-0123456789", INTEGRATION_KEYS: "test:unit-tests-integration-key-0123456789abcdef" };
  it("is the embedded provider by default and the Workers AI one for AI_PROVIDER=workers-ai", async () => {
    expect(aiProvider({ ...base } as unknown as Env).kind).toBe("embedded");
    const unbound = aiProvider({ ...base, AI_PROVIDER: "workers-ai" } as unknown as Env);
    expect(unbound.kind).toBe("workers-ai");
    await expect(collect(unbound.write(TASK))).rejects.toMatchObject({ reason: "failed" });
  });
});
