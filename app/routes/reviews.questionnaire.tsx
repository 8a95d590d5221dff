import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { hasPermission } from "~/lib/permissions/names";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { QuestionnaireBuilder } from "~/modules/reviews/components/questionnaire-builder";
import { blocksFromPredefined, findPredefinedTemplate } from "~/modules/reviews/predefined-templates";
import { QuestionnaireActionSchema } from "~/modules/reviews/questionnaire-action.schema";
import { REVIEWEE_OBJECTIVES, toFormBlocks, toStoredBlocks } from "~/modules/reviews/questionnaire-blocks";
import { QUESTIONNAIRES_PATH, type QuestionnaireForm } from "~/modules/reviews/questionnaire.schema";
import {
  createQuestionnaire,
  getQuestionnaire,
  loadCatalogue,
  pickedIds,
  updateQuestionnaire,
} from "~/modules/reviews/questionnaires.server";
import { BuilderErrorBoundary } from "~/ui/builder-parts";

const notFound = () => new Response("Not Found", { status: 404 });
/** 000 §2 builder empty state, quoted exactly. */
const NO_QUESTIONNAIRE = "No Questionnaire found.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The questionnaire builder (000 §2): /{id}, /new (blank) and add-new-questionnaire/{predefinedId}.
 * One form holds the name and every block. Adding, removing and moving blocks are Conform list
 * intents, so each button is a real submission without JavaScript (the server answers with the
 * changed form and saves nothing); Save, Next and Create/Update Template validate and save.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewReviewBuilder");
  const companyId = viewer.company.id;
  const templateId = params.reviewTemplateId ?? null;
  const predefinedId = params.predefinedReviewTemplateId ?? null;
  let initial: QuestionnaireForm = { name: "", hideCompetencySelector: false, blocks: [] };
  let id: string | null = null;
  let picked: ReturnType<typeof pickedIds> = { competencies: [], objectives: [] };
  if (templateId && templateId !== "new") {
    const questionnaire = await getQuestionnaire(context.db, companyId, templateId);
    if (!questionnaire) throw notFound();
    id = questionnaire.id;
    picked = pickedIds(questionnaire.blocks);
    initial = {
      name: questionnaire.title,
      hideCompetencySelector: questionnaire.hideCompetencySelector,
      blocks: toFormBlocks(questionnaire.blocks),
    };
  }
  const { competencies, objectives } = await loadCatalogue(context.db, companyId, picked);
  if (predefinedId) {
    const template = findPredefinedTemplate(predefinedId);
    if (!template) throw notFound();
    initial = { name: template.title, hideCompetencySelector: false, blocks: blocksFromPredefined(template, { competencies, objectives }) };
  }
  return data({
    id,
    initial,
    competencies,
    objectives,
    platform: viewer.company.platform,
    offersHideCompetencySelector: hasPermission(viewer.permissions, "HideCompetencySelector"),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewReviewBuilder");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: QuestionnaireActionSchema });
  const fullPreview = submission.payload.preview === "full";
  // A list intent (add, remove, move) or a Full Preview without JavaScript: the changed form comes
  // back to be shown again, nothing is saved.
  if (submission.status !== "success" || fullPreview) {
    const status = submission.status === "error" && !fullPreview ? 400 : 200;
    return data({ result: submission.reply(), fullPreview }, { status });
  }
  const companyId = viewer.company.id;
  const existingId = params.reviewTemplateId && params.reviewTemplateId !== "new" ? params.reviewTemplateId : null;
  const form = submission.value;
  const picks = {
    competencies: form.blocks.map((b) => b.competencyId ?? "").filter(Boolean),
    objectives: form.blocks.map((b) => b.objectiveId ?? "").filter((id) => id && id !== REVIEWEE_OBJECTIVES),
  };
  const { catalogue } = await loadCatalogue(context.db, companyId, picks);
  // A pick that is not the company's (a forged id) is refused like a missing one.
  const refused: Record<string, string[]> = {};
  form.blocks.forEach((b, i) => {
    if (b.type === "competency-question" && !catalogue.competencies.has(b.competencyId ?? ""))
      refused[`blocks[${i}].competencyId`] = ["Choose one of the offered competencies."];
    if (b.type === "objective-question" && b.objectiveId !== REVIEWEE_OBJECTIVES && !catalogue.objectives.has(b.objectiveId ?? ""))
      refused[`blocks[${i}].objectiveId`] = ["Choose one of the offered objectives."];
  });
  if (Object.keys(refused).length > 0)
    return data({ result: submission.reply({ fieldErrors: refused }), fullPreview: false }, { status: 400 });
  // Blocks added in the builder carry short keys; stored blocks get UUIDs.
  const blocks = toStoredBlocks(
    { ...form, blocks: form.blocks.map((b) => (UUID.test(b.key) ? b : { ...b, key: crypto.randomUUID() })) },
    catalogue
  );
  const input = {
    title: form.name,
    hideCompetencySelector: hasPermission(viewer.permissions, "HideCompetencySelector") && Boolean(form.hideCompetencySelector),
    blocks,
  };
  const actor = { companyId, actorId: viewer.user.id, requestId: context.requestId };
  let id = existingId;
  if (existingId) {
    if (!(await updateQuestionnaire(context.db, actor, existingId, input))) throw notFound();
  } else {
    id = await createQuestionnaire(context.db, actor, input);
  }
  const message = existingId ? "Questionnaire updated successfully" : "Questionnaire created successfully";
  const next = form.intent;
  const to =
    next === "next"
      ? `/reviews/manage-reviews/launch-review?reviewTemplateId=${encodeURIComponent(id!)}`
      : next === "template"
      ? `${QUESTIONNAIRES_PATH}/${encodeURIComponent(id!)}`
      : QUESTIONNAIRES_PATH;
  return redirectWithToast(to, { type: "success", message }, { request });
}

export const meta = pageMeta;

/** An unknown questionnaire (or another company's) shows the builder's own empty state (000 §2). */
export function ErrorBoundary() {
  return <BuilderErrorBoundary icon="reviews" title={NO_QUESTIONNAIRE} backTo={QUESTIONNAIRES_PATH} backLabel="Back to questionnaires" />;
}

type ActionData = { result: SubmissionResult<string[]>; fullPreview: boolean } | undefined;

export default function QuestionnaireBuilderRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData;
  return <QuestionnaireBuilder loaderData={loaderData} actionData={actionData} />;
}
