import { describe, expect, it } from "vitest";
import { sentimentCounts, sentimentOf } from "./sentiment";

describe("sentimentOf", () => {
  it("reads praise as positive", () => {
    expect(sentimentOf("Keep the Friday demos, they are great.")).toBe("positive");
    expect(sentimentOf("Thanks, I really appreciate the flexible hours.")).toBe("positive");
  });

  it("reads criticism and harsh words as negative", () => {
    expect(sentimentOf("Approvals for small purchases are slow and frustrating.")).toBe("negative");
    expect(sentimentOf("The planning process is a waste of time.")).toBe("negative");
  });

  it("reads plain statements and suggestions as neutral", () => {
    expect(sentimentOf("More time for focused work without meetings.")).toBe("neutral");
    expect(sentimentOf("We could try shorter standups.")).toBe("neutral");
    expect(sentimentOf("")).toBe("neutral");
  });

  it("weighs praise against criticism as the analyser's tone does", () => {
    // One critical cue against two supportive ones: not mostly critical.
    expect(sentimentOf("Great team and great work, but the office is loud.")).not.toBe("negative");
  });
});

describe("sentimentCounts", () => {
  it("adds each text's count to its sentiment and reads each distinct text once", () => {
    const cache = new Map();
    const counts = sentimentCounts(
      [
        { text: "Keep the Friday demos, they are great.", count: 3 },
        { text: "Approvals for small purchases are slow and frustrating.", count: 2 },
        { text: "More time for focused work without meetings.", count: 4 },
        { text: "Keep the Friday demos, they are great.", count: 1 },
      ],
      cache
    );
    expect(counts).toEqual({ positive: 4, neutral: 4, negative: 2 });
    expect(cache.size).toBe(3);
  });
});
