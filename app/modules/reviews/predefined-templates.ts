/**
 * Ready-made questionnaires an HR team can start from. Each template is a list of blocks in the
 * builder's form shape, without keys; competency questions name the competency they are meant
 * for, matched by name against the company's competencies when the template is used.
 */
import type { ScaleFamily } from "~/modules/blocks/scales";
import type { BlockForm } from "./questionnaire-blocks";

/** A block of a predefined template: a BlockForm without its key; competency/objective questions name the competency they are meant for (matched by name against the company's competencies when the template is used) instead of an id. */
export type PredefinedBlock = Omit<BlockForm, "key" | "competencyId" | "objectiveId"> & { competencyName?: string };

export interface PredefinedTemplate {
  id: string;
  title: string;
  description: string;
  blocks: PredefinedBlock[];
}

// ---------------------------------------------------------------------------------------------
// Block helpers: each fills in every field its type needs, so templates read as content only.
// ---------------------------------------------------------------------------------------------

const title = (text: string): PredefinedBlock => ({ type: "title", text });
const section = (text: string): PredefinedBlock => ({ type: "subtitle", text });

const shortText = (label: string, placeholder: string, required = true): PredefinedBlock => ({
  type: "short-text",
  label,
  placeholder,
  required,
});

const longText = (label: string, placeholder: string, required = true): PredefinedBlock => ({
  type: "long-text",
  label,
  placeholder,
  required,
});

interface ChoiceOptions {
  view?: "radio" | "dropdown" | "matrix";
  required?: boolean;
  notApplicable?: boolean;
  /** A guideline for an optional comment beside the answer; turns the comment box on. */
  comment?: string;
  /** Custom items, one per line; only with the "custom" scale. */
  items?: string[];
  /** The values the custom items score; turns numeric values on. */
  values?: number[];
}

function choiceFields(label: string, scale: ScaleFamily, options: ChoiceOptions): PredefinedBlock {
  const block: Omit<PredefinedBlock, "type"> = {
    label,
    scale,
    view: options.view ?? "radio",
    required: options.required ?? true,
    notApplicable: options.notApplicable ?? false,
    commentBox: Boolean(options.comment),
    ...(options.comment ? { commentBoxGuide: options.comment } : {}),
  };
  if (scale === "custom") {
    block.customItems = (options.items ?? []).join("\n");
    block.numericValue = Boolean(options.values);
    block.choiceValues = options.values ?? [];
  }
  return { type: "multi-select", ...block };
}

const choice = (label: string, scale: ScaleFamily, options: ChoiceOptions = {}): PredefinedBlock => choiceFields(label, scale, options);

interface CompetencyOptions extends ChoiceOptions {
  showDescription?: boolean;
  showBehaviours?: boolean;
  /** Rate each behaviour of the competency rather than the competency as a whole. */
  isBehavior?: boolean;
}

const competency = (competencyName: string, label: string, scale: ScaleFamily, options: CompetencyOptions = {}): PredefinedBlock => ({
  ...choiceFields(label, scale, options),
  type: "competency-question",
  competencyName,
  showDescription: options.showDescription ?? true,
  showBehaviours: options.showBehaviours ?? true,
  isBehavior: options.isBehavior ?? false,
});

interface ObjectiveOptions extends ChoiceOptions {
  showKPIs?: boolean;
  /** Rate each KPI of the objective rather than the objective as a whole. */
  isKPI?: boolean;
}

const objective = (label: string, scale: ScaleFamily, options: ObjectiveOptions = {}): PredefinedBlock => ({
  ...choiceFields(label, scale, options),
  type: "objective-question",
  showKPIs: options.showKPIs ?? true,
  isKPI: options.isKPI ?? false,
});

// ---------------------------------------------------------------------------------------------
// The templates.
// ---------------------------------------------------------------------------------------------

const OVERALL_RATING = ["Below expectations", "Partially meets expectations", "Meets expectations", "Exceeds expectations", "Exceptional"];

export const PREDEFINED_TEMPLATES: PredefinedTemplate[] = [
  {
    id: "annual-review",
    title: "Annual Performance Review",
    description:
      "A manager's review of a direct report's year: results against objectives, core competencies, an overall rating and a development focus for the year ahead.",
    blocks: [
      title("Annual Performance Review"),
      section("Results"),
      objective("How well did this person achieve this objective?", "score-1-5", {
        notApplicable: true,
        comment: "Summarise the results delivered against this objective and any context that affected them.",
      }),
      longText(
        "What were this person's most significant achievements this year?",
        "Describe two or three achievements and the impact they had on the team, customers or the business"
      ),
      section("Competencies"),
      competency("Communication", "How consistently does this person demonstrate this competency?", "score-1-5", {
        comment: "Give a specific example from this year that supports your rating.",
      }),
      competency("Collaboration", "How consistently does this person demonstrate this competency?", "score-1-5", {
        comment: "Give a specific example from this year that supports your rating.",
      }),
      competency("Ownership", "How consistently does this person demonstrate this competency?", "score-1-5", {
        comment: "Give a specific example from this year that supports your rating.",
      }),
      competency("Customer Focus", "How consistently does this person demonstrate this competency?", "score-1-5", {
        notApplicable: true,
        comment: "Give a specific example from this year that supports your rating.",
      }),
      section("Overall assessment"),
      choice("Overall performance rating for the year", "custom", {
        items: OVERALL_RATING,
        values: [1, 2, 3, 4, 5],
        comment: "Explain the main reasons for this rating, balancing results and how they were achieved.",
      }),
      longText("What should this person keep doing?", "Name the strengths and habits that make this person most effective"),
      section("Development"),
      longText(
        "What should this person focus on developing over the next year?",
        "Suggest one or two areas, and how you will support progress on them"
      ),
      choice("How ready is this person for a role with greater scope?", "custom", {
        items: ["Ready now", "Ready within 12 months", "Ready in 1–2 years", "Not a current focus"],
        required: false,
        comment: "Note what this person would need to demonstrate to be ready.",
      }),
    ],
  },
  {
    id: "360-peer-review",
    title: "360° Peer Feedback",
    description:
      "Feedback from colleagues who work closely with the reviewee: how reliable and collaborative they are, how they show key competencies, and what they could do differently.",
    blocks: [
      title("360° Peer Feedback"),
      section("Working together"),
      shortText(
        "How have you worked with this person during the review period?",
        "For example: same team, shared project, occasional cross-team work"
      ),
      choice("I can rely on this person to deliver what they commit to.", "agree-disagree-5", { notApplicable: true }),
      choice("This person shares information and context openly.", "agree-disagree-5", { notApplicable: true }),
      choice("This person responds constructively when others disagree with them.", "agree-disagree-5", { notApplicable: true }),
      section("Competencies"),
      competency("Collaboration", "How often does this person show each of these behaviours?", "agree-disagree-5", {
        view: "matrix",
        isBehavior: true,
        notApplicable: true,
      }),
      competency("Communication", "How often does this person show each of these behaviours?", "agree-disagree-5", {
        view: "matrix",
        isBehavior: true,
        notApplicable: true,
      }),
      section("Strengths and growth"),
      longText("What does this person do particularly well that they should keep doing?", "Share a specific example if you can"),
      longText(
        "What could this person do differently to be more effective?",
        "Focus on one or two changes that would make the biggest difference"
      ),
      choice("If you had the choice, how likely would you be to work with this person again?", "likely-unlikely", {
        comment: "What most influenced your answer?",
      }),
    ],
  },
  {
    id: "manager-upward-review",
    title: "Manager Upward Feedback",
    description:
      "Direct reports give their manager feedback on clarity, feedback, support for growth and leadership, so managers can see what is working and what to change.",
    blocks: [
      title("Manager Upward Feedback"),
      section("Direction and feedback"),
      choice("My manager sets clear expectations for my work.", "agree-disagree-5", { view: "matrix" }),
      choice("My manager gives me regular feedback that helps me improve.", "agree-disagree-5", { view: "matrix" }),
      choice("My manager keeps the team informed about decisions that affect us.", "agree-disagree-5", { view: "matrix" }),
      choice("I feel comfortable raising concerns or disagreeing with my manager.", "agree-disagree-5", { view: "matrix" }),
      section("Growth and support"),
      choice("My manager actively supports my career development.", "agree-disagree-5"),
      choice("Have you had a conversation with your manager about your career in the last six months?", "yes-no"),
      competency("Leadership", "How effectively does your manager demonstrate this competency?", "score-1-5", {
        comment: "Describe something your manager did that illustrates your rating.",
      }),
      section("Open feedback"),
      longText(
        "What does your manager do that you would like them to keep doing?",
        "Be as specific as you can, so your manager knows what to continue"
      ),
      longText(
        "What could your manager do differently to support you better?",
        "Suggest a change your manager could act on in the next few months"
      ),
    ],
  },
  {
    id: "self-review",
    title: "Self-Review",
    description:
      "An employee's reflection on their own period: achievements, progress on objectives, competencies, workload and the support they need next. Works well before an annual or mid-year review.",
    blocks: [
      title("Self-Review"),
      section("Looking back"),
      longText("What are you most proud of accomplishing during this review period?", "Describe the outcome and your contribution to it"),
      longText(
        "What obstacles did you face, and how did you handle them?",
        "Include anything that slowed you down and what you learned from it"
      ),
      section("Objectives"),
      objective("How would you rate your progress on each key result of this objective?", "score-1-5", {
        view: "matrix",
        isKPI: true,
        notApplicable: true,
        comment: "Describe the results and evidence behind your ratings.",
      }),
      section("Competencies"),
      competency("Ownership", "How would you rate yourself on this competency?", "score-1-5", {
        comment: "Give a specific example that supports your rating.",
      }),
      competency("Technical Excellence", "How would you rate yourself on this competency?", "score-1-5", {
        notApplicable: true,
        comment: "Give a specific example that supports your rating.",
      }),
      section("Looking ahead"),
      choice("How would you describe your current workload?", "custom", {
        items: ["Too light", "Manageable", "Stretching but sustainable", "Unsustainable"],
        comment: "Add any context that would help your manager understand your answer.",
      }),
      shortText(
        "In one sentence, what is your main goal for the next review period?",
        "For example: lead the redesign of our onboarding flow"
      ),
      longText(
        "Which skills would you like to develop next, and what support would help?",
        "Think about training, projects, mentoring or changes in how you work"
      ),
      longText("Is there anything else you would like your manager to know?", "Type your answer here", false),
    ],
  },
  {
    id: "probation-review",
    title: "Probation Review",
    description:
      "A manager's end-of-probation assessment of a new joiner: how they have settled in, the quality of their work, core competencies and a clear recommendation on confirmation.",
    blocks: [
      title("Probation Review"),
      section("Settling in"),
      choice("Has this person completed their onboarding plan and any required training?", "yes-no", {
        comment: "If not, note what is outstanding and when it will be completed.",
      }),
      choice("This person understands the responsibilities and expectations of their role.", "agree-disagree-5"),
      section("Performance"),
      choice("How would you rate the quality of this person's work so far?", "score-1-5", {
        comment: "Refer to specific pieces of work where you can.",
      }),
      competency("Communication", "How well has this person demonstrated this competency during probation?", "score-1-5", {
        comment: "Give an example that supports your rating.",
      }),
      competency("Ownership", "How well has this person demonstrated this competency during probation?", "score-1-5", {
        comment: "Give an example that supports your rating.",
      }),
      longText(
        "What has this person done well during their probation?",
        "Highlight the contributions and behaviours you want to see continue"
      ),
      longText(
        "Where does this person need further support or improvement?",
        "Be specific about the gap and the support that will be offered"
      ),
      section("Outcome"),
      choice("What is your recommendation?", "custom", {
        items: ["Confirm employment", "Extend probation", "Do not confirm employment"],
        comment: "Summarise the reasons for your recommendation.",
      }),
      longText(
        "If probation is extended, what must be achieved, and by when?",
        "List clear, measurable expectations and the date of the next review",
        false
      ),
    ],
  },
  {
    id: "quarterly-check-in",
    title: "Quarterly Check-in",
    description:
      "A short, regular conversation between an employee and their manager: progress on objectives, what helped or got in the way, engagement and priorities for the next quarter.",
    blocks: [
      title("Quarterly Check-in"),
      section("Progress"),
      objective("What is the current status of this objective?", "custom", {
        items: ["Off track", "At risk", "On track", "Achieved"],
        values: [0, 1, 2, 3],
        comment: "Summarise progress this quarter and any changes to the plan.",
      }),
      longText("What went well this quarter?", "Include wins, progress and anything you learned"),
      longText("What got in the way, and what would help?", "Note blockers, dependencies or support you need"),
      section("Engagement"),
      choice("I have the resources and support I need to do my job well.", "agree-disagree-5"),
      choice("How likely are you to recommend this company as a place to work?", "nps", {
        view: "dropdown",
        comment: "What is the main reason for your score?",
      }),
      section("Next quarter"),
      shortText("What is your top priority for next quarter?", "One clear priority you and your manager agree on"),
      longText("Is there anything you would like to discuss in your next one-to-one?", "Type your answer here", false),
    ],
  },
];

export function findPredefinedTemplate(id: string): PredefinedTemplate | undefined {
  return PREDEFINED_TEMPLATES.find((template) => template.id === id);
}

/**
 * The form blocks of a predefined template for one company: each competency question picks the
 * offered competency of the name it was written for (else the first offered one), each objective
 * question the first offered objective; with none offered the pick stays empty and saving asks for it.
 */
export function blocksFromPredefined(
  template: PredefinedTemplate,
  offered: { competencies: Array<{ id: string; name: string }>; objectives: Array<{ id: string }> }
): BlockForm[] {
  return template.blocks.map(({ competencyName, ...block }, i) => {
    const key = `n${i + 1}`;
    if (block.type === "competency-question") {
      const match = offered.competencies.find((c) => c.name.toLowerCase() === competencyName?.toLowerCase()) ?? offered.competencies[0];
      return { ...block, key, competencyId: match?.id ?? "" };
    }
    if (block.type === "objective-question") return { ...block, key, objectiveId: offered.objectives[0]?.id ?? "" };
    return { ...block, key };
  });
}
