import type { Db } from "~/db/client.server";
import type { Viewer } from "~/modules/auth/session.server";
import type { InsightsFilters } from "./filters";
import type { GroupInsights, InsightsGroupOption, PersonalInsights } from "./types";

/**
 * Feedback Insights read from the counts kept on write (feedback_running_counts for any range in
 * two reads a person, feedback_competency_counts and feedback_company_competency_counts for the
 * treemaps), never by scanning feedback_items. Every read is scoped by the viewer's company.
 */

type InsightsViewer = Pick<Viewer, "user" | "company" | "permissions">;

/** Whose figures a group's insights add up. */
export type Population =
  | { kind: "department"; departmentId: string }
  /** My Team ("default") of the viewer, or a custom relationship. */
  | { kind: "relationship"; relationshipId: string }
  | { kind: "group"; groupId: string }
  /** Slack-type: workspace and channel ids; Teams-type: group ids. Empty = every one of the company. */
  | { kind: "workspaceOrChannel"; groupIds: string[] };

/** One person's insights for the range (the caller checked the viewer may read them). */
export async function personalInsights(db: Db, viewer: InsightsViewer, personId: string, filters: InsightsFilters, today: string): Promise<PersonalInsights> {
  void db, viewer, personId, filters, today;
  throw new Error("personalInsights: not built");
}

/** A group's insights for the range, or withheld below the anonymity floor (app/modules/access/insights.server.ts). */
export async function groupInsights(db: Db, viewer: InsightsViewer, population: Population, filters: InsightsFilters, today: string): Promise<GroupInsights> {
  void db, viewer, population, filters, today;
  throw new Error("groupInsights: not built");
}

/** The groups filter's choices: Slack-type workspaces then channels, Teams-type groups; by name. */
export async function insightsGroupOptions(db: Db, viewer: InsightsViewer): Promise<InsightsGroupOption[]> {
  void db, viewer;
  throw new Error("insightsGroupOptions: not built");
}

/** Whether the viewer may read this person's insights (and download them): app/modules/access/insights.server.ts. */
export async function mayReadPersonalInsights(db: Db, viewer: InsightsViewer, personId: string): Promise<boolean> {
  void db, viewer, personId;
  throw new Error("mayReadPersonalInsights: not built");
}
