import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { copy } from "~/lib/copy";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { SURVEY_BLOCK_TYPES, type GroupQuestion, type SurveyBlock, type SurveyBlockType } from "~/modules/surveys/blocks";
import { getBuilderSurvey, listCustomTemplates, prepareBlocks, saveSurvey } from "~/modules/surveys/builder.server";
import { surveyScope } from "~/modules/surveys/library.server";
import {
  BlockActions,
  blockTitle,
  FieldError,
  insertButtonProps,
  LockBadge,
  LockedQuestion,
  QuestionFields,
  TextField,
  type QuestionFieldset,
} from "~/modules/surveys/components/builder-block";
import { TEMPLATE_DIALOG_TITLE, TemplateFields } from "~/modules/surveys/components/builder-template-dialog";
import { previewBlocksOf, SurveyPreview } from "~/modules/surveys/components/survey-preview";
import {
  LOCK_NOT_ALLOWED,
  LOCKED_QUESTION,
  NAME_LABEL,
  newBlock,
  SURVEY_LIBRARY_PATH,
  surveyAudiencePath,
  surveyBuilderPath,
  SurveyBuilderSchema,
  toFormBlocks,
  toStoredBlocks,
  visibilityOf,
  type SurveyBuilderForm,
} from "~/modules/surveys/survey.schema";
import { Button, buttonClass, FullPreviewButton } from "~/ui/button";
import { Modal } from "~/ui/dialog";
import { EmptyState } from "~/ui/empty-state";
import { ErrorPanel } from "~/ui/error-panel";
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
  const error = useRouteError();
  const root = useRouteLoaderData<{ requestId?: string }>("root");
  if (!isRouteErrorResponse(error) || error.status !== 404) return <ErrorPanel requestId={root?.requestId} />;
  return (
    <EmptyState icon="surveys" title={NO_SURVEYS}>
      <Link to={SURVEY_LIBRARY_PATH} className={buttonClass("secondary")}>
        Back to the survey library
      </Link>
    </EmptyState>
  );
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

/** A copy's form value: a new key (its questions too, for a group) and no lock. */
function copyOf(rawValue: unknown, key: string): Record<string, unknown> {
  const value: Record<string, unknown> = { ...((rawValue ?? {}) as Record<string, unknown>), key };
  delete value.isLocked;
  if (Array.isArray(value.questions))
    value.questions = value.questions.map((q: unknown, j: number) => {
      const copy: Record<string, unknown> = { ...((q ?? {}) as Record<string, unknown>), key: `${key}-${j + 1}` };
      delete copy.isLocked;
      return copy;
    });
  return value;
}

const hasLockedQuestion = (b: SurveyBlock | undefined) =>
  Boolean(b && (b.type === "group" ? b.questions.some((q) => q.isLocked) : b.isLocked));

export default function SurveyBuilder() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Reply | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm<SurveyBuilderForm>({
    id: `survey-${loaderData.id}`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: loaderData.initial,
    constraint: getZodConstraint(SurveyBuilderSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SurveyBuilderSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const platform = loaderData.platform;
  const hydrated = useHydrated();
  const blockFields = fields.blocks.getFieldList();
  const rawBlocks = previewBlocksOf(form.value?.blocks);
  const key = nextKey(rawBlocks);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [templateOpen, setTemplateOpen] = useState(false);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  // 001 §9: a duplicated question takes focus after 500 ms.
  useEffect(() => {
    if (!focusKey) return;
    const timer = window.setTimeout(() => {
      const block = listRef.current?.querySelector<HTMLElement>(`[data-block-key="${CSS.escape(focusKey)}"]`);
      block?.querySelector<HTMLElement>("input:not([type=hidden]),textarea,select")?.focus();
      block?.scrollIntoView({ block: "center", behavior: "smooth" });
      setFocusKey(null);
    }, 500);
    return () => window.clearTimeout(timer);
  }, [focusKey]);

  // 001 §2: invalid blocks expand and the first error scrolls into view and takes focus.
  useEffect(() => {
    if (form.status !== "error" || !listRef.current) return;
    listRef.current.querySelectorAll<HTMLDetailsElement>("details[data-invalid]").forEach((d) => (d.open = true));
    const first = document.querySelector<HTMLElement>(`#${CSS.escape(form.id)} [aria-invalid="true"]`);
    first?.scrollIntoView({ block: "center" });
    first?.focus();
  }, [form.status, form.id, form.allErrors]);

  // A template error from the server reopens the dialog it came from.
  const templateErrors = Boolean(fields.templateTitle.errors || fields.templateId.errors || fields.templateVisibility.errors);
  useEffect(() => {
    if (templateErrors) setTemplateOpen(true);
  }, [templateErrors]);

  const submitting =
    navigation.state !== "idle" && navigation.formMethod === "POST" ? String(navigation.formData?.get("intent") ?? "") : "";
  const busy = submitting !== "";
  const label = (intent: string, idle: string) =>
    submitting !== intent ? idle : navigation.state === "loading" ? "Redirecting..." : "Saving...";
  const askedForFullPreview = Boolean(actionData?.fullPreview && navigation.state === "idle");
  const showFullPreview = previewOpen || (hydrated && askedForFullPreview);
  const name = typeof form.value?.name === "string" ? form.value.name : "";
  const addButtons = (listName: string, types: readonly SurveyBlockType[], legend: string) => (
    <fieldset className="rounded-lg border border-dashed border-slate-300 bg-white p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {types.map((type) => (
          <button
            key={type}
            className={buttonClass("secondary", "px-2.5 py-1.5")}
            {...insertButtonProps(form, listName, newBlock(type, key, platform))}
            onClick={() => setFocusKey(key)}
          >
            + {blockTitle(type)}
          </button>
        ))}
      </div>
    </fieldset>
  );

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
      {!hydrated && askedForFullPreview ? (
        // Without JavaScript the dialog cannot open: the Full Preview is shown above the builder.
        <section
          role="dialog"
          aria-labelledby="full-preview-title"
          className="mb-6 rounded-lg border border-indigo-200 bg-white p-5 shadow-sm"
        >
          <h2 id="full-preview-title" className="mb-4 text-lg font-semibold text-slate-900">
            Full Preview
          </h2>
          <SurveyPreview name={name} blocks={rawBlocks} />
        </section>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="builder-heading" className="space-y-4">
          <h2 id="builder-heading" className="sr-only">
            Blocks
          </h2>
          {form.errors ? (
            <p id={form.errorId} role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
              {form.errors[0]}
            </p>
          ) : null}
          <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <label htmlFor={fields.name.id} className="block text-sm font-medium text-slate-900">
              {NAME_LABEL}
            </label>
            <input
              {...getInputProps(fields.name, { type: "text" })}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
            <FieldError id={fields.name.errorId} errors={fields.name.errors} />
          </div>
          <FieldError id={fields.blocks.errorId} errors={fields.blocks.errors} />
          <ol ref={listRef} className="space-y-3" aria-label="Blocks">
            {blockFields.map((block, index) => {
              const b = block.getFieldset();
              const type = (b.type.value ?? b.type.initialValue) as SurveyBlockType;
              const raw = rawBlocks[index];
              const locked = raw && raw.type !== "group" && raw.isLocked ? raw : null;
              const anchored = hasLockedQuestion(raw);
              const invalid = block.allErrors && Object.keys(block.allErrors).length > 0;
              const what = `block ${index + 1}`;
              return (
                <li
                  key={block.key ?? `${raw?.id}-${index}`}
                  data-block-key={raw?.id}
                  className="rounded-lg border border-slate-200 bg-white shadow-sm"
                >
                  <details open data-invalid={invalid ? "" : undefined}>
                    <summary className="flex cursor-pointer items-center gap-2 px-4 py-2 text-sm">
                      <span className="font-medium text-slate-900">
                        {index + 1}. {blockTitle(type)}
                      </span>
                      {locked ? <LockBadge /> : null}
                      <span className="truncate text-slate-500">
                        {(raw?.type === "static-text" ? raw.value : raw?.label ?? "").slice(0, 60)}
                      </span>
                    </summary>
                    <div className="space-y-3 border-t border-slate-100 px-4 py-3">
                      {locked ? (
                        <LockedQuestion
                          q={b as unknown as QuestionFieldset}
                          raw={locked}
                          rawValue={block.value}
                          canLockUnlock={loaderData.canLockUnlock}
                        />
                      ) : type === "group" ? (
                        <GroupFields
                          form={form}
                          b={b}
                          raw={raw?.type === "group" ? raw : undefined}
                          platform={platform}
                          hydrated={hydrated}
                          canLockUnlock={loaderData.canLockUnlock}
                          nextKey={key}
                          onAdd={setFocusKey}
                        />
                      ) : (
                        <QuestionFields
                          form={form}
                          q={b as unknown as QuestionFieldset}
                          raw={raw as GroupQuestion | undefined}
                          platform={platform}
                          hydrated={hydrated}
                          canLockUnlock={loaderData.canLockUnlock}
                        />
                      )}
                      {locked ? null : anchored ? (
                        <p className="border-t border-slate-100 pt-3 text-xs text-slate-600">
                          This group holds a locked question: it cannot be moved, duplicated or deleted.
                        </p>
                      ) : (
                        <BlockActions
                          form={form}
                          listName={fields.blocks.name}
                          index={index}
                          count={blockFields.length}
                          what={what}
                          upBlocked={hasLockedQuestion(rawBlocks[index - 1])}
                          downBlocked={hasLockedQuestion(rawBlocks[index + 1])}
                          duplicateValue={copyOf(block.value, key)}
                          onDuplicate={() => setFocusKey(key)}
                        />
                      )}
                    </div>
                  </details>
                </li>
              );
            })}
          </ol>
          {addButtons(fields.blocks.name, SURVEY_BLOCK_TYPES, "Add a block")}
          {loaderData.canTemplate && !hydrated ? (
            // Without JavaScript the dialog is a disclosure inside the form.
            <details className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" open={templateErrors}>
              <summary className="cursor-pointer text-sm font-semibold text-slate-900">{TEMPLATE_DIALOG_TITLE}</summary>
              <div className="mt-3 space-y-3">
                <TemplateFields fields={templateFields} templates={loaderData.templates} />
                <Button type="submit" name="intent" value="template">
                  Save Template
                </Button>
              </div>
            </details>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <FullPreviewButton onOpen={() => setPreviewOpen(true)} />
            {loaderData.canTemplate && hydrated ? (
              <Button type="button" variant="secondary" onClick={() => setTemplateOpen(true)} disabled={busy}>
                {label("template", TEMPLATE_DIALOG_TITLE)}
              </Button>
            ) : null}
            <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy}>
              {label("save", "Save")}
            </Button>
            <Button type="submit" name="intent" value="next" disabled={busy}>
              {label("next", "Save & Next")}
            </Button>
          </div>
        </section>
        <section aria-labelledby="preview-heading" className="lg:sticky lg:top-4 lg:self-start">
          <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="preview-heading" className="mb-4 text-sm font-semibold uppercase tracking-wide text-slate-500">
              Preview
            </h2>
            <SurveyPreview name={name} blocks={rawBlocks} />
          </div>
        </section>
      </Form>
      <Modal open={showFullPreview} onClose={() => setPreviewOpen(false)} title="Full Preview" size="lg">
        <div className="mt-4 max-h-[70vh] overflow-y-auto pr-1">
          <SurveyPreview name={name} blocks={rawBlocks} />
        </div>
        <div className="mt-4 flex justify-end">
          <Button type="button" variant="secondary" onClick={() => setPreviewOpen(false)}>
            Close
          </Button>
        </div>
      </Modal>
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
            <Button type="submit" form={form.id} name="intent" value="template" disabled={busy}>
              {label("template", "Save Template")}
            </Button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}

type BlockFieldset = ReturnType<
  ReturnType<ReturnType<typeof useForm<SurveyBuilderForm>>[1]["blocks"]["getFieldList"]>[number]["getFieldset"]
>;

/** A group: its label, description and own questions (any block but a group). */
function GroupFields({
  form,
  b,
  raw,
  platform,
  hydrated,
  canLockUnlock,
  nextKey: key,
  onAdd,
}: {
  form: ReturnType<typeof useForm<SurveyBuilderForm>>[0];
  b: BlockFieldset;
  raw: Extract<SurveyBlock, { type: "group" }> | undefined;
  platform: "slack" | "msteams";
  hydrated: boolean;
  canLockUnlock: boolean;
  nextKey: string;
  onAdd: (key: string) => void;
}) {
  const questions = b.questions.getFieldList();
  const types = SURVEY_BLOCK_TYPES.filter((t): t is Exclude<SurveyBlockType, "group"> => t !== "group");
  return (
    <>
      <input {...getInputProps(b.key, { type: "hidden" })} />
      <input {...getInputProps(b.type, { type: "hidden" })} />
      <TextField field={b.label} label="Group label" />
      <TextField field={b.description} label="Description" multiline />
      <FieldError id={b.questions.errorId} errors={b.questions.errors} />
      <ol className="space-y-2 border-l-2 border-indigo-100 pl-3" aria-label={`Questions of ${raw?.label || "the group"}`}>
        {questions.map((question, j) => {
          const q = question.getFieldset() as unknown as QuestionFieldset;
          const rawQ = raw?.questions[j];
          const type = (q.type.value ?? q.type.initialValue) as SurveyBlockType;
          const what = `question ${j + 1} of group ${raw?.label || ""}`.trim();
          return (
            <li key={question.key ?? `${rawQ?.id}-${j}`} data-block-key={rawQ?.id} className="rounded-md border border-slate-200">
              <details open data-invalid={question.allErrors && Object.keys(question.allErrors).length > 0 ? "" : undefined}>
                <summary className="flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm">
                  <span className="font-medium text-slate-900">
                    {j + 1}. {blockTitle(type)}
                  </span>
                  {rawQ?.isLocked ? <LockBadge /> : null}
                  <span className="truncate text-slate-500">
                    {(rawQ?.type === "static-text" ? rawQ.value : rawQ?.label ?? "").slice(0, 50)}
                  </span>
                </summary>
                <div className="space-y-3 border-t border-slate-100 px-3 py-2">
                  {rawQ?.isLocked ? (
                    <LockedQuestion q={q} raw={rawQ} rawValue={question.value} canLockUnlock={canLockUnlock} />
                  ) : (
                    <>
                      <QuestionFields form={form} q={q} raw={rawQ} platform={platform} hydrated={hydrated} canLockUnlock={canLockUnlock} />
                      <BlockActions
                        form={form}
                        listName={b.questions.name}
                        index={j}
                        count={questions.length}
                        what={what}
                        upBlocked={Boolean(raw?.questions[j - 1]?.isLocked)}
                        downBlocked={Boolean(raw?.questions[j + 1]?.isLocked)}
                        duplicateValue={copyOf(question.value, key)}
                        onDuplicate={() => onAdd(key)}
                      />
                    </>
                  )}
                </div>
              </details>
            </li>
          );
        })}
      </ol>
      <fieldset className="rounded-md border border-dashed border-slate-300 p-2">
        <legend className="px-1 text-xs font-medium text-slate-700">Add a question to the group</legend>
        <div className="flex flex-wrap gap-2">
          {types.map((type) => (
            <button
              key={type}
              className={buttonClass("secondary", "px-2 py-1 text-xs")}
              {...insertButtonProps(form, b.questions.name, newBlock(type, key, platform))}
              onClick={() => onAdd(key)}
            >
              + {blockTitle(type)}
            </button>
          ))}
        </div>
      </fieldset>
    </>
  );
}
