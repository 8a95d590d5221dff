import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { answerChat } from "~/modules/ai/chat-rules";
import { aiProvider, collect } from "~/modules/ai/provider.server";
import { AiProviderError, type AiWriteTask } from "~/modules/ai/types";
import { MISSING_BINDING_MESSAGE } from "~/modules/ai/workers-ai-provider";

/**
 * The Workers AI provider inside workerd with a fake `AI` binding: a plain object whose run()
 * answers a ReadableStream of server-sent events, as the real binding does with `stream: true`.
 * Each test builds the provider with aiProvider() from a copy of the test env naming workers-ai.
 */
type Event = string | { error: true } | { pauseMs: number };
const encoder = new TextEncoder();

/** A fake binding: each run() streams `events` (raw SSE text pieces, a stream error, or a pause). */
function fakeAi(events: Event[], options: { runDelayMs?: number; throws?: string } = {}) {
  const calls: Array<{ model: string; inputs: { messages: Array<{ role: string; content: string }>; stream: boolean } }> = [];
  const ai = {
    async run(model: string, inputs: { messages: Array<{ role: string; content: string }>; stream: boolean }) {
      calls.push({ model, inputs });
      if (options.throws) throw new Error(options.throws);
      if (options.runDelayMs) await new Promise((resolve) => setTimeout(resolve, options.runDelayMs));
      let i = 0;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          const event = events[i++];
          if (event === undefined) return controller.close();
          if (typeof event === "string") return controller.enqueue(encoder.encode(event));
          if ("error" in event) return controller.error(new Error("network connection lost"));
          await new Promise((resolve) => setTimeout(resolve, event.pauseMs));
        },
      });
    },
  };
  return { ai: ai as unknown as Ai, calls };
}

const workersAi = (ai: Ai | undefined, timeoutMs = 1000) =>
  aiProvider({ ...env, AI_PROVIDER: "workers-ai", AI_WORKERS_MODEL: "@cf/meta/test-model", AI_TIMEOUT_MS: String(timeoutMs), AI: ai } as Env);

const response = (text: string) => `data: ${JSON.stringify({ response: text })}\n\n`;
const delta = (text: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text } }] })}\n\n`;
const DONE = "data: [DONE]\n\n";
const TASK: AiWriteTask = { kind: "tone", userFeedback: "You missed it. Next time plan.", openingStatement: "You missed it.", suggestedTone: "constructive" };

async function drain(stream: AsyncIterable<string>) {
  const chunks: string[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk);
    return { chunks, error: null as unknown };
  } catch (error) {
    return { chunks, error };
  }
}

describe("Workers AI provider (fake AI binding in workerd)", () => {
  it('streams the {"response"} shape, asking the configured model with the messages and stream: true', async () => {
    const { ai, calls } = fakeAi([response("Here is "), response("something "), response("that could help."), `data: {"response":"","usage":{"prompt_tokens":9}}\n\n`, DONE]);
    const provider = workersAi(ai);
    expect(provider.kind).toBe("workers-ai");
    const { chunks, error } = await drain(provider.write(TASK));
    expect(error).toBeNull();
    expect(chunks).toEqual(["Here is ", "something ", "that could help."]);
    expect(calls).toHaveLength(1);
    expect(calls[0].model).toBe("@cf/meta/test-model");
    expect(calls[0].inputs.stream).toBe(true);
    expect(calls[0].inputs.messages[0].content).toContain("Never give, suggest, estimate or compare a rating");
    expect(calls[0].inputs.messages[1].content).toContain("in a constructive tone");
  });

  it("streams the OpenAI choices[].delta shape, events split anywhere across the stream's pieces", async () => {
    const whole = delta("One ") + delta("two.") + DONE;
    const pieces = [whole.slice(0, 7), whole.slice(7, 40), whole.slice(40, 41), whole.slice(41)];
    const { ai } = fakeAi(pieces);
    expect(await collect(workersAi(ai).write(TASK))).toBe("One two.");
  });

  it("treats a stream that breaks in the middle, or ends without [DONE], as cut", async () => {
    const broken = fakeAi([response("The first "), response("half"), { error: true }]);
    const { chunks, error } = await drain(workersAi(broken.ai).write(TASK));
    expect(chunks).toEqual(["The first ", "half"]);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).reason).toBe("cut");
    const unfinished = fakeAi([response("All but the end")]);
    await expect(collect(workersAi(unfinished.ai).write(TASK))).rejects.toMatchObject({ reason: "cut" });
  });

  it("times out before the first chunk and between chunks", async () => {
    const slow = fakeAi([response("late"), DONE], { runDelayMs: 600 });
    await expect(collect(workersAi(slow.ai, 150).write(TASK))).rejects.toMatchObject({ reason: "timeout" });
    const stalled = fakeAi([response("first "), { pauseMs: 600 }, response("second"), DONE]);
    const { chunks, error } = await drain(workersAi(stalled.ai, 150).write(TASK));
    expect(chunks).toEqual(["first "]);
    expect((error as AiProviderError).reason).toBe("timeout");
  });

  it("stops quietly where an abort lands", async () => {
    const { ai } = fakeAi([response("one "), { pauseMs: 100 }, response("two "), { pauseMs: 100 }, response("three"), DONE]);
    const abort = new AbortController();
    const chunks: string[] = [];
    for await (const chunk of workersAi(ai).write(TASK, { signal: abort.signal })) {
      chunks.push(chunk);
      abort.abort();
    }
    expect(chunks).toEqual(["one "]);
  });

  it("fails with a safe message when the binding throws, and says what is missing without a binding", async () => {
    const throwing = fakeAi([], { throws: "5016: account abc123 has no access" });
    const { error } = await drain(workersAi(throwing.ai).write(TASK));
    expect(error).toMatchObject({ reason: "failed", message: "The AI provider could not be reached." });
    // Made without the binding, it fails only when used.
    const unbound = workersAi(undefined);
    await expect(collect(unbound.write(TASK))).rejects.toMatchObject({ reason: "failed", message: MISSING_BINDING_MESSAGE });
  });

  it("answers a chat through answerChat, facts cited and a rating left out", async () => {
    const { ai, calls } = fakeAi([response("Eve led the launch [F1]. "), response("She is a 5 out of 5. "), response("Sources: [F1]"), DONE]);
    const chat: AiWriteTask = {
      kind: "chat",
      question: "How did the launch go?",
      history: [],
      subject: null,
      facts: [{ key: "F1", kind: "feedback", aboutId: "u-eve", text: "You led the launch.", label: "Feedback from Ann", href: null }],
    };
    expect(await collect(answerChat(workersAi(ai), chat))).toBe("Eve led the launch [F1]. (A rating was left out here: the assistant does not rate people.) Sources: [F1]");
    expect(calls[0].inputs.messages[0].content).toContain("[F1] feedback, about u-eve, Feedback from Ann: You led the launch.");
  });
});
