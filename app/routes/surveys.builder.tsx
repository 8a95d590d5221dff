import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import type { SurveyBlock } from "~/modules/surveys/blocks";
import { getBuilderSurvey, listCustomTemplates, prepareBlocks, saveSurvey } from "~/modules/surveys/builder.server";
import { surveyScope } from "~/modules/surveys/library.server";
import { BlockList, type BuilderContext } from "~/modules/surveys/components/builder-block";
import { TEMPLATE_DIALOG_TITLE, TemplateFields } from "~/modules/surveys/components/builder-template-dialog";
import { previewBlocksOf, SurveyPreview } from "~/modules/surveys/components/survey-preview";
import {
  LOCK_NOT_ALLOWED,
  LOCKED_QUESTION,
  NAME_LABEL,
  SURVEY_LIBRARY_PATH,
  surveyAudiencePath,
  surveyBuilderPath,
  SurveyBuilderSchema,
  toFormBlocks,
  toStoredBlocks,
  visibilityOf,
  type SurveyBuilderForm,
} from "~/modules/surveys/survey.schema";
import {
  BuilderButtons,
  BuilderErrorBoundary,
  BuilderForm,
  NameField,
  SaveButton,
  useBlockFocus,
  useBuilderForm,
  useFullPreview,
  useSaveState,
} from "~/ui/builder-parts";
import { Button, buttonClass } from "~/ui/button";
import { Modal } from "~/ui/dialog";
import { FieldError } from "~/ui/form-fields";
import { PageHeader } from "~/ui/page-header";
import { useHydrated } from "~/ui/use-hydrated";

const notFound = () => new Response("Not Found", { status: 404 });
/** 001 §8 empty state, quoted. */
const NO_SURVEYS = "No Surveys found.";
const SAVED = "Survey saved successfully";

/**
 * The survey builder (001 §2): /surveys/survey-library/{surveyId}. One form holds the name and
 * every block; adding, removing, moving and duplicating blocks are Conform list intents, so each
 * button is a real submission without JavaScript (the server answers with the changed form and
 * saves nothing). Save, Save & Next and the template dialog validate, check the locked questions
 * against the stored blocks (001 §4) and save. A survey with runs stays editable: runs keep their
 * own snapshot of the blocks.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const companyId = viewer.company.id;
  const survey = await getBuilderSurvey(context.db, companyId, params.surveyId ?? "", surveyScope(viewer));
  if (!survey) throw notFound();
  const canTemplate = viewer.permissions.includes("CreateUpdateSurveyTemplate");
  const templates = canTemplate ? await listCustomTemplates(context.db, companyId) : [];
  // The dialog starts on the template the survey was made from, when it is a custom one.
  const fromTemplate = templates.find((t) => t.title === survey.templateName);
  const initial: SurveyBuilderForm = {
    name: survey.title,
    blocks: toFormBlocks(survey.blocks, viewer.company.platform),
    templateId: fromTemplate?.id ?? "",
    templateTitle: fromTemplate?.title ?? survey.title,
    templateDesc: fromTemplate?.desc ?? "",
    templateVisibility: fromTemplate ? visibilityOf(fromTemplate) : "everyone",
  };
  return data({
    id: survey.id,
    initial,
    scopeName: survey.scopeName,
    platform: viewer.company.platform,
    canTemplate,
    canLockUnlock: viewer.permissions.includes("LockUnlockSurveyQuestion"),
    templates: templates.map((t) => ({ id: t.id, title: t.title })),
  });
}

type Reply = { result: SubmissionResult<string[]>; fullPreview: boolean };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewSurveys");
  const companyId = viewer.company.id;
  const survey = await getBuilderSurvey(context.db, companyId, params.surveyId ?? "", surveyScope(viewer));
  if (!survey) throw notFound();
  const formData = await request.formData();
  // The template dialog is for CreateUpdateSurveyTemplate only (001 §2); anyone else goes home.
  if (formData.get("intent") === "template") await requirePermission(request, context, "CreateUpdateSurveyTemplate");
  const submission = parseWithZod(formData, { schema: SurveyBuilderSchema });
  const fullPreview = formData.get("preview") === "full";
  // A list intent (add, remove, move, duplicate) or a Full Preview without JavaScript: the changed
  // form comes back to be shown again, nothing is saved.
  if (submission.status !== "success" || fullPreview || !submission.value.intent) {
    const status = submission.status === "error" && !fullPreview ? 400 : 200;
    return data<Reply>({ result: submission.reply(), fullPreview }, { status });
  }
  const form = submission.value;
  const refuse = (message: string, status: number) =>
    data<Reply>({ result: submission.reply({ formErrors: [message] }), fullPreview: false }, { status });

  let template = null;
  if (form.intent === "template") {
    const templates = await listCustomTemplates(context.db, companyId);
    const id = form.templateId || null;
    if (id && !templates.some((t) => t.id === id))
      return data<Reply>(
        { result: submission.reply({ fieldErrors: { templateId: ["Choose one of the offered templates."] } }), fullPreview: false },
        { status: 400 }
      );
    template = { id, title: form.templateTitle ?? "", desc: form.templateDesc ?? "", visibility: form.templateVisibility ?? "everyone" };
  }

  const prepared = prepareBlocks(
    survey.blocks,
    toStoredBlocks(form.blocks),
    viewer.permissions.includes("LockUnlockSurveyQuestion"),
    viewer.company.platform
  );
  if (!prepared.ok) return prepared.reason === "lock-permission" ? refuse(LOCK_NOT_ALLOWED, 403) : refuse(LOCKED_QUESTION, 409);

  const saved = await saveSurvey(
    context.db,
    { companyId, actorId: viewer.user.id, requestId: context.requestId },
    { id: survey.id, version: survey.version, title: form.name, blocks: prepared.blocks, template }
  );
  if (!saved.ok) return refuse(saved.conflict, 409);
  if (form.intent === "next") return redirectWithToast(surveyAudiencePath(survey.id), { type: "success", message: SAVED }, { request });
  const message = !template ? SAVED : template.id ? "Template updated successfully" : "Template created successfully";
  return redirectWithToast(surveyBuilderPath(survey.id), { type: "success", message }, { request });
}

export const meta = pageMeta;

/** An unknown survey (or another company's) shows the library's empty state (001 §8). */
export function ErrorBoundary() {
  return <BuilderErrorBoundary icon="surveys" title={NO_SURVEYS} backTo={SURVEY_LIBRARY_PATH} backLabel="Back to the survey library" />;
}

/** The next free short key for a block added in the builder ("n1", "n2", …), groups' questions included. */
function nextKey(blocks: SurveyBlock[]) {
  let max = 0;
  const see = (key: string) => {
    const m = /^n(\d+)/.exec(key);
    if (m) max = Math.max(max, Number(m[1]));
  };
  for (const b of blocks) {
    see(b.id);
    if (b.type === "group") b.questions.forEach((q) => see(q.id));
  }
  return `n${max + 1}`;
}

export default function SurveyBuilder() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Reply | undefined;
  const [form, fields] = useBuilderForm(SurveyBuilderSchema, {
    id: `survey-${loaderData.id}`,
    defaultValue: loaderData.initial,
    lastResult: actionData?.result,
  });
  const platform = loaderData.platform;
  const hydrated = useHydrated();
  const rawBlocks = previewBlocksOf(form.value?.blocks);
  const key = nextKey(rawBlocks);
  const [templateOpen, setTemplateOpen] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  // 001 §9: a duplicated question takes focus after 500 ms; 001 §2: invalid blocks expand.
  const focusBlock = useBlockFocus(form, listRef, { scroll: true });
  const fullPreview = useFullPreview(actionData);
  const { busy, label } = useSaveState();

  // A template error from the server reopens the dialog it came from.
  const templateErrors = Boolean(fields.templateTitle.errors || fields.templateId.errors || fields.templateVisibility.errors);
  useEffect(() => {
    if (templateErrors) setTemplateOpen(true);
  }, [templateErrors]);

  const name = typeof form.value?.name === "string" ? form.value.name : "";
  const ctx: BuilderContext = { form, platform, hydrated, canLockUnlock: loaderData.canLockUnlock, nextKey: key, onAdd: focusBlock };
  const templateFields = {
    templateId: fields.templateId,
    templateTitle: fields.templateTitle,
    templateDesc: fields.templateDesc,
    templateVisibility: fields.templateVisibility,
  };

  return (
    <>
      <PageHeader
        title="Survey Builder"
        description={loaderData.scopeName ? `${copy(platform).workspace}: ${loaderData.scopeName}` : undefined}
        actions={
          <Link to={SURVEY_LIBRARY_PATH} className={buttonClass("secondary")}>
            Back to the survey library
          </Link>
        }
      />
      <BuilderForm form={form} heading="Blocks" preview={<SurveyPreview name={name} blocks={rawBlocks} />} fullPreview={fullPreview}>
        {form.errors ? (
          <p id={form.errorId} role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
            {form.errors[0]}
          </p>
        ) : null}
        <NameField field={fields.name} label={NAME_LABEL} />
        <FieldError id={fields.blocks.errorId} errors={fields.blocks.errors} />
        <BlockList ctx={ctx} name={fields.blocks.name} items={fields.blocks.getFieldList()} raw={rawBlocks} listRef={listRef} />
        {loaderData.canTemplate && !hydrated ? (
          // Without JavaScript the dialog is a disclosure inside the form.
          <details className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" open={templateErrors}>
            <summary className="cursor-pointer text-sm font-semibold text-slate-900">{TEMPLATE_DIALOG_TITLE}</summary>
            <div className="mt-3 space-y-3">
              <TemplateFields fields={templateFields} templates={loaderData.templates} />
              <SaveButton intent="template">Save Template</SaveButton>
            </div>
          </details>
        ) : null}
        <BuilderButtons fullPreview={fullPreview}>
          {loaderData.canTemplate && hydrated ? (
            <Button type="button" variant="secondary" onClick={() => setTemplateOpen(true)} disabled={busy}>
              {label("template", TEMPLATE_DIALOG_TITLE)}
            </Button>
          ) : null}
          <SaveButton intent="save" variant="secondary">
            Save
          </SaveButton>
          <SaveButton intent="next">Save &amp; Next</SaveButton>
        </BuilderButtons>
      </BuilderForm>
      {loaderData.canTemplate && hydrated ? (
        <Modal
          open={templateOpen}
          onClose={() => setTemplateOpen(false)}
          title={TEMPLATE_DIALOG_TITLE}
          description="A template keeps a copy of this survey's blocks."
        >
          <div className="mt-4">
            <TemplateFields fields={templateFields} templates={loaderData.templates} />
          </div>
          <div className="mt-5 flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setTemplateOpen(false)}>
              Cancel
            </Button>
            <SaveButton intent="template" form={form.id}>
              Save Template
            </SaveButton>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
