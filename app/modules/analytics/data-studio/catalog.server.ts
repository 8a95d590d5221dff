import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  customRelationshipMembers,
  customRelationships,
  departments,
  feedbackItems,
  goals,
  groupMembers,
  groups,
  objectiveKeyResults,
  objectives,
  reviewCampaigns,
  reviewPairs,
  roles,
  surveyAnswers,
  surveyResponses,
  surveyRuns,
  surveys,
  userManagers,
  users,
} from "~/db/schema";
import {
  dsCompanyRow,
  dsFeedbackVisible,
  dsGoalVisible,
  dsKeyResultVisible,
  dsObjectiveVisible,
  dsPersonIdVisible,
  dsPersonVisible,
  dsReviewCampaignVisible,
  dsReviewPairVisible,
  dsReviewReportVisible,
  dsSurveyAnswerVisible,
  dsSurveyRunVisible,
  dsSurveyVisible,
} from "~/modules/access/data-studio.server";
import type { Viewer } from "~/modules/auth/session.server";

/**
 * The SQL side of the Data Studio allow-list (definitions.ts is the names side): for each table
 * its source, its row key, who may read its rows, each attribute's expression and each edge's
 * join. Columns are drizzle columns (a renamed column breaks the build); aliases are made by the
 * compiler ("t0".."t6"); nothing here is ever built from request text.
 */

/** A table alias the compiler made (t0, t1, …). */
export type Alias = string;

export interface CatalogAttribute {
  /** The value shown. */
  select(a: Alias): SQL;
  /** What filters compare (an entity's id where the cell shows its name); the shown value by default. */
  filter?(a: Alias): SQL;
}

export interface CatalogEdge {
  table: string;
  /** The join condition from the row `from` to the row `to`, before the target's own visibility. */
  on(from: Alias, to: Alias): SQL;
}

export interface CatalogTable {
  /** What the FROM clause names (a table, or a subquery for a derived table), the viewer's for derived ones. */
  source(viewer: Viewer): SQL;
  /**
   * The row's key, in order (not-null columns, unique with the rowid last): the statement is ordered
   * by it and a download pages after it. It follows an index that starts with the company, so the
   * first rows are read in order and a page after a key is a seek, not a sort of the company's rows.
   */
  keys(a: Alias): SQL[];
  /** The rows the viewer may read (company scope included). */
  visible(viewer: Viewer, a: Alias): SQL;
  attributes: Record<string, CatalogAttribute>;
  edges: Record<string, CatalogEdge>;
}

/** `alias.column`, the column named by the drizzle schema. */
export function ref(a: Alias, column: SQLiteColumn): SQL {
  return sql.raw(`${a}."${column.name}"`);
}

/** A derived table's own column (named in its subquery below). */
const own = (a: Alias, name: string) => sql.raw(`${a}."${name}"`);

/** A stored time (ms) as the day it falls on (UTC): Data Studio never shows a time finer than the day. */
const day = (value: SQL) => sql`strftime('%Y-%m-%d', ${value} / 1000, 'unixepoch')`;

const column = (c: SQLiteColumn): CatalogAttribute => ({ select: (a) => ref(a, c) });
const dayOf = (c: SQLiteColumn): CatalogAttribute => ({ select: (a) => day(ref(a, c)) });
const entity = (idColumn: SQLiteColumn, nameColumn: SQLiteColumn): CatalogAttribute => ({
  select: (a) => ref(a, nameColumn),
  filter: (a) => ref(a, idColumn),
});
const rowid = (a: Alias) => [sql.raw(`${a}.rowid`)];
/** Keys along an index (company_id, ...columns): its columns, then the rowid every index ends with. */
const along =
  (...columns: SQLiteColumn[]) =>
  (a: Alias) => [...columns.map((c) => ref(a, c)), sql.raw(`${a}.rowid`)];
const table = (t: { _: { name: string } } | object) => sql`${t}`;

/** An edge to the person whose id is in `column` of the row. */
const toPerson = (c: SQLiteColumn, extra?: (from: Alias) => SQL): CatalogEdge => ({
  table: "people",
  on: (from, to) => (extra ? sql`${ref(to, users.id)} = ${ref(from, c)} AND ${extra(from)}` : sql`${ref(to, users.id)} = ${ref(from, c)}`),
});

/** The label of a question block (review or survey), whatever its type keeps it under. */
const blockLabel = (block: SQL) => sql`coalesce(json_extract(${block}, '$.label'), json_extract(${block}, '$.textValue.label'),
  json_extract(${block}, '$.multiSelectValue.label'), json_extract(${block}, '$.competencyValue.label'), json_extract(${block}, '$.objectiveValue.label'))`;

export const CATALOG: Record<string, CatalogTable> = {
  people: {
    source: () => table(users),
    keys: along(users.name),
    visible: (viewer, a) => dsPersonVisible(viewer, a),
    attributes: {
      person: entity(users.id, users.name),
      name: column(users.name),
      email: column(users.email),
      title: column(users.title),
      active: { select: (a) => sql`(${ref(a, users.isDeleted)} = 0)` },
      superAdmin: column(users.isSuperAdmin),
      teamAdmin: column(users.isTeamAdmin),
      source: column(users.source),
      createdAt: dayOf(users.createdAt),
    },
    edges: {
      department: { table: "departments", on: (from, to) => sql`${ref(to, departments.id)} = ${ref(from, users.departmentId)}` },
      role: { table: "roles", on: (from, to) => sql`${ref(to, roles.id)} = ${ref(from, users.roleId)}` },
    },
  },
  departments: {
    source: () => table(departments),
    keys: along(departments.name),
    visible: (viewer, a) => dsCompanyRow(viewer, a),
    attributes: { department: entity(departments.id, departments.name), name: column(departments.name), createdAt: dayOf(departments.createdAt) },
    edges: {},
  },
  roles: {
    source: () => table(roles),
    keys: along(roles.name),
    visible: (viewer, a) => dsCompanyRow(viewer, a),
    attributes: { role: entity(roles.id, roles.name), name: column(roles.name), createdAt: dayOf(roles.createdAt) },
    edges: {},
  },
  managers: {
    source: () => table(userManagers),
    keys: along(userManagers.managerId),
    // A link is the person's: it shows to whoever may see the person.
    visible: (viewer, a) => sql`(${dsCompanyRow(viewer, a)} AND ${dsPersonIdVisible(viewer, ref(a, userManagers.userId))})`,
    attributes: { createdAt: dayOf(userManagers.createdAt) },
    edges: { person: toPerson(userManagers.userId), manager: toPerson(userManagers.managerId) },
  },
  relationships: {
    source: () => table(customRelationshipMembers),
    keys: along(customRelationshipMembers.userId),
    visible: (viewer, a) => sql`(${dsCompanyRow(viewer, a)} AND ${dsPersonIdVisible(viewer, ref(a, customRelationshipMembers.userId))})`,
    attributes: {
      relationship: {
        select: (a) => sql`(SELECT cr.${sql.raw(`"${customRelationships.name.name}"`)} FROM ${customRelationships} cr
          WHERE cr."id" = ${ref(a, customRelationshipMembers.relationshipId)} AND cr."company_id" = ${ref(a, customRelationshipMembers.companyId)})`,
      },
      origin: column(customRelationshipMembers.origin),
      createdAt: dayOf(customRelationshipMembers.createdAt),
    },
    edges: { member: toPerson(customRelationshipMembers.userId) },
  },
  groups: {
    source: () => table(groupMembers),
    keys: along(groupMembers.userId),
    visible: (viewer, a) => sql`(${dsCompanyRow(viewer, a)} AND ${dsPersonIdVisible(viewer, ref(a, groupMembers.userId))})`,
    attributes: {
      group: {
        select: (a) => sql`(SELECT g."name" FROM ${groups} g WHERE g."id" = ${ref(a, groupMembers.groupId)} AND g."company_id" = ${ref(a, groupMembers.companyId)})`,
        filter: (a) => ref(a, groupMembers.groupId),
      },
      channelName: {
        select: (a) =>
          sql`(SELECT g."channel_name" FROM ${groups} g WHERE g."id" = ${ref(a, groupMembers.groupId)} AND g."company_id" = ${ref(a, groupMembers.companyId)})`,
      },
      admin: column(groupMembers.isAdmin),
    },
    edges: { member: toPerson(groupMembers.userId) },
  },
  feedback: {
    source: () => table(feedbackItems),
    // Then by id (random), not rowid: an anonymous run's items share their day, and the order they
    // were stored in is the order they were given.
    keys: (a) => [ref(a, feedbackItems.sentAt), ref(a, feedbackItems.id)],
    visible: (viewer, a) => dsFeedbackVisible(viewer, a),
    attributes: {
      feedbackType: column(feedbackItems.feedbackType),
      source: column(feedbackItems.source),
      format: column(feedbackItems.templateType),
      text: column(feedbackItems.feedbackText),
      situation: column(feedbackItems.situationText),
      behaviour: column(feedbackItems.behaviorText),
      impact: column(feedbackItems.impactText),
      strength: column(feedbackItems.strengthText),
      developmentArea: column(feedbackItems.developmentAreaText),
      anonymous: column(feedbackItems.anonymous),
      public: column(feedbackItems.isPublic),
      sentAt: dayOf(feedbackItems.sentAt),
    },
    edges: {
      receiver: toPerson(feedbackItems.receiverId),
      // An anonymous item has no sender (none is stored; and none is joined if one were).
      sender: toPerson(feedbackItems.senderId, (from) => sql`${ref(from, feedbackItems.anonymous)} = 0`),
    },
  },
  goals: {
    source: () => table(goals),
    keys: along(goals.userId, goals.createdAt),
    visible: (viewer, a) => dsGoalVisible(viewer, a),
    attributes: {
      name: column(goals.name),
      description: column(goals.description),
      deadline: dayOf(goals.deadline),
      approved: column(goals.approvalStatus),
      completed: column(goals.completionStatus),
      createdAt: dayOf(goals.createdAt),
    },
    edges: { owner: toPerson(goals.userId) },
  },
  objectives: {
    source: () => table(objectives),
    keys: along(objectives.createdAt),
    visible: (viewer, a) => dsObjectiveVisible(viewer, a),
    attributes: {
      name: column(objectives.name),
      description: column(objectives.description),
      weight: column(objectives.weight),
      docType: column(objectives.docType),
      createdAt: dayOf(objectives.createdAt),
    },
    edges: { owner: toPerson(objectives.ownerId) },
  },
  keyResults: {
    source: () => table(objectiveKeyResults),
    keys: rowid,
    visible: (viewer, a) => dsKeyResultVisible(viewer, a),
    attributes: {
      name: column(objectiveKeyResults.name),
      description: column(objectiveKeyResults.description),
      period: column(objectiveKeyResults.period),
      target: column(objectiveKeyResults.target),
      actual: column(objectiveKeyResults.actual),
      startValue: column(objectiveKeyResults.startValue),
      unit: column(objectiveKeyResults.unit),
      direction: column(objectiveKeyResults.direction),
    },
    edges: { objective: { table: "objectives", on: (from, to) => sql`${ref(to, objectives.id)} = ${ref(from, objectiveKeyResults.objectiveId)}` } },
  },
  reviewCampaigns: {
    source: () => table(reviewCampaigns),
    keys: along(reviewCampaigns.state),
    visible: (viewer, a) => dsReviewCampaignVisible(viewer, a),
    attributes: {
      campaign: entity(reviewCampaigns.id, reviewCampaigns.title),
      title: column(reviewCampaigns.title),
      state: column(reviewCampaigns.state),
      anonymous: column(reviewCampaigns.anonymous),
      startAt: dayOf(reviewCampaigns.startAt),
      endAt: dayOf(reviewCampaigns.endAt),
      launchedAt: dayOf(reviewCampaigns.launchedAt),
    },
    edges: {},
  },
  reviewPairs: {
    source: () => table(reviewPairs),
    keys: along(reviewPairs.campaignId, reviewPairs.state),
    visible: (viewer, a) => dsReviewPairVisible(viewer, a),
    attributes: {
      state: column(reviewPairs.state),
      fromNominations: column(reviewPairs.fromNominations),
      completedAt: dayOf(reviewPairs.completedAt),
    },
    edges: {
      campaign: { table: "reviewCampaigns", on: (from, to) => sql`${ref(to, reviewCampaigns.id)} = ${ref(from, reviewPairs.campaignId)}` },
      reviewee: toPerson(reviewPairs.revieweeId),
      // The reviewer of an anonymous review is nobody's to see here.
      reviewer: toPerson(
        reviewPairs.reviewerId,
        (from) => sql`EXISTS (SELECT 1 FROM ${reviewCampaigns} ac WHERE ac."id" = ${ref(from, reviewPairs.campaignId)}
          AND ac."company_id" = ${ref(from, reviewPairs.companyId)} AND ac."anonymous" = 0)`
      ),
    },
  },
  reviewAnswers: {
    // One row per answered question of a completed pair (the pair's JSON answers by block id). The
    // reviewer column is already empty for an anonymous review: no join can reach them.
    source: (viewer) => sql`(SELECT p."campaign_id" AS "_ck", p."state" AS "_sk", p.rowid AS "_rk", a.key AS "_bk", p."id" AS "pair_id", p."company_id" AS "company_id",
        p."campaign_id" AS "campaign_id", p."reviewee_id" AS "reviewee_id",
        CASE WHEN c."anonymous" = 0 THEN p."reviewer_id" END AS "reviewer_id",
        c."template_blocks" AS "blocks", a.value AS "answer"
      FROM ${reviewPairs} p JOIN ${reviewCampaigns} c ON c."id" = p."campaign_id" AND c."company_id" = p."company_id", json_each(p."answers") a
      WHERE p."company_id" = ${viewer.company.id} AND +p."state" = 'completed' AND a.type = 'object'
        AND ${dsReviewReportVisible(viewer, sql.raw(`p."reviewee_id"`))})`,
    // Along review_pairs_campaign (company, campaign, state; rowid), then the question. The unary
    // plus on the state filter above keeps SQLite reading that index in rowid order: with a plain
    // equality it sorted every answer of a review (56,000, each with its question looked up) for 10.
    keys: (a) => [own(a, "_ck"), own(a, "_sk"), own(a, "_rk"), own(a, "_bk")],
    // The source holds only what the viewer may read; the company is checked again on the outside.
    visible: (viewer, a) => sql`${own(a, "company_id")} = ${viewer.company.id}`,
    attributes: {
      question: {
        select: (a) => sql`coalesce((SELECT ${blockLabel(sql`b.value`)} FROM json_each(${own(a, "blocks")}) b
          WHERE json_extract(b.value, '$.id') = ${own(a, "_bk")}), json_extract(${own(a, "answer")}, '$.objective.name'))`,
      },
      score: {
        select: (a) => sql`(CASE json_type(${own(a, "answer")}, '$.value') WHEN 'integer' THEN json_extract(${own(a, "answer")}, '$.value')
          WHEN 'real' THEN json_extract(${own(a, "answer")}, '$.value')
          WHEN 'text' THEN (CASE WHEN trim(json_extract(${own(a, "answer")}, '$.value')) GLOB '[0-9]*' OR trim(json_extract(${own(a, "answer")}, '$.value')) GLOB '-[0-9]*'
            THEN CAST(json_extract(${own(a, "answer")}, '$.value') AS REAL) END) END)`,
      },
      answer: {
        select: (a) => sql`(CASE json_type(${own(a, "answer")}, '$.value')
          WHEN 'array' THEN (SELECT group_concat(v.value, ', ') FROM json_each(${own(a, "answer")}, '$.value') v)
          WHEN 'null' THEN NULL ELSE CAST(json_extract(${own(a, "answer")}, '$.value') AS TEXT) END)`,
      },
      comment: { select: (a) => sql`json_extract(${own(a, "answer")}, '$.comment')` },
      notApplicable: { select: (a) => sql`coalesce(json_extract(${own(a, "answer")}, '$.notApplicable'), 0)` },
    },
    edges: {
      pair: { table: "reviewPairs", on: (from, to) => sql`${ref(to, reviewPairs.id)} = ${own(from, "pair_id")}` },
      campaign: { table: "reviewCampaigns", on: (from, to) => sql`${ref(to, reviewCampaigns.id)} = ${own(from, "campaign_id")}` },
      reviewee: { table: "people", on: (from, to) => sql`${ref(to, users.id)} = ${own(from, "reviewee_id")}` },
      reviewer: { table: "people", on: (from, to) => sql`${ref(to, users.id)} = ${own(from, "reviewer_id")}` },
    },
  },
  surveys: {
    source: () => table(surveys),
    keys: along(surveys.createdAt),
    visible: (viewer, a) => dsSurveyVisible(viewer, a),
    attributes: {
      survey: entity(surveys.id, surveys.title),
      title: column(surveys.title),
      templateName: column(surveys.templateName),
      anonymous: column(surveys.anonymous),
      liveResults: column(surveys.liveResults),
      launchCount: column(surveys.launchCount),
      createdAt: dayOf(surveys.createdAt),
    },
    edges: {},
  },
  surveyRuns: {
    source: () => table(surveyRuns),
    keys: along(surveyRuns.state, surveyRuns.launchedAt),
    visible: (viewer, a) => dsSurveyRunVisible(viewer, a),
    attributes: {
      title: column(surveyRuns.title),
      state: column(surveyRuns.state),
      sequence: column(surveyRuns.sequence),
      anonymous: column(surveyRuns.anonymous),
      audienceCount: column(surveyRuns.audienceCount),
      submittedCount: column(surveyRuns.submittedCount),
      launchedAt: dayOf(surveyRuns.launchedAt),
      closedAt: dayOf(surveyRuns.closedAt),
    },
    edges: { survey: { table: "surveys", on: (from, to) => sql`${ref(to, surveys.id)} = ${ref(from, surveyRuns.surveyId)}` } },
  },
  surveyAnswers: {
    source: () => table(surveyAnswers),
    // Along survey_answers_response: by response (random ids, so never in the order an anonymous run's
    // answers came in), then as stored within the response.
    keys: along(surveyAnswers.responseId),
    visible: (viewer, a) => dsSurveyAnswerVisible(viewer, a),
    attributes: {
      question: {
        select: (a) => sql`(SELECT ${blockLabel(sql`b.value`)} FROM ${surveyRuns} qr, json_tree(qr."blocks") b
          WHERE qr."id" = ${ref(a, surveyAnswers.runId)} AND b.type = 'object' AND json_extract(b.value, '$.id') = ${ref(a, surveyAnswers.blockId)} LIMIT 1)`,
      },
      value: column(surveyAnswers.valueNum),
      answer: column(surveyAnswers.valueText),
      comment: column(surveyAnswers.comment),
      notApplicable: column(surveyAnswers.notApplicable),
      submittedAt: {
        select: (a) =>
          day(sql`(SELECT sr.${sql.raw(`"${surveyResponses.submittedAt.name}"`)} FROM ${surveyResponses} sr WHERE sr."id" = ${ref(a, surveyAnswers.responseId)})`),
      },
    },
    edges: {
      run: { table: "surveyRuns", on: (from, to) => sql`${ref(to, surveyRuns.id)} = ${ref(from, surveyAnswers.runId)}` },
      // An anonymous run keeps no respondent; its answers reach neither a person nor their department.
      respondent: {
        table: "people",
        on: (from, to) => sql`${ref(to, users.id)} = (SELECT sr."respondent_id" FROM ${surveyResponses} sr WHERE sr."id" = ${ref(from, surveyAnswers.responseId)}
          AND sr."company_id" = ${ref(from, surveyAnswers.companyId)}) AND ${notAnonymousRun(from)}`,
      },
      department: {
        table: "departments",
        on: (from, to) => sql`${ref(to, departments.id)} = ${ref(from, surveyAnswers.departmentId)} AND ${notAnonymousRun(from)}`,
      },
    },
  },
};

function notAnonymousRun(from: Alias): SQL {
  return sql`EXISTS (SELECT 1 FROM ${surveyRuns} ar WHERE ar."id" = ${ref(from, surveyAnswers.runId)} AND ar."company_id" = ${ref(from, surveyAnswers.companyId)} AND ar."anonymous" = 0)`;
}
