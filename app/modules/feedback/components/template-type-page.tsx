import { Form, useNavigation } from "@remix-run/react";
import { copy, type Copy } from "~/lib/copy";
import type { FeedbackTemplateVisibility } from "~/modules/access/feedback-templates";
import type { Platform } from "~/modules/blocks/convert";
import { Button, ButtonLink, buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { DataTable } from "~/ui/table";
import { TEMPLATE_TYPE_LABELS, type TemplateType } from "../loop-types";
import type { TemplateSummary } from "../templates.server";
import { NEW_TEMPLATE_ID, TEMPLATE_TYPES_PATH, templatePath } from "../template.schema";

/**
 * The templates of one type (002 §7 "predefined and custom feedback templates"): the predefined
 * ones, the company's custom ones the viewer may see, and for feedback loops a start from scratch
 * (§7 "create from template or scratch"). Using one makes a library loop and opens it. A super
 * admin creates custom feedback templates here (§6).
 */

export interface TemplateTypePageData {
  platform: Platform;
  templateType: TemplateType;
  predefined: Array<{ id: string; title: string; desc: string; questions: number }>;
  custom: TemplateSummary[];
  canCreate: boolean;
}

export function visibilityLabel(words: Copy, visibility: FeedbackTemplateVisibility) {
  return visibility === "everyone" ? words.visibilityEveryone : visibility === "admins" ? words.visibilityAdmins(words.workspace) : words.visibilitySuperAdmin;
}

/** A plain POST that makes a library loop from a template: works without JavaScript. */
function UseTemplateForm({ templateId, title, words }: { templateId: string; title: string; words: Copy }) {
  const navigation = useNavigation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="use" />
      <input type="hidden" name="templateId" value={templateId} />
      <Button type="submit" disabled={navigation.state !== "idle"} aria-label={`${words.useTemplate}: ${title}`}>
        {words.useTemplate}
      </Button>
    </Form>
  );
}

export function TemplateTypePage({ data }: { data: TemplateTypePageData }) {
  const words = copy(data.platform);
  const type = data.templateType;
  return (
    <>
      <PageHeader
        title={`${TEMPLATE_TYPE_LABELS[type]} templates`}
        actions={
          <>
            <ButtonLink variant="secondary" to={TEMPLATE_TYPES_PATH}>
              {words.backToTemplates}
            </ButtonLink>
            {data.canCreate ? <ButtonLink to={templatePath(type, NEW_TEMPLATE_ID)}>{words.createCustomTemplate}</ButtonLink> : null}
          </>
        }
      />
      <section aria-labelledby="predefined-templates" className="mb-8">
        <h2 id="predefined-templates" className="mb-3 text-lg font-semibold text-slate-900">
          {words.predefinedTemplates}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {type === "feedback" ? (
            <li className="flex flex-col rounded-lg border border-dashed border-slate-300 bg-white p-4" data-scratch>
              <span className="font-semibold text-slate-900">{words.startFromScratch}</span>
              <span className="mt-1 flex-1 text-sm text-slate-600">{words.startFromScratchHint}</span>
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="scratch" />
                <button type="submit" className={buttonClass("secondary")}>
                  {words.startFromScratch}
                </button>
              </Form>
            </li>
          ) : null}
          {data.predefined.map((t) => (
            <li key={t.id} className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-predefined-template={t.id}>
              <span className="font-semibold text-slate-900">{t.title}</span>
              <span className="mt-1 flex-1 text-sm text-slate-600">{t.desc}</span>
              <span className="mt-2 text-xs font-medium text-slate-500">{words.questionCount(t.questions)}</span>
              <div className="mt-3 flex gap-2">
                <UseTemplateForm templateId={t.id} title={t.title} words={words} />
                <a href={templatePath(type, t.id)} className={buttonClass("ghost")} aria-label={`${words.viewTemplate} ${t.title}`}>
                  {words.viewTemplate}
                </a>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="custom-templates">
        <h2 id="custom-templates" className="mb-3 text-lg font-semibold text-slate-900">
          {words.customTemplates}
        </h2>
        {data.custom.length === 0 ? (
          <EmptyState icon="workflows" title={words.noCustomTemplates} />
        ) : (
          <DataTable label={words.customTemplates} columns={["Name", words.visibleToLegend, words.libraryColumnCreatedBy]} actions>
            {data.custom.map((t) => (
              <tr key={t.id} data-custom-template={t.id}>
                <td className="px-3 py-2">
                  <a href={templatePath(type, t.id)} className="font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                    {t.title}
                  </a>
                  {t.desc ? <p className="text-xs text-slate-500">{t.desc}</p> : null}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-slate-600">{visibilityLabel(words, t.visibility)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-slate-600">{t.createdBy ?? "—"}</td>
                <td className="px-3 py-2">
                  <div className="flex justify-end">
                    <UseTemplateForm templateId={t.id} title={t.title} words={words} />
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
