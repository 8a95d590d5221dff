import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useCallback, useState } from "react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { anonymityMinimum } from "~/modules/access/anonymity";
import { requirePermission } from "~/modules/auth/session.server";
import {
  clearAudience,
  clearInspectors,
  companyPeople,
  eligiblePeople,
  groupOptions,
  loadSurvey,
  resolveAudience,
  saveAnonymity,
  saveAudience,
  saveInspectors,
  saveVisibility,
  surveyScope,
  workspaceChannels,
} from "~/modules/surveys/audience.server";
import { AudienceActionSchema, SECTIONS, useLeaveGuard, type Section } from "~/modules/surveys/components/audience-fields";
import {
  AnonymitySection,
  AudienceSection,
  InspectorsSection,
  VisibilitySection,
  type AudiencePage,
  type SectionResult,
} from "~/modules/surveys/components/audience-sections";
import { buttonClass } from "~/ui/button";
import { PageHeader } from "~/ui/page-header";

const notFound = () => new Response("Not Found", { status: 404 });
const builderPath = (id: string) => `/surveys/survey-library/${encodeURIComponent(id)}`;
const audiencePath = (id: string) => `${builderPath(id)}/survey-audience`;
const schedulerPath = (id: string) => `${audiencePath(id)}/survey-scheduler`;

const SAVED: Record<Section, string> = {
  audience: "Audience saved",
  inspectors: "Result viewers saved",
  anonymity: "Anonymity saved",
  visibility: "Result visibility saved",
};

/**
 * The audience step (001 §2 "Survey audience builder"): /surveys/survey-library/{id}/survey-audience.
 * Four forms (audience, result viewers, anonymity, result visibility), each saved on its own by
 * its `section` and `intent` (save or clear); a refused one answers 400 with its field errors
 * and writes nothing. Previous goes back to the builder, Save & Next on to the scheduler.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const companyId = viewer.company.id;
  const survey = await loadSurvey(context.db, companyId, params.surveyId ?? "");
  if (!survey) throw notFound();
  const platform = viewer.company.platform;
  const [scope, channels, groupList, people, everyone, audience] = await Promise.all([
    surveyScope(context.db, companyId, survey),
    platform === "slack" ? workspaceChannels(context.db, companyId, survey.workspaceId) : Promise.resolve([]),
    platform === "msteams" ? groupOptions(context.db, companyId, survey.groupId) : Promise.resolve([]),
    eligiblePeople(context.db, companyId, survey),
    companyPeople(context.db, companyId),
    resolveAudience(context.db, companyId, survey),
  ]);
  const page: AudiencePage = {
    id: survey.id,
    version: survey.version,
    title: survey.title,
    platform,
    scopeName: scope[0]?.name ?? null,
    channelName: survey.groupId ? scope[0]?.channelName ?? null : null,
    saved: {
      audienceType: survey.audienceType,
      audienceIds: survey.audienceIds,
      inspectorType: survey.inspectorType,
      inspectorIds: survey.inspectorIds,
      anonymous: survey.anonymous,
      minSubmissionCount: survey.minSubmissionCount,
      liveResults: survey.liveResults,
    },
    audienceCount: audience.length,
    anonymityFloor: anonymityMinimum(viewer.company.anonymityFloor),
    channels,
    groups: groupList,
    people,
    companyPeople: everyone,
  };
  return data({ page, crumbLabels: { surveyId: survey.title } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const survey = await loadSurvey(context.db, viewer.company.id, params.surveyId ?? "");
  if (!survey) throw notFound();
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: AudienceActionSchema });
  const sent = submission.payload as { section?: unknown; intent?: unknown };
  const section = SECTIONS.find((known) => known === sent.section);
  if (!section) throw new Response("Invalid section", { status: 400 });
  const actor = { actorId: viewer.user.id, requestId: context.requestId ?? null };
  const here = audiencePath(survey.id);
  const done = (message: string) => redirectWithToast(`${here}#${section}-heading`, { type: "success", message }, { request });
  const refuse = (result: SubmissionResult<string[]>) => data({ section, result } satisfies NonNullable<SectionResult>, { status: 400 });

  if (submission.status !== "success") {
    // Only a section's own save has fields to show errors in; anything else asked for is refused.
    if (sent.intent !== "save") throw new Response("Invalid intent", { status: 400 });
    return refuse(submission.reply());
  }
  const value = submission.value;
  if (value.intent === "clear") {
    if (value.section === "audience") await clearAudience(context.db, survey, actor);
    else await clearInspectors(context.db, survey, actor);
    return done(value.section === "audience" ? "Audience cleared" : "Result viewers cleared");
  }

  switch (value.section) {
    case "audience": {
      const { audienceType: type } = value;
      const ids = type === "channels" || type === "users" || type === "groups" ? value[type] : [];
      const allowed = viewer.company.platform === "slack" ? ["team", "workspace", "channels", "users"] : ["users", "groups"];
      if (!allowed.includes(type)) return refuse(submission.reply({ fieldErrors: { audienceType: ["Choose who receives the survey."] } }));
      const saved = await saveAudience(context.db, survey, type, ids, actor);
      if (!saved.ok) return refuse(submission.reply({ fieldErrors: saved.fieldErrors }));
      return done(SAVED.audience);
    }
    case "inspectors": {
      const saved = await saveInspectors(context.db, survey, value.inspectorType, value.inspectors, actor);
      if (!saved.ok) return refuse(submission.reply({ fieldErrors: saved.fieldErrors }));
      return done(SAVED.inspectors);
    }
    case "anonymity": {
      const saved = await saveAnonymity(context.db, survey, value.anonymous === "yes", value.minSubmissionCount, actor);
      if (!saved.ok) return refuse(submission.reply({ fieldErrors: saved.fieldErrors }));
      return done(SAVED.anonymity);
    }
    case "visibility": {
      await saveVisibility(context.db, survey, value.resultVisibility === "live", actor);
      return done(SAVED.visibility);
    }
  }
}

export const meta = pageMeta;

export default function SurveyAudience() {
  const { page } = useLoaderData<typeof loader>();
  const last = useActionData<typeof action>() as SectionResult;
  const [dirty, setDirty] = useState<Record<Section, boolean>>({ audience: false, inspectors: false, anonymity: false, visibility: false });
  const onDirty = useCallback(
    (section: Section, value: boolean) => setDirty((d) => (d[section] === value ? d : { ...d, [section]: value })),
    []
  );
  useLeaveGuard(Object.values(dirty).some(Boolean));
  const typed = page as AudiencePage;
  return (
    <>
      <PageHeader
        title="Audience"
        description={`${typed.title}: who receives it, who views the results, anonymity and result visibility. Each section is saved on its own.`}
        actions={
          <>
            <Link to={builderPath(typed.id)} className={buttonClass("secondary")}>
              Previous
            </Link>
            <Link to={schedulerPath(typed.id)} className={buttonClass("primary")}>
              Save &amp; Next
            </Link>
          </>
        }
      />
      <div className="space-y-6">
        <AudienceSection page={typed} last={last} onDirty={onDirty} />
        <InspectorsSection page={typed} last={last} onDirty={onDirty} />
        <AnonymitySection page={typed} last={last} onDirty={onDirty} />
        <VisibilitySection page={typed} last={last} onDirty={onDirty} />
      </div>
    </>
  );
}
