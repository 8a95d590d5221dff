import { describe, expect, it } from "vitest";
import { chatReducer, type ChatState } from "./chat-client";
import { checkQuestion, MAX_CHAT_MESSAGE, parseClientEvent } from "./chat-protocol";

describe("the assistant's messages", () => {
  it("reads a question leniently and refuses anything else", () => {
    expect(parseClientEvent(JSON.stringify({ type: "ai_chat_message", id: "a-1", inputMessage: "Hi", inputMetaData: { profileId: "u-1" } }))).toEqual({
      type: "ai_chat_message",
      id: "a-1",
      inputMessage: "Hi",
      inputMetaData: { profileId: "u-1" },
    });
    expect(parseClientEvent(JSON.stringify({ type: "ai_chat_message", id: "a-2", inputMessage: "Hi" }))).toMatchObject({ inputMetaData: { profileId: null } });
    expect(parseClientEvent(JSON.stringify({ type: "abort", extra: 1 }))).toEqual({ type: "abort" });
    for (const bad of ["not json", "null", "[]", JSON.stringify({ type: "ai_chat_message", id: "has space", inputMessage: "x" }), JSON.stringify({ type: "ai_chat_message", id: "a", inputMessage: 3 }), JSON.stringify({ type: "ai_chat_message", id: "a", inputMessage: "x", inputMetaData: { profileId: 7 } }), JSON.stringify({ type: "new_chat_message" })]) {
      expect(parseClientEvent(bad), bad).toBeNull();
    }
    expect(parseClientEvent(new ArrayBuffer(4))).toBeNull();
  });

  it("trims a question and refuses a blank or over-long one", () => {
    expect(checkQuestion("  Hello \n")).toEqual({ ok: true, text: "Hello" });
    expect(checkQuestion(" \n\t ")).toEqual({ ok: false, reason: "blank" });
    expect(checkQuestion("x".repeat(MAX_CHAT_MESSAGE))).toMatchObject({ ok: true });
    expect(checkQuestion(` ${"x".repeat(MAX_CHAT_MESSAGE + 1)} `)).toEqual({ ok: false, reason: "too-long" });
  });
});

describe("the browser's conversation", () => {
  const start: ChatState = { connection: "connecting", chatId: null, turns: [], pendingId: null, error: null };

  it("builds the reply from its chunks and ends it with the stored text", () => {
    let state = chatReducer(start, { kind: "event", event: { type: "new_chat_message", chatId: "c1", messages: [], pendingId: null } });
    expect(state).toMatchObject({ connection: "open", chatId: "c1" });
    state = chatReducer(state, { kind: "event", event: { type: "input_message", id: "m1", humanMessage: "Q", profileId: null } });
    expect(state.pendingId).toBe("m1");
    state = chatReducer(state, { kind: "event", event: { type: "ai_response_chunk", id: "m1", chunk: "Hel" } });
    state = chatReducer(state, { kind: "event", event: { type: "ai_response_chunk", id: "m1", chunk: "lo" } });
    expect(state.turns[0]).toMatchObject({ aiMessage: "Hello", status: null });
    state = chatReducer(state, {
      kind: "event",
      event: { type: "ai_response_complete", id: "m1", status: "aborted", aiMessage: "Hel", citations: [], error: null },
    });
    expect(state.pendingId).toBeNull();
    expect(state.turns[0]).toMatchObject({ aiMessage: "Hel", status: "aborted" });
    // A late chunk of an ended reply changes nothing.
    expect(chatReducer(state, { kind: "event", event: { type: "ai_response_chunk", id: "m1", chunk: "x" } }).turns[0].aiMessage).toBe("Hel");
  });

  it("ends a question that failed after its echo, so sending works again", () => {
    let state = chatReducer(start, { kind: "event", event: { type: "input_message", id: "m1", humanMessage: "Q", profileId: null } });
    state = chatReducer(state, { kind: "event", event: { type: "chat_error", id: "m1", error: "The assistant could not answer. Try again." } });
    expect(state.pendingId).toBeNull();
    expect(state.turns[0]).toMatchObject({ status: "failed", error: "The assistant could not answer. Try again." });
    // A refusal of another message leaves the reply in progress alone.
    const pending = chatReducer(start, { kind: "event", event: { type: "input_message", id: "m2", humanMessage: "Q", profileId: null } });
    expect(chatReducer(pending, { kind: "event", event: { type: "chat_error", id: "m3", error: "Wait" } }).pendingId).toBe("m2");
  });

  it("takes the history and the reply in progress from a reconnect's greeting", () => {
    const state = chatReducer(
      { ...start, turns: [{ id: "old", humanMessage: "gone", aiMessage: "", status: null, citations: [] }] },
      {
        kind: "event",
        event: {
          type: "new_chat_message",
          chatId: "c1",
          messages: [{ id: "m1", humanMessage: "Q", aiMessage: "So far", status: null, citations: [] }],
          pendingId: "m1",
        },
      }
    );
    expect(state.turns.map((t) => t.id)).toEqual(["m1"]);
    expect(state.pendingId).toBe("m1");
    expect(chatReducer(state, { kind: "reset" })).toEqual(start);
  });
});
