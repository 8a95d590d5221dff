import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
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
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { customItemLines, SCALE_FAMILIES, SCALE_LABELS } from "~/modules/reviews/answer-scales";
import { previewBlockOf, QuestionnairePreview } from "~/modules/reviews/components/questionnaire-preview";
import { blocksFromPredefined, findPredefinedTemplate } from "~/modules/reviews/predefined-templates";
import {
  BLOCK_TYPE_TITLES,
  BLOCK_TYPES,
  CHOICE_VIEW_LABELS,
  CHOICE_VIEWS,
  isChoiceType,
  newBlock,
  QUESTIONNAIRES_PATH,
  QuestionnaireFormSchema,
  toFormBlocks,
  toStoredBlocks,
  type BlockForm,
  type BlockType,
  type QuestionnaireForm,
} from "~/modules/reviews/questionnaire.schema";
import {
  createQuestionnaire,
  getQuestionnaire,
  loadCatalogue,
  pickedIds,
  updateQuestionnaire,
} from "~/modules/reviews/questionnaires.server";
import { Button, buttonClass, FullPreviewButton } from "~/ui/button";
import { Modal } from "~/ui/dialog";
import { EmptyState } from "~/ui/empty-state";
import { ErrorPanel } from "~/ui/error-panel";
import { useHydrated } from "~/ui/use-hydrated";
import { PageHeader } from "~/ui/page-header";

const notFound = () => new Response("Not Found", { status: 404 });
/** 000 §2 builder empty states, quoted exactly. */
const NO_COMPETENCIES = "No competencies available. Add a new one!";
const NO_OBJECTIVES = "No objective available. Add a new one!";
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
  return data({ id, initial, competencies, objectives, platform: viewer.company.platform });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewReviewBuilder");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: QuestionnaireFormSchema });
  const fullPreview = formData.get("preview") === "full";
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
    objectives: form.blocks.map((b) => b.objectiveId ?? "").filter(Boolean),
  };
  const { catalogue } = await loadCatalogue(context.db, companyId, picks);
  // A pick that is not the company's (a forged id) is refused like a missing one.
  const refused: Record<string, string[]> = {};
  form.blocks.forEach((b, i) => {
    if (b.type === "competency-question" && !catalogue.competencies.has(b.competencyId ?? ""))
      refused[`blocks[${i}].competencyId`] = ["Choose one of the offered competencies."];
    if (b.type === "objective-question" && !catalogue.objectives.has(b.objectiveId ?? ""))
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
    hideCompetencySelector: viewer.company.platform === "slack" && Boolean(form.hideCompetencySelector),
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
  const next = formData.get("intent");
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
  const error = useRouteError();
  const root = useRouteLoaderData<{ requestId?: string }>("root");
  if (!isRouteErrorResponse(error) || error.status !== 404) return <ErrorPanel requestId={root?.requestId} />;
  return (
    <EmptyState icon="reviews" title={NO_QUESTIONNAIRE}>
      <Link to={QUESTIONNAIRES_PATH} className={buttonClass("secondary")}>
        Back to questionnaires
      </Link>
    </EmptyState>
  );
}

type ActionData = { result: SubmissionResult<string[]>; fullPreview: boolean } | undefined;
type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The next free short key for a block added in the builder ("n1", "n2", …). */
function nextKey(blocks: Array<{ key?: unknown }>) {
  let max = 0;
  for (const b of blocks) {
    const m = typeof b.key === "string" ? /^n(\d+)$/.exec(b.key) : null;
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `n${max + 1}`;
}

export default function QuestionnaireBuilder() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData;
  const navigation = useNavigation();
  const [form, fields] = useForm<QuestionnaireForm>({
    id: `questionnaire-${loaderData.id ?? "new"}`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: loaderData.initial,
    constraint: getZodConstraint(QuestionnaireFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: QuestionnaireFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const blockFields = fields.blocks.getFieldList();
  const rawBlocks = ((form.value?.blocks as unknown[] | undefined) ?? []).map(previewBlockOf).filter((b): b is BlockForm => b !== null);
  const key = nextKey(rawBlocks);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const hydrated = useHydrated();
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [handleToFocus, setHandleToFocus] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const count = blockFields.length;
  /** Dragging and the handle's arrow keys move a question (the buttons do the same without JavaScript). */
  const move = (from: number, to: number, byKeyboard = false) => {
    if (from === to || to < 0 || to >= count) return;
    form.reorder({ name: fields.blocks.name, from, to });
    setAnnouncement(`Question ${from + 1} moved to position ${to + 1} of ${count}.`);
    if (byKeyboard) setHandleToFocus(to);
  };

  useEffect(() => {
    if (handleToFocus === null) return;
    listRef.current?.querySelectorAll<HTMLElement>("[data-reorder-handle]")[handleToFocus]?.focus();
    setHandleToFocus(null);
  }, [handleToFocus, blockFields]);

  // 000 §9: a duplicated question takes focus after 500 ms.
  useEffect(() => {
    if (!focusKey) return;
    const timer = window.setTimeout(() => {
      const block = listRef.current?.querySelector<HTMLElement>(`[data-block-key="${focusKey}"]`);
      block?.querySelector<HTMLElement>("input:not([type=hidden]),textarea,select")?.focus();
      setFocusKey(null);
    }, 500);
    return () => window.clearTimeout(timer);
  }, [focusKey]);

  // Invalid blocks expand and the first error scrolls into view (issue 4 "Bad input").
  useEffect(() => {
    if (form.status !== "error" || !listRef.current) return;
    const invalid = listRef.current.querySelectorAll<HTMLDetailsElement>("details[data-invalid]");
    invalid.forEach((d) => (d.open = true));
    const first = document.querySelector<HTMLElement>(`#${CSS.escape(form.id)} [aria-invalid="true"]`);
    first?.scrollIntoView({ block: "center" });
    first?.focus();
  }, [form.status, form.id, form.allErrors]);

  const submitting =
    navigation.state !== "idle" && navigation.formMethod === "POST" ? String(navigation.formData?.get("intent") ?? "") : "";
  const status =
    navigation.state === "submitting" && submitting ? "saving" : navigation.state === "loading" && submitting ? "redirecting" : "initial";
  const busy = status !== "initial";
  const label = (intent: string, idle: string) =>
    status === "initial" || submitting !== intent
      ? idle
      : intent === "next" && status === "redirecting"
      ? "Redirecting..."
      : status === "saving"
      ? "Saving..."
      : "Redirecting...";
  const askedForFullPreview = Boolean(actionData?.fullPreview && navigation.state === "idle");
  const showFullPreview = previewOpen || (hydrated && askedForFullPreview);
  const name = typeof form.value?.name === "string" ? form.value.name : "";

  return (
    <>
      <PageHeader
        title={loaderData.id ? "Edit Questionnaire" : "New Questionnaire"}
        actions={
          <Link to={QUESTIONNAIRES_PATH} className={buttonClass("secondary")}>
            Back to questionnaires
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
          <QuestionnairePreview name={name} blocks={rawBlocks} catalogue={loaderData} />
        </section>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="builder-heading" className="space-y-4">
          <h2 id="builder-heading" className="sr-only">
            Questions
          </h2>
          <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <label htmlFor={fields.name.id} className="block text-sm font-medium text-slate-900">
              Questionnaire name
            </label>
            <input
              {...getInputProps(fields.name, { type: "text" })}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
            <FieldError id={fields.name.errorId} errors={fields.name.errors} />
            {loaderData.platform === "slack" ? (
              <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
                <input {...getInputProps(fields.hideCompetencySelector, { type: "checkbox" })} />
                Hide competency selector
              </label>
            ) : null}
          </div>
          {fields.blocks.errors ? (
            <p id={fields.blocks.errorId} role="alert" className="text-sm font-medium text-red-700">
              {fields.blocks.errors[0]}
            </p>
          ) : null}
          <p id="reorder-help" className="sr-only">
            Use the arrow keys to move the question up or down; Home and End move it to the start or the end.
          </p>
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
          <ol ref={listRef} className="space-y-3" aria-label="Questions">
            {blockFields.map((block, index) => {
              const b = block.getFieldset();
              const type = (b.type.value ?? b.type.initialValue) as BlockType;
              const raw = rawBlocks[index];
              const copyKey = `${key}`;
              return (
                <li
                  key={block.key ?? String(b.key.initialValue ?? index)}
                  data-block-key={b.key.value}
                  className={`flex rounded-lg border bg-white shadow-sm ${
                    dragFrom !== null && dragFrom !== index ? "border-dashed border-indigo-300" : "border-slate-200"
                  }`}
                  onDragOver={(event) => {
                    if (dragFrom !== null) event.preventDefault();
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    if (dragFrom !== null) move(dragFrom, index);
                    setDragFrom(null);
                  }}
                >
                  {hydrated ? (
                    <button
                      type="button"
                      draggable
                      data-reorder-handle
                      aria-label={`Reorder question ${index + 1} of ${count}`}
                      aria-describedby="reorder-help"
                      className="cursor-grab rounded-l-lg border-r border-slate-100 px-2 text-slate-400 hover:bg-slate-50 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                      onDragStart={(event) => {
                        event.dataTransfer.effectAllowed = "move";
                        event.dataTransfer.setData("text/plain", String(index));
                        setDragFrom(index);
                      }}
                      onDragEnd={() => setDragFrom(null)}
                      onKeyDown={(event) => {
                        if (event.key === "ArrowUp") move(index, index - 1, true);
                        else if (event.key === "ArrowDown") move(index, index + 1, true);
                        else if (event.key === "Home") move(index, 0, true);
                        else if (event.key === "End") move(index, count - 1, true);
                        else return;
                        event.preventDefault();
                      }}
                    >
                      <span aria-hidden="true">⋮⋮</span>
                    </button>
                  ) : null}
                  <details
                    className="min-w-0 flex-1"
                    open
                    data-invalid={block.allErrors && Object.keys(block.allErrors).length > 0 ? "" : undefined}
                  >
                    <summary className="flex cursor-pointer items-center justify-between gap-2 px-4 py-2 text-sm">
                      <span className="font-medium text-slate-900">
                        {index + 1}. {BLOCK_TYPE_TITLES[type]}
                        {raw?.label || raw?.text ? (
                          <span className="ml-2 font-normal text-slate-500">{(raw.label || raw.text || "").slice(0, 60)}</span>
                        ) : null}
                      </span>
                    </summary>
                    <div className="space-y-3 border-t border-slate-100 px-4 py-3">
                      <input {...getInputProps(b.key, { type: "hidden" })} />
                      <input {...getInputProps(b.type, { type: "hidden" })} />
                      <BlockFields type={type} b={b} raw={raw} loaderData={loaderData} />
                      <div
                        className="flex flex-wrap gap-2 border-t border-slate-100 pt-3"
                        role="group"
                        aria-label={`Question ${index + 1} actions`}
                      >
                        <button
                          className={buttonClass("ghost")}
                          disabled={index === 0}
                          {...form.reorder.getButtonProps({ name: fields.blocks.name, from: index, to: index - 1 })}
                          aria-label={`Move question ${index + 1} up`}
                        >
                          Move up
                        </button>
                        <button
                          className={buttonClass("ghost")}
                          disabled={index === blockFields.length - 1}
                          {...form.reorder.getButtonProps({ name: fields.blocks.name, from: index, to: index + 1 })}
                          aria-label={`Move question ${index + 1} down`}
                        >
                          Move down
                        </button>
                        <button
                          className={buttonClass("ghost")}
                          {...form.insert.getButtonProps({
                            name: fields.blocks.name,
                            index: index + 1,
                            defaultValue: { ...(raw ?? newBlock(type, copyKey)), key: copyKey },
                          })}
                          onClick={() => setFocusKey(copyKey)}
                          aria-label={`Duplicate question ${index + 1}`}
                        >
                          Duplicate
                        </button>
                        <button
                          className={buttonClass("ghost")}
                          {...form.remove.getButtonProps({ name: fields.blocks.name, index })}
                          aria-label={`Delete question ${index + 1}`}
                        >
                          Delete
                        </button>
                      </div>
                    </div>
                  </details>
                </li>
              );
            })}
          </ol>
          <fieldset className="rounded-lg border border-dashed border-slate-300 bg-white p-4">
            <legend className="px-1 text-sm font-medium text-slate-700">Add a block</legend>
            <div className="flex flex-wrap gap-2">
              {BLOCK_TYPES.map((type) => (
                <button
                  key={type}
                  className={buttonClass("secondary")}
                  {...form.insert.getButtonProps({
                    name: fields.blocks.name,
                    defaultValue: newBlock(type, key, {
                      competencyId: loaderData.competencies[0]?.id,
                      objectiveId: loaderData.objectives[0]?.id,
                    }),
                  })}
                  onClick={() => setFocusKey(key)}
                >
                  + {BLOCK_TYPE_TITLES[type]}
                </button>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap justify-end gap-2">
            <FullPreviewButton onOpen={() => setPreviewOpen(true)} />
            <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy}>
              {label("save", "Save")}
            </Button>
            <Button type="submit" name="intent" value="template" variant="secondary" disabled={busy}>
              {label("template", loaderData.id ? "Update Template" : "Create Template")}
            </Button>
            <Button type="submit" name="intent" value="next" disabled={busy}>
              {label("next", "Next")}
            </Button>
          </div>
        </section>
        <section aria-labelledby="preview-heading" className="lg:sticky lg:top-4 lg:self-start">
          <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="preview-heading" className="mb-4 text-sm font-semibold uppercase tracking-wide text-slate-500">
              Preview
            </h2>
            <QuestionnairePreview name={name} blocks={rawBlocks} catalogue={loaderData} />
          </div>
        </section>
      </Form>
      <Modal open={showFullPreview} onClose={() => setPreviewOpen(false)} title="Full Preview" size="lg">
        <div className="mt-4 max-h-[70vh] overflow-y-auto pr-1">
          <QuestionnairePreview name={name} blocks={rawBlocks} catalogue={loaderData} />
        </div>
        <div className="mt-4 flex justify-end">
          <Button type="button" variant="secondary" onClick={() => setPreviewOpen(false)}>
            Close
          </Button>
        </div>
      </Modal>
    </>
  );
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {errors[0]}
    </p>
  );
}

type BlockFieldset = ReturnType<FieldMetadata<BlockForm>["getFieldset"]>;

function TextField({ field, label, multiline = false }: { field: FieldMetadata<string | undefined>; label: string; multiline?: boolean }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {multiline ? (
        <textarea {...getTextareaProps(field)} rows={3} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
      ) : (
        <input {...getInputProps(field, { type: "text" })} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
      )}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

function Check({ field, label }: { field: FieldMetadata<boolean | undefined>; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input {...getInputProps(field, { type: "checkbox" })} />
      {label}
    </label>
  );
}

function BlockFields({
  type,
  b,
  raw,
  loaderData,
}: {
  type: BlockType;
  b: BlockFieldset;
  raw: BlockForm | undefined;
  loaderData: LoaderData;
}) {
  const hydrated = useHydrated();
  if (type === "title" || type === "subtitle") return <TextField field={b.text} label={type === "title" ? "Title" : "Subtitle"} />;
  if (type === "short-text" || type === "long-text") {
    return (
      <>
        <TextField field={b.label} label="Question" />
        <TextField field={b.placeholder} label="Placeholder" />
        <Check field={b.required} label="Required" />
      </>
    );
  }
  if (!isChoiceType(type)) return null;
  const items = customItemLines(raw?.customItems ?? "");
  // Without JavaScript nothing appears on a change, so the fields a choice may need are always shown.
  const all = !hydrated;
  return (
    <>
      <TextField field={b.label} label="Question" />
      {type === "competency-question" ? (
        loaderData.competencies.length === 0 ? (
          <p className="text-sm text-slate-600">
            {NO_COMPETENCIES}{" "}
            <Link to="/organization/settings/competencies" className="text-indigo-700 underline">
              Competencies
            </Link>
          </p>
        ) : (
          <div>
            <label htmlFor={b.competencyId.id} className="block text-sm font-medium text-slate-900">
              Competency
            </label>
            <select {...getSelectProps(b.competencyId)} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm">
              <option value="">Choose a competency</option>
              {loaderData.competencies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <FieldError id={b.competencyId.errorId} errors={b.competencyId.errors} />
            <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
              <Check field={b.showDescription} label="Show description" />
              <Check field={b.showBehaviours} label="Show behaviours" />
              <Check field={b.isBehavior} label="Rate each behaviour" />
            </div>
          </div>
        )
      ) : null}
      {type === "objective-question" ? (
        loaderData.objectives.length === 0 ? (
          <p className="text-sm text-slate-600">{NO_OBJECTIVES}</p>
        ) : (
          <div>
            <label htmlFor={b.objectiveId.id} className="block text-sm font-medium text-slate-900">
              Objective
            </label>
            <select {...getSelectProps(b.objectiveId)} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm">
              <option value="">Choose an objective</option>
              {loaderData.objectives.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
            <FieldError id={b.objectiveId.errorId} errors={b.objectiveId.errors} />
            <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
              <Check field={b.showKPIs} label="Show KPIs" />
              <Check field={b.isKPI} label="Rate each KPI" />
            </div>
          </div>
        )
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={b.scale.id} className="block text-sm font-medium text-slate-900">
            Answer scale
          </label>
          <select {...getSelectProps(b.scale)} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm">
            {SCALE_FAMILIES.map((family) => (
              <option key={family} value={family}>
                {SCALE_LABELS[family]}
              </option>
            ))}
          </select>
          <FieldError id={b.scale.errorId} errors={b.scale.errors} />
        </div>
        <div>
          <label htmlFor={b.view.id} className="block text-sm font-medium text-slate-900">
            View
          </label>
          <select {...getSelectProps(b.view)} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm">
            {CHOICE_VIEWS.map((view) => (
              <option key={view} value={view}>
                {CHOICE_VIEW_LABELS[view]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {all || raw?.scale === "custom" ? (
        <div className="space-y-2">
          <TextField field={b.customItems} label="Choices (one per line)" multiline />
          <Check field={b.numericValue} label="Numeric values" />
          {raw?.numericValue ? (
            <ul className="grid gap-2 sm:grid-cols-2" aria-label="Choice values">
              {items.map((item, j) => {
                const name = `${b.choiceValues.name}[${j}]`;
                const error = b.choiceValues.getFieldList()[j]?.errors ?? (b.choiceValues.allErrors?.[name] as string[] | undefined);
                const id = `${b.choiceValues.id}-${j}`;
                return (
                  <li key={j}>
                    <label htmlFor={id} className="block text-xs font-medium text-slate-700">
                      Value of “{item}”
                    </label>
                    <input
                      id={id}
                      name={name}
                      type="number"
                      min={0}
                      step="any"
                      defaultValue={raw?.choiceValues?.[j] ?? 0}
                      aria-invalid={error ? true : undefined}
                      className="mt-0.5 w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
                    />
                    {error ? <p className="text-xs text-red-700">{error[0]}</p> : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <Check field={b.required} label="Required" />
        <Check field={b.notApplicable} label="Not applicable option" />
        <Check field={b.commentBox} label="Comment box" />
      </div>
      {all || raw?.commentBox ? <TextField field={b.commentBoxGuide} label="Comment guideline" /> : null}
    </>
  );
}
