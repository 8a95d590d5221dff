import type { ScaleFamily } from "~/modules/blocks/scales";
import {
  toSurveyQuestion,
  type ChoiceBlock,
  type GroupBlock,
  type GroupQuestion,
  type StaticTextBlock,
  type SurveyBlock,
  type TextInputBlock,
} from "./blocks";

/**
 * Predefined survey templates (001 §2 "Use Templates", grouped): ready-made surveys an HR team
 * starts from. They live in code, not in the database; using one copies its blocks into a new
 * survey with fresh ids (templates.server.ts). Block ids here are stable within a template only.
 * Zod-free and server-free, so the templates page's client code may import it.
 */

export const TEMPLATE_GROUPS = ["Engagement", "Lifecycle", "Manager & Team", "Wellbeing & Inclusion", "Ways of Working"] as const;
export type TemplateGroup = (typeof TEMPLATE_GROUPS)[number];

export interface PredefinedSurveyTemplate {
  id: string;
  group: TemplateGroup;
  title: string;
  description: string;
  blocks: SurveyBlock[];
}

// ---------------------------------------------------------------------------------------------
// Block helpers: each fills in every field its type needs, so templates read as content only.
// Ids are given when the template is assembled (`template()`), in order: {templateId}-{n}.
// ---------------------------------------------------------------------------------------------

type Unnumbered<T> = Omit<T, "id">;
type Draft =
  | Unnumbered<StaticTextBlock>
  | Unnumbered<TextInputBlock>
  | Unnumbered<ChoiceBlock>
  | (Unnumbered<Omit<GroupBlock, "questions">> & { questions: Array<Unnumbered<GroupQuestion>> });

const intro = (value: string): Unnumbered<StaticTextBlock> => ({ type: "static-text", value });

/** A stored question without its id (given when the template is assembled). */
function unnumbered<Q extends GroupQuestion>(q: Q): Unnumbered<Q> {
  const { id: _id, ...rest } = q;
  return rest;
}

const text = (label: string, options: { placeholder?: string; required?: boolean } = {}): Unnumbered<TextInputBlock> =>
  unnumbered(toSurveyQuestion({ key: "new", type: "text-input", label, ...options }) as TextInputBlock);

interface ChoiceOptions {
  required?: boolean;
  dropdown?: boolean;
  multipleAnswers?: boolean;
  /** A guide for an optional comment beside the answer; turns the comment box on. */
  comment?: string;
  /** Tracked over time (survey analytics); locked once the survey is saved. */
  track?: boolean;
  notApplicable?: boolean;
  /** Custom items (the "custom" family), one per entry. */
  items?: string[];
}

function choice(label: string, family: ScaleFamily, options: ChoiceOptions = {}): Unnumbered<ChoiceBlock> {
  const stored = toSurveyQuestion({
    key: "new",
    type: "choice",
    label,
    scale: family,
    customItems: (options.items ?? []).join("\n"),
    required: options.required ?? true,
    dropdown: options.dropdown,
    multipleAnswers: options.multipleAnswers,
    commentBox: Boolean(options.comment),
    commentBoxGuide: options.comment,
    track: options.track,
    notApplicable: options.notApplicable,
  });
  return unnumbered(stored as ChoiceBlock);
}

/** A 5-point agreement statement, the most common survey item. */
const agree = (label: string, options: ChoiceOptions = {}) => choice(label, "agree-disagree-5", options);

function group(label: string, description: string, questions: Array<Unnumbered<GroupQuestion>>): Draft {
  return { type: "group", label, description, questions };
}

function template(id: string, groupName: TemplateGroup, title: string, description: string, drafts: Draft[]): PredefinedSurveyTemplate {
  let n = 0;
  const nextId = () => `${id}-${++n}`;
  const blocks: SurveyBlock[] = drafts.map((draft) => {
    if (draft.type === "group") {
      const groupId = nextId();
      return { ...draft, id: groupId, questions: draft.questions.map((q) => ({ ...q, id: nextId() } as GroupQuestion)) };
    }
    return { ...draft, id: nextId() } as SurveyBlock;
  });
  return { id, group: groupName, title, description, blocks };
}

// ---------------------------------------------------------------------------------------------
// The templates
// ---------------------------------------------------------------------------------------------

export const PREDEFINED_SURVEY_TEMPLATES: PredefinedSurveyTemplate[] = [
  template(
    "employee-engagement",
    "Engagement",
    "Employee Engagement",
    "A twice-yearly deep dive: eNPS, purpose, growth, recognition and intent to stay.",
    [
      intro("Thank you for taking ten minutes to tell us how work is going. Your answers shape what we change next; please be candid."),
      choice("How likely are you to recommend this company as a place to work to a friend?", "nps", {
        track: true,
        comment: "What is the main reason for your score?",
      }),
      group("Purpose and growth", "How connected you feel to your work and your future here.", [
        agree("I understand how my work contributes to the company's goals.", { track: true }),
        agree("My work gives me a sense of personal accomplishment."),
        agree("I have good opportunities to learn and grow here.", { track: true }),
        agree("I can see a path for my career at this company."),
      ]),
      group("Recognition and voice", "Whether your work is seen and your ideas heard.", [
        agree("I receive appropriate recognition when I do good work.", { track: true }),
        agree("My opinions seem to count at work."),
        agree("I believe action will be taken on the results of this survey."),
      ]),
      choice("How likely is it that you will still be working here in a year?", "likely-unlikely", { track: true }),
      text("What is one thing that would make this a better place to work?", { placeholder: "One change, big or small" }),
    ]
  ),
  template("weekly-pulse", "Engagement", "Weekly Pulse", "Five quick questions every week to spot changes in mood and workload early.", [
    intro("A two-minute check on your week."),
    choice("How would you rate your week overall?", "score-1-5", { track: true }),
    choice("How manageable was your workload this week?", "custom", {
      track: true,
      items: ["Far too much", "A bit too much", "About right", "A bit too little", "Far too little"],
    }),
    agree("I had what I needed to do my best work this week.", { track: true }),
    choice("Did anything block your progress this week?", "yes-no", { comment: "What got in the way?" }),
    text("Anything else you want us to know?", { placeholder: "Optional" }),
  ]),
  template(
    "onboarding-30-day",
    "Lifecycle",
    "Onboarding (30-day)",
    "For new joiners after their first month: how well their start set them up.",
    [
      intro(
        "Welcome aboard! You have been with us about a month. Tell us how your start went so we can make it better for you and the next joiners."
      ),
      group("Your first weeks", "The practical side of getting started.", [
        agree("I had the equipment and access I needed from my first day."),
        agree("My role and responsibilities were explained clearly."),
        agree("I know who to go to when I have a question."),
        choice("Did you have an onboarding buddy?", "yes-no"),
      ]),
      group("Your team and manager", "How you were welcomed.", [
        agree("My team made me feel welcome."),
        agree("My manager and I have agreed on goals for my first three months."),
      ]),
      choice("Which parts of onboarding were most useful?", "custom", {
        multipleAnswers: true,
        required: false,
        items: [
          "Welcome session",
          "Buddy programme",
          "Team introductions",
          "Product training",
          "Documentation and handbook",
          "Tools set-up",
        ],
      }),
      choice("How likely are you to recommend our onboarding to a future joiner?", "nps", { track: true }),
      text("What could we have done better during your first month?", { placeholder: "Anything that slowed you down or confused you" }),
    ]
  ),
  template("exit-survey", "Lifecycle", "Exit Survey", "Learn why people leave and what would have made them stay.", [
    intro("We are sorry to see you go and grateful for your contribution. Your honest feedback helps us improve for the people who stay."),
    choice("What is the main reason you are leaving?", "custom", {
      dropdown: true,
      comment: "Anything you would like to add about this reason?",
      items: [
        "Career growth",
        "Compensation and benefits",
        "Manager relationship",
        "Workload or stress",
        "Flexibility or location",
        "Company direction",
        "Personal reasons",
        "Other",
      ],
    }),
    group("Your time here", "Looking back at your experience.", [
      agree("I felt valued for the work I did."),
      agree("My manager supported my development."),
      agree("I had the tools and resources to do my job well."),
      agree("Workload was sustainable most of the time."),
    ]),
    choice("Would you consider coming back to work here in the future?", "yes-no"),
    choice("How likely are you to recommend this company as a place to work?", "nps", { track: true }),
    text("What could we have done to keep you?", { placeholder: "Be as specific as you like" }),
  ]),
  template(
    "manager-effectiveness",
    "Manager & Team",
    "Manager Effectiveness",
    "Upward feedback on how managers coach, communicate and support their teams.",
    [
      intro("This survey is about your direct manager. Answers are most useful when they describe what actually happens."),
      group("Coaching and growth", "How your manager helps you improve.", [
        agree("My manager gives me actionable feedback on a regular basis.", { track: true }),
        agree("My manager supports my career goals."),
        agree("My manager helps me prioritise when there is too much to do."),
      ]),
      group("Communication and trust", "How your manager keeps you informed and involved.", [
        agree("My manager keeps the team informed about what is happening in the company."),
        agree("My manager treats me with respect and trust.", { track: true }),
        agree("I feel comfortable raising concerns with my manager."),
      ]),
      choice("How often do you have a meaningful 1-on-1 with your manager?", "custom", {
        items: ["Weekly", "Every two weeks", "Monthly", "Less than monthly", "Never"],
      }),
      choice("Overall, how would you rate your manager's effectiveness?", "score-1-5", { track: true }),
      text("What should your manager keep doing?"),
      text("What could your manager do differently?"),
    ]
  ),
  template(
    "team-health",
    "Manager & Team",
    "Team Health Check",
    "A quarterly look at collaboration, clarity and psychological safety within a team.",
    [
      intro("Think about the team you work with most days."),
      agree("Our team has clear, shared goals.", { track: true }),
      agree("People on this team help each other when someone is stuck."),
      agree("It is safe to take a risk or admit a mistake on this team.", { track: true }),
      agree("Decisions on our team are made at the right speed."),
      choice("Which areas would most improve how our team works?", "custom", {
        multipleAnswers: true,
        required: false,
        items: ["Clearer priorities", "Better hand-offs", "Fewer meetings", "More feedback", "Better tooling", "More focus time"],
      }),
      text("What is one thing our team should start doing?"),
    ]
  ),
  template("wellbeing-check-in", "Wellbeing & Inclusion", "Wellbeing Check-in", "A short, caring check on energy, stress and balance.", [
    intro(
      "How are you, really? This check-in is about you, not your output. If you need support now, please reach out to your manager or the People team."
    ),
    choice("How would you rate your overall wellbeing this month?", "score-1-5", { track: true }),
    choice("How often have you felt stressed by work in the past two weeks?", "custom", {
      track: true,
      items: ["Never", "Rarely", "Sometimes", "Often", "Always"],
    }),
    agree("I am able to switch off from work outside working hours.", { track: true }),
    agree("I feel comfortable talking about my wellbeing at work."),
    choice("Do you know how to access the wellbeing support we offer?", "yes-no", { notApplicable: true }),
    text("What would help you feel better supported?", { placeholder: "Optional" }),
  ]),
  template(
    "inclusion-belonging",
    "Wellbeing & Inclusion",
    "Inclusion & Belonging",
    "Measure whether everyone feels respected, heard and able to be themselves at work.",
    [
      intro("Everyone should feel they belong here. Your answers help us see where that is true and where it is not yet."),
      group("Belonging", "How you feel at work.", [
        agree("I feel a sense of belonging at this company.", { track: true }),
        agree("I can be myself at work without worrying how I will be seen."),
        agree("People here are treated fairly regardless of their background.", { track: true }),
      ]),
      group("Voice and opportunity", "Whether everyone is heard and can grow.", [
        agree("Perspectives like mine are included in decisions that affect my work."),
        agree("Everyone here has a fair chance to be promoted."),
        choice("Have you experienced or witnessed behaviour at work that made someone feel excluded in the past six months?", "yes-no", {
          required: false,
          comment: "If you are comfortable, tell us what happened.",
        }),
      ]),
      text("What would make this a more inclusive place to work?"),
    ]
  ),
  template(
    "remote-work",
    "Ways of Working",
    "Remote Work",
    "How well remote and hybrid work is working: set-up, connection and communication.",
    [
      intro("Tell us how working remotely or in a hybrid pattern is going for you."),
      choice("Where do you do most of your work?", "custom", {
        items: ["Fully remote", "Mostly remote", "Hybrid", "Mostly in the office"],
      }),
      group("Set-up and productivity", "Your tools and environment.", [
        agree("I have a comfortable and productive place to work from."),
        agree("Our tools make it easy to collaborate remotely.", { track: true }),
        agree("I can focus without constant interruptions.", { notApplicable: true }),
      ]),
      group("Connection", "Staying close to your team.", [
        agree("I feel connected to my teammates.", { track: true }),
        agree("I am kept well informed about what matters, wherever I work."),
      ]),
      choice("Which would improve remote work the most?", "custom", {
        multipleAnswers: true,
        required: false,
        items: [
          "Home office allowance",
          "Fewer video calls",
          "Clearer written communication",
          "More in-person gatherings",
          "Core hours for collaboration",
        ],
      }),
      text("Any other ideas to make remote work better?"),
    ]
  ),
  template(
    "meetings-focus",
    "Ways of Working",
    "Meetings & Focus Time",
    "Find out whether meetings earn their time and people get enough time to focus.",
    [
      intro("A quick look at how your time is spent."),
      choice("Roughly how many hours a week do you spend in meetings?", "custom", {
        dropdown: true,
        items: ["Under 5", "5 to 10", "10 to 15", "15 to 20", "Over 20"],
      }),
      agree("Most meetings I attend have a clear purpose and outcome.", { track: true }),
      agree("I get enough uninterrupted time to do focused work.", { track: true }),
      choice("Would you support a company-wide no-meeting day?", "yes-no", { comment: "Which day would work best?" }),
      text("Which recurring meeting would you change, and how?"),
    ]
  ),
];

/** The predefined template with this id, or null. */
export function predefinedTemplate(id: string): PredefinedSurveyTemplate | null {
  return PREDEFINED_SURVEY_TEMPLATES.find((t) => t.id === id) ?? null;
}

/** The templates by group, in TEMPLATE_GROUPS order (empty groups left out). */
export function groupedTemplates<T extends { group: TemplateGroup }>(templates: T[]): Array<{ group: TemplateGroup; templates: T[] }> {
  return TEMPLATE_GROUPS.map((group) => ({ group, templates: templates.filter((t) => t.group === group) })).filter(
    (g) => g.templates.length > 0
  );
}

/** How many questions a survey's blocks ask (static text asks none; a group's questions count). */
export function questionCount(blocks: SurveyBlock[]): number {
  return blocks.flatMap((b) => (b.type === "group" ? b.questions : [b])).filter((b) => b.type !== "static-text").length;
}
