import { FEEDBACK_FORMATS, FEEDBACK_KIND_TITLES, FEEDBACK_KINDS, FEEDBACK_SOURCES } from "~/modules/feedback/loop-types";
import { KEY_RESULT_DIRECTIONS } from "~/modules/objectives/objective-types";
import { PAIR_STATE_LABELS, PAIR_STATES } from "~/modules/reviews/campaign-machine";
import { RUN_STATES } from "~/modules/surveys/survey-machine";
import type { AttributeDefinition, EdgeDefinition, TableDefinition } from "./query-types";

/**
 * The Data Studio's tables as the page offers them (001 §3 "table definitions with attributes and
 * edges"): names and display names only, client-safe. The SQL behind each name is in
 * catalog.server.ts, which must list exactly these names (a unit test holds the two together).
 *
 * Every edge leads from a row to at most one row (a reference: feedback → its receiver, a review
 * answer → its pair), so a query has one row per row of its starting table that passes the
 * filters, whatever columns it shows. A table that is a list of links (managers, relationship and
 * group memberships) starts from the link, never from the thing linked.
 */

const text = (name: string, displayName: string): AttributeDefinition => ({ name, displayName, kind: "text" });
const number = (name: string, displayName: string): AttributeDefinition => ({ name, displayName, kind: "number" });
const date = (name: string, displayName: string): AttributeDefinition => ({ name, displayName, kind: "date" });
const boolean = (name: string, displayName: string): AttributeDefinition => ({ name, displayName, kind: "boolean" });
const options = (values: readonly string[], label: (value: string) => string = (v) => v) => values.map((value) => ({ value, label: label(value) }));
const choice = (name: string, displayName: string, values: readonly string[], label?: (value: string) => string): AttributeDefinition => ({
  name,
  displayName,
  kind: "enum",
  options: options(values, label),
});
const edge = (name: string, displayName: string, table: string): EdgeDefinition => ({ name, displayName, table });
const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, " ");

export const TABLE_DEFINITIONS: TableDefinition[] = [
  {
    name: "people",
    displayName: "People",
    attributes: [
      { name: "person", displayName: "Person", kind: "entity", entity: "users" },
      text("name", "Name"),
      text("email", "Email"),
      text("title", "Title"),
      boolean("active", "Active"),
      boolean("superAdmin", "Super admin"),
      boolean("teamAdmin", "Team admin"),
      choice("source", "Source", ["chat", "hris", "manual"], capitalised),
      date("createdAt", "Added"),
    ],
    edges: [edge("department", "Department", "departments"), edge("role", "Role", "roles")],
  },
  {
    name: "departments",
    displayName: "Departments",
    attributes: [{ name: "department", displayName: "Department", kind: "entity", entity: "departments" }, text("name", "Name"), date("createdAt", "Added")],
    edges: [],
  },
  {
    name: "roles",
    displayName: "Roles",
    attributes: [{ name: "role", displayName: "Role", kind: "entity", entity: "roles" }, text("name", "Name"), date("createdAt", "Added")],
    edges: [],
  },
  {
    name: "managers",
    displayName: "Managers",
    attributes: [date("createdAt", "Since")],
    edges: [edge("person", "Person", "people"), edge("manager", "Manager", "people")],
  },
  {
    name: "relationships",
    displayName: "Relationships",
    attributes: [text("relationship", "Relationship"), choice("origin", "Origin", ["manual", "upload"], capitalised), date("createdAt", "Added")],
    edges: [edge("member", "Member", "people")],
  },
  {
    name: "groups",
    displayName: "Groups",
    attributes: [
      { name: "group", displayName: "Group", kind: "entity", entity: "groups" },
      text("channelName", "Channel"),
      boolean("admin", "Group admin"),
    ],
    edges: [edge("member", "Member", "people")],
  },
  {
    name: "feedback",
    displayName: "Feedback",
    attributes: [
      choice("feedbackType", "Feedback type", FEEDBACK_KINDS, (k) => FEEDBACK_KIND_TITLES[k as keyof typeof FEEDBACK_KIND_TITLES]),
      choice("source", "Source", FEEDBACK_SOURCES, capitalised),
      choice("format", "Format", FEEDBACK_FORMATS),
      text("text", "Feedback"),
      text("situation", "Situation"),
      text("behaviour", "Behaviour"),
      text("impact", "Impact"),
      text("strength", "Strength"),
      text("developmentArea", "Development area"),
      boolean("anonymous", "Anonymous"),
      boolean("public", "Public praise"),
      date("sentAt", "Sent"),
    ],
    edges: [edge("receiver", "Receiver", "people"), edge("sender", "Sender", "people")],
  },
  {
    name: "goals",
    displayName: "Goals",
    attributes: [
      text("name", "Name"),
      text("description", "Description"),
      date("deadline", "Deadline"),
      boolean("approved", "Approved"),
      boolean("completed", "Completed"),
      date("createdAt", "Created"),
    ],
    edges: [edge("owner", "Owner", "people")],
  },
  {
    name: "objectives",
    displayName: "Objectives",
    attributes: [
      text("name", "Name"),
      text("description", "Description"),
      number("weight", "Weight"),
      choice("docType", "Type", ["okr", "performance-contract"], (v) => (v === "okr" ? "OKR" : "Performance contract")),
      date("createdAt", "Created"),
    ],
    edges: [edge("owner", "Owner", "people")],
  },
  {
    name: "keyResults",
    displayName: "Key results",
    attributes: [
      text("name", "Name"),
      text("description", "Description"),
      text("period", "Period"),
      number("target", "Target"),
      number("actual", "Actual"),
      number("startValue", "Start value"),
      text("unit", "Unit"),
      choice("direction", "Direction", KEY_RESULT_DIRECTIONS, capitalised),
    ],
    edges: [edge("objective", "Objective", "objectives")],
  },
  {
    name: "reviewCampaigns",
    displayName: "Review campaigns",
    attributes: [
      { name: "campaign", displayName: "Review", kind: "entity", entity: "reviewCampaigns" },
      text("title", "Title"),
      choice("state", "State", ["draft", "scheduled", "live", "closed"], capitalised),
      boolean("anonymous", "Anonymous"),
      date("startAt", "Start"),
      date("endAt", "End"),
      date("launchedAt", "Launched"),
    ],
    edges: [],
  },
  {
    name: "reviewPairs",
    displayName: "Review pairs",
    attributes: [
      choice("state", "State", PAIR_STATES, (s) => PAIR_STATE_LABELS[s as keyof typeof PAIR_STATE_LABELS]),
      boolean("fromNominations", "From nominations"),
      date("completedAt", "Completed"),
    ],
    edges: [edge("campaign", "Review", "reviewCampaigns"), edge("reviewee", "Reviewee", "people"), edge("reviewer", "Reviewer", "people")],
  },
  {
    name: "reviewAnswers",
    displayName: "Review answers",
    attributes: [text("question", "Question"), number("score", "Score"), text("answer", "Answer"), text("comment", "Comment"), boolean("notApplicable", "Not applicable")],
    edges: [
      edge("pair", "Review pair", "reviewPairs"),
      edge("campaign", "Review", "reviewCampaigns"),
      edge("reviewee", "Reviewee", "people"),
      edge("reviewer", "Reviewer", "people"),
    ],
  },
  {
    name: "surveys",
    displayName: "Surveys",
    attributes: [
      { name: "survey", displayName: "Survey", kind: "entity", entity: "surveys" },
      text("title", "Title"),
      text("templateName", "Template"),
      boolean("anonymous", "Anonymous"),
      boolean("liveResults", "Real-time results"),
      number("launchCount", "Launches"),
      date("createdAt", "Created"),
    ],
    edges: [],
  },
  {
    name: "surveyRuns",
    displayName: "Survey runs",
    attributes: [
      text("title", "Title"),
      choice("state", "State", RUN_STATES, capitalised),
      number("sequence", "Run"),
      boolean("anonymous", "Anonymous"),
      number("audienceCount", "Audience"),
      number("submittedCount", "Responses"),
      date("launchedAt", "Launched"),
      date("closedAt", "Closed"),
    ],
    edges: [edge("survey", "Survey", "surveys")],
  },
  {
    name: "surveyAnswers",
    displayName: "Survey answers",
    attributes: [
      text("question", "Question"),
      number("value", "Value"),
      text("answer", "Answer"),
      text("comment", "Comment"),
      boolean("notApplicable", "Not applicable"),
      date("submittedAt", "Submitted"),
    ],
    edges: [edge("run", "Survey run", "surveyRuns"), edge("respondent", "Respondent", "people"), edge("department", "Department", "departments")],
  },
];

const BY_NAME = new Map(TABLE_DEFINITIONS.map((t) => [t.name, t]));

/** The table of that name, or undefined (names from a request are looked up, never trusted). */
export function tableDefinition(name: unknown): TableDefinition | undefined {
  return typeof name === "string" ? BY_NAME.get(name) : undefined;
}
