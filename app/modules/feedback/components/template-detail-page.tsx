import { Form, useNavigation } from "@remix-run/react";
import { copy } from "~/lib/copy";
import type { FeedbackTemplateVisibility } from "~/modules/access/feedback-templates";
import type { Platform } from "~/modules/blocks/convert";
import { SaveButton } from "~/ui/builder-parts";
import { Button, ButtonLink } from "~/ui/button";
import { PageHeader } from "~/ui/page-header";
import type { LoopBlock } from "../feedback-blocks";
import type { TemplateType } from "../loop-types";
import type { TemplateBlockForm } from "../template-blocks";
import { templateFormSchema, templateTypePath } from "../template.schema";
import { TemplateBuilder, type BuilderActionData } from "./template-builder";
import { LoopBlocksPreview } from "./template-preview";
import { visibilityLabel } from "./template-type-page";

/**
 * A template's detail (002 §2.1 /template-types/:templateType/:templateId): what it asks, as a
 * sender sees it, and "Use template", which makes a library loop of it. For the super admin a
 * custom feedback template opens in its builder ("new" builds one); 002 §6.
 */

export interface TemplateDetailData {
  platform: Platform;
  templateType: TemplateType;
  kind: "predefined" | "custom" | "new";
  id: string | null;
  title: string;
  desc: string;
  visibility: FeedbackTemplateVisibility | null;
  blocks: LoopBlock[];
  /** The builder's form value, when the viewer edits this template. */
  form: { title: string; desc: string; visibility?: FeedbackTemplateVisibility; blocks: TemplateBlockForm[] } | null;
}

export function TemplateDetailPage({ data, actionData }: { data: TemplateDetailData; actionData: BuilderActionData }) {
  const words = copy(data.platform);
  const navigation = useNavigation();
  const heading = data.kind === "new" ? words.newTemplateTitle : data.form ? words.editTemplateTitle : data.title;
  return (
    <>
      <PageHeader
        title={heading}
        description={data.kind === "predefined" ? words.predefinedTemplate : data.kind === "custom" ? `${words.customTemplate} · ${visibilityLabel(words, data.visibility ?? "superAdmin")}` : undefined}
        actions={
          <>
            <ButtonLink variant="secondary" to={templateTypePath(data.templateType)}>
              {words.backToTemplates}
            </ButtonLink>
            {data.kind !== "new" ? (
              <Form method="post">
                <input type="hidden" name="intent" value="use" />
                <Button type="submit" disabled={navigation.state !== "idle"}>
                  {words.useTemplate}
                </Button>
              </Form>
            ) : null}
          </>
        }
      />
      {data.form ? (
        <TemplateBuilder
          mode="template"
          formId={`feedback-template-${data.id ?? "new"}`}
          platform={data.platform}
          schema={templateFormSchema(data.platform)}
          defaultValue={data.form}
          actionData={actionData}
          buttons={<SaveButton intent="save">{data.kind === "new" ? words.createTemplate : words.updateTemplate}</SaveButton>}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <p className="text-sm text-slate-700 lg:col-span-1">{data.desc}</p>
          <section aria-labelledby="template-preview" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2">
            <h2 id="template-preview" className="mb-4 text-sm font-semibold uppercase tracking-wide text-slate-500">
              {words.preview}
            </h2>
            <LoopBlocksPreview blocks={data.blocks} words={words} />
          </section>
        </div>
      )}
    </>
  );
}
