import { describe, expect, it } from "vitest";
import { emailPairsOf, hasQuestions } from "./config-rules";

describe("emailPairsOf", () => {
  it("reads each row's first two e-mails, skips a header and blank rows, and drops repeated pairs whatever their case", () => {
    const rows = [
      ["Sender", "Receiver"],
      ["eve@acme.test", "ed@acme.test"],
      [],
      ["  EVE@acme.test ", "Ed@Acme.test"],
      ["", "mona@acme.test", "eve@acme.test", "ignored@acme.test"],
      ["eve@acme.test"],
    ];
    expect(emailPairsOf(rows)).toEqual([
      { sender: "eve@acme.test", receiver: "ed@acme.test" },
      { sender: "mona@acme.test", receiver: "eve@acme.test" },
      { sender: "eve@acme.test", receiver: "" },
    ]);
  });

  it("keeps a pair and its reverse apart", () => {
    expect(emailPairsOf([["a@x.test", "b@x.test"], ["b@x.test", "a@x.test"]])).toHaveLength(2);
  });
});

describe("hasQuestions", () => {
  const heading = { id: "h", type: "title" as const, typeTitle: "Title", titleValue: { text: "Hello" } };
  const text = { id: "t", type: "long-text" as const, typeTitle: "Long Text", textValue: { label: "Why?", placeholder: "", required: true } };
  it("is true for a predefined format or a block a sender answers, false for headings only", () => {
    expect(hasQuestions({ templateFormat: "SBI", blocks: [] })).toBe(true);
    expect(hasQuestions({ templateFormat: null, blocks: [] })).toBe(false);
    expect(hasQuestions({ templateFormat: null, blocks: [heading] })).toBe(false);
    expect(hasQuestions({ templateFormat: null, blocks: [heading, text] })).toBe(true);
    expect(hasQuestions({ templateFormat: null, blocks: [{ id: "g", type: "group", label: "G", description: "", questions: [heading] }] })).toBe(false);
    expect(hasQuestions({ templateFormat: null, blocks: [{ id: "g", type: "group", label: "G", description: "", questions: [text] }] })).toBe(true);
  });
});
