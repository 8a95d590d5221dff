import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { RevieweeReportDocument } from "~/modules/reviews/components/reviewee-report-document";
import { sharedCopy } from "~/lib/copy";
import { anonymousAnswersShown, inAnonymousOrder } from "~/modules/access/anonymous-reviewers.server";
import { ANONYMOUS_REVIEWER, buildRevieweeReport, COMPETENCY_ANALYTICS, reviewGroups } from "~/modules/reviews/reports/reviewee-report";
import { CHOOSE_SOMEONE, ShareReportSchema } from "~/modules/reviews/reports/share.schema";
import type { StoredBlock } from "~/modules/reviews/questionnaire-blocks";
import { scoreScale } from "../../../../tests/workers/review-blocks";

const BLOCKS = [
  { id: "t", type: "title", typeTitle: "Title", titleValue: { text: "Review" } },
  {
    id: "comm",
    type: "competency-question",
    typeTitle: "Competency Question",
    competencyValue: {
      ...scoreScale("How well?"),
      competency: { id: "k-comm", name: "Communication", description: null, behaviours: [] },
      showDescription: false,
      showBehaviours: false,
      isBehavior: false,
    },
  },
  {
    id: "team",
    type: "competency-question",
    typeTitle: "Competency Question",
    competencyValue: {
      ...scoreScale("Each behaviour"),
      competency: {
        id: "k-team",
        name: "Teamwork",
        description: null,
        behaviours: [
          { id: "b1", name: "Helps others" },
          { id: "b2", name: "Shares credit" },
        ],
      },
      showDescription: false,
      showBehaviours: true,
      isBehavior: true,
    },
  },
  {
    id: "ms",
    type: "multi-select",
    typeTitle: "Multiple Choice",
    multiSelectValue: scoreScale("Overall rating"),
  },
  { id: "lt", type: "long-text", typeTitle: "Long Text", textValue: { label: "What went well?", placeholder: "", required: false } },
] as unknown as StoredBlock[];

const reviewee = { id: "u-1", name: "Rita Reviewee", title: "Engineer", department: "Engineering" };

describe("per-reviewee report (000 §2)", () => {
  const report = buildRevieweeReport(
    reviewee,
    [
      { id: "c-a", title: "Annual", anonymous: false, blocks: BLOCKS },
      { id: "c-b", title: "Peer (anonymous)", anonymous: true, blocks: BLOCKS },
      { id: "c-empty", title: "No answers yet", anonymous: false, blocks: BLOCKS },
    ],
    [
      {
        campaignId: "c-a",
        reviewerName: "Ann Writer",
        answers: {
          comm: { value: 4, comment: "Clear updates" },
          team: { value: ["5", "3"] },
          ms: { value: "2" },
          lt: { value: "<p>Shipped <b>v2</b></p>" },
        },
      },
      {
        campaignId: "c-a",
        reviewerName: "Bob Writer",
        answers: { comm: { value: 2 }, team: { notApplicable: true }, ms: { notApplicable: true } },
      },
      {
        campaignId: "c-b",
        reviewerName: null,
        answers: { comm: { value: 5, comment: "Secret voice" }, team: { value: ["4", ""] }, lt: { value: "Kind" } },
      },
    ],
    3
  );

  it("has one column per completed pair, anonymous reviewers numbered", () => {
    expect(report.columns.map((c) => [c.review, c.reviewer])).toEqual([
      ["Annual", "Ann Writer"],
      ["Annual", "Bob Writer"],
      ["Peer (anonymous)", "Reviewer 1"],
    ]);
    expect(reviewGroups(report.columns).map((g) => g.span)).toEqual([2, 1]);
    expect(report.reviews.map((r) => r.id)).toEqual(["c-a", "c-b", "c-empty"]);
  });

  it("scores competencies from the chosen choice's value, behaviours per row, Not Applicable left out", () => {
    const byName = Object.fromEntries(report.competencies.map((r) => [r.name, r]));
    expect(byName["Communication"].scores).toEqual([4, 2, 5]);
    expect(byName["Communication"].average).toBe(3.67);
    expect(byName["Helps others"]).toMatchObject({ kind: "behaviour", scores: [5, null, 4], average: 4.5 });
    expect(byName["Shares credit"]).toMatchObject({ scores: [3, null, null], average: 3 });
    // The competency rated per behaviour: each column the mean of its behaviours.
    expect(byName["Teamwork"]).toMatchObject({ kind: "competency", scores: [4, null, 4], average: 4 });
    expect(report.competencies.map((r) => r.name)).toEqual(["Communication", "Teamwork", "Helps others", "Shares credit"]);
  });

  it("lists rated questions with the answer and its score per column", () => {
    expect(report.quantitative).toHaveLength(1);
    expect(report.quantitative[0]).toMatchObject({
      question: "Overall rating",
      cells: [{ answer: "2", score: 2 }, { answer: "Not Applicable", score: null }, null],
      average: 2,
    });
  });

  it("lists comments and text answers, the anonymous review's reviewer hidden", () => {
    expect(report.comments).toEqual([
      { review: "Annual", question: "How well?", reviewer: "Ann Writer", comment: "Clear updates" },
      { review: "Annual", question: "What went well?", reviewer: "Ann Writer", comment: "Shipped v2" },
      { review: "Peer (anonymous)", question: "How well?", reviewer: ANONYMOUS_REVIEWER, comment: "Secret voice" },
      { review: "Peer (anonymous)", question: "What went well?", reviewer: ANONYMOUS_REVIEWER, comment: "Kind" },
    ]);
  });

  it("charts each review's mean per competency row", () => {
    expect(report.chart.series).toEqual([
      { name: "Annual", data: [3, 4, 5, 3] },
      { name: "Peer (anonymous)", data: [5, 4, 4, null] },
    ]);
    expect(report.chart.max).toBe(5);
  });

  it("renders the PDF document with the reviewee's name and the chart's title, no script", () => {
    const html = renderToStaticMarkup(createElement(RevieweeReportDocument, { report, generatedAt: Date.UTC(2026, 0, 2) }));
    expect(html).toContain("Rita Reviewee");
    expect(html).toContain(COMPETENCY_ANALYTICS);
    expect(html).toContain("<svg");
    expect(html).toContain("Average score");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("Reviewer 1</td>"); // comments say Anonymous, not the column's number
  });
});

describe("per-reviewee report: an anonymous review below the anonymity floor", () => {
  const secret = { campaignId: "c-b", reviewerName: null, answers: { comm: { value: 1, comment: "Only two of us" }, lt: { value: "Tell-tale" } } };
  const report = buildRevieweeReport(
    reviewee,
    [
      { id: "c-a", title: "Annual", anonymous: false, blocks: BLOCKS },
      { id: "c-b", title: "Peer (anonymous)", anonymous: true, withheld: true, blocks: BLOCKS },
    ],
    [{ campaignId: "c-a", reviewerName: "Ann Writer", answers: { comm: { value: 4 } } }, secret, secret],
    3
  );

  it("uses none of its answers: no column, score, average, chart series or comment", () => {
    expect(report.columns.map((c) => c.reviewer)).toEqual(["Ann Writer"]);
    expect(report.competencies.find((r) => r.name === "Communication")).toMatchObject({ scores: [4], average: 4 });
    expect(report.chart.series.map((s) => s.name)).toEqual(["Annual"]);
    expect(JSON.stringify(report)).not.toContain("Only two of us");
    expect(JSON.stringify(report)).not.toContain("Tell-tale");
    expect(report.reviews.map((r) => [r.id, r.withheld])).toEqual([
      ["c-a", false],
      ["c-b", true],
    ]);
    expect(report.anonymityMinimum).toBe(3);
  });

  it("says so in the PDF document", () => {
    const html = renderToStaticMarkup(createElement(RevieweeReportDocument, { report, generatedAt: Date.UTC(2026, 0, 2) }));
    expect(html).toContain('data-withheld-review="c-b"');
    expect(html).toContain(sharedCopy.anonymousAnswersWithheld(3));
  });
});

describe("anonymous reviewers' order", () => {
  const ids = Array.from({ length: 12 }, (_, i) => `rp-${String(i).padStart(4, "0")}`);

  it("is the same whatever order the pairs come in, and not the ids' order", async () => {
    const forward = await inAnonymousOrder("test-secret-0123456789", ids, (id) => id);
    const backward = await inAnonymousOrder("test-secret-0123456789", [...ids].reverse(), (id) => id);
    expect(backward).toEqual(forward);
    expect(forward).not.toEqual(ids);
    expect(forward).not.toEqual([...ids].reverse());
    expect([...forward].sort()).toEqual(ids);
  });

  it("depends on the server's secret (no one can work it out from the ids alone)", async () => {
    const one = await inAnonymousOrder("test-secret-0123456789", ids, (id) => id);
    const other = await inAnonymousOrder("another-secret-9876543210", ids, (id) => id);
    expect(other).not.toEqual(one);
  });

  it("shows anonymous answers from the floor up, a company floor below the default counting as the default", () => {
    expect(anonymousAnswersShown(2, 3)).toBe(false);
    expect(anonymousAnswersShown(3, 3)).toBe(true);
    expect(anonymousAnswersShown(2, 1)).toBe(false);
    expect(anonymousAnswersShown(4, 5)).toBe(false);
    expect(anonymousAnswersShown(5, 5)).toBe(true);
  });
});

describe("share-report form (000 §5 'at least one user must be chosen')", () => {
  const form = (entries: Array<[string, string]>) => {
    const data = new FormData();
    for (const [k, v] of entries) data.append(k, v);
    return data;
  };

  it("refuses an empty choice of people", () => {
    const submission = parseWithZod(
      form([
        ["intent", "share"],
        ["report", "c-1|u-1"],
      ]),
      { schema: ShareReportSchema }
    );
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.userIds).toEqual([CHOOSE_SOMEONE]);
  });

  it("reads reports and people, one or several", () => {
    const submission = parseWithZod(
      form([
        ["intent", "share"],
        ["report", "c-1|u-1"],
        ["report", "c-2|u-1"],
        ["userIds", "u-2"],
        ["userIds", "u-2"],
      ]),
      { schema: ShareReportSchema }
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.report).toEqual([
      { campaignId: "c-1", revieweeId: "u-1" },
      { campaignId: "c-2", revieweeId: "u-1" },
    ]);
    expect(submission.value.userIds).toEqual(["u-2"]);
  });

  it("refuses a malformed report", () => {
    const submission = parseWithZod(
      form([
        ["intent", "share"],
        ["report", "only-one-part"],
        ["userIds", "u-2"],
      ]),
      { schema: ShareReportSchema }
    );
    expect(submission.status).toBe("error");
  });
});
