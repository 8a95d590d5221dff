/**
 * Questionnaire snapshot blocks shared by the review and report worker tests: "Is the work on
 * time?" (Disagree 0 / Agree 1, comment box) and "What went well?" (long text), under a title.
 */
export const ON_TIME_QUESTION = {
  id: "b-time",
  type: "multi-select",
  typeTitle: "Multiple Choice",
  multiSelectValue: {
    label: "Is the work on time?",
    selectedOption: "custom",
    choices: [
      { text: "Disagree", value: 0 },
      { text: "Agree", value: 1 },
    ],
    numericValue: false,
    commentBox: true,
    commentBoxGuide: "Why?",
    required: true,
    dropdown: false,
    selectedView: "radio",
    isNotApplicableOption: false,
  },
};

export const WENT_WELL_QUESTION = {
  id: "b-well",
  type: "long-text",
  typeTitle: "Long Text",
  textValue: { label: "What went well?", placeholder: "", required: false },
};

/** The title "Delivery" (block `titleId`), then both questions. */
export const deliveryBlocks = (titleId: string) => [
  { id: titleId, type: "title", typeTitle: "Title", titleValue: { text: "Delivery" } },
  ON_TIME_QUESTION,
  WENT_WELL_QUESTION,
];

/** A 1–5 score question's value (comment box, Not Applicable offered), with overrides. */
export const scoreScale = (label: string, extra: Record<string, unknown> = {}) => ({
  label,
  selectedOption: "score-1-5",
  choices: [1, 2, 3, 4, 5].map((v) => ({ text: String(v), value: v })),
  numericValue: false,
  commentBox: true,
  commentBoxGuide: "Why?",
  required: true,
  dropdown: false,
  selectedView: "radio",
  isNotApplicableOption: true,
  ...extra,
});
