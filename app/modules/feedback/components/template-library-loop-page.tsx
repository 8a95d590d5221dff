import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { copy } from "~/lib/copy";
import type { Platform } from "~/modules/blocks/convert";
import { SaveButton } from "~/ui/builder-parts";
import { Button, ButtonLink } from "~/ui/button";
import { FieldError, INPUT_CLASS } from "~/ui/form-fields";
import { PageHeader } from "~/ui/page-header";
import type { LoopBlock } from "../feedback-blocks";
import { TEMPLATE_TYPE_LABELS, type FeedbackFormat, type TemplateType } from "../loop-types";
import type { TemplateBlockForm } from "../template-blocks";
import { LIBRARY_PATH, loopFormSchema, LoopTitleSchema } from "../template.schema";
import { TemplateBuilder, type BuilderActionData } from "./template-builder";
import { LoopBlocksPreview } from "./template-preview";

/**
 * A library loop (002 §2.1 /workflows/library/:templateType/:feedbackLibraryLoopId): its title,
 * and its questions as a sender will see them. A loop of blocks (a blocks-only or custom template,
 * or started from scratch) edits them in the builder (§7 "update blocks"); a format's fields and a
 * one-on-one agenda stay as their template has them. Next goes on to the configuration.
 */

export interface LibraryLoopPageData {
  platform: Platform;
  loop: { id: string; title: string; templateType: TemplateType; templateName: string; templateFormat: FeedbackFormat | null; blocks: LoopBlock[] };
  /** The builder's form value when the loop's blocks are edited here. */
  form: { title: string; blocks: TemplateBlockForm[] } | null;
}

export function TemplateLibraryLoopPage({ data, actionData }: { data: LibraryLoopPageData; actionData: BuilderActionData }) {
  const words = copy(data.platform);
  const { loop } = data;
  return (
    <>
      <PageHeader
        title={loop.title}
        description={`${TEMPLATE_TYPE_LABELS[loop.templateType]} · ${loop.templateName}`}
        actions={
          <ButtonLink variant="secondary" to={LIBRARY_PATH}>
            {words.backToLibrary}
          </ButtonLink>
        }
      />
      {data.form ? (
        <TemplateBuilder
          mode="loop"
          formId={`library-loop-${loop.id}`}
          platform={data.platform}
          schema={loopFormSchema(data.platform)}
          defaultValue={data.form}
          actionData={actionData}
          buttons={
            <>
              <SaveButton intent="save" variant="secondary">
                {words.save}
              </SaveButton>
              <SaveButton intent="next">{words.next}</SaveButton>
            </>
          }
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="space-y-4">
            <TitleForm title={loop.title} platform={data.platform} actionData={actionData} />
            <p className="text-sm text-slate-600">{loop.templateType === "one-on-one" ? words.agendaNote : words.fixedFormatNote}</p>
          </div>
          <section aria-labelledby="loop-preview" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="loop-preview" className="mb-4 text-sm font-semibold uppercase tracking-wide text-slate-500">
              {words.preview}
            </h2>
            <LoopBlocksPreview blocks={loop.blocks} words={words} />
          </section>
        </div>
      )}
    </>
  );
}

function TitleForm({ title, platform, actionData }: { title: string; platform: Platform; actionData: BuilderActionData }) {
  const words = copy(platform);
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "library-loop-title",
    constraint: getZodConstraint(LoopTitleSchema),
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: { title },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoopTitleSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <input type="hidden" name="intent" value="rename" />
      <label htmlFor={fields.title.id} className="block text-sm font-medium text-slate-900">
        {words.loopTitleLabel}
      </label>
      <input {...getInputProps(fields.title, { type: "text" })} className={INPUT_CLASS} />
      <FieldError id={fields.title.errorId} errors={fields.title.errors} />
      <div className="mt-3 flex justify-end gap-2">
        <Button type="submit" variant="secondary" name="next" value="false" disabled={navigation.state !== "idle"}>
          {words.saveTitle}
        </Button>
        <Button type="submit" name="next" value="true" disabled={navigation.state !== "idle"}>
          {words.next}
        </Button>
      </div>
    </Form>
  );
}
