import type { FieldMetadata } from "@conform-to/react";
import { FieldError, SelectField, TextField } from "~/ui/form-fields";
import { TEMPLATE_VISIBILITIES, TEMPLATE_VISIBILITY_LABELS, type SurveyBuilderForm } from "../survey.schema";

type Fields = {
  templateId: FieldMetadata<string | undefined, SurveyBuilderForm, string[]>;
  templateTitle: FieldMetadata<string | undefined, SurveyBuilderForm, string[]>;
  templateDesc: FieldMetadata<string | undefined, SurveyBuilderForm, string[]>;
  templateVisibility: FieldMetadata<SurveyBuilderForm["templateVisibility"], SurveyBuilderForm, string[]>;
};

export const TEMPLATE_DIALOG_TITLE = "Create or Update Template";

/**
 * The "Create or Update Template" fields (001 §2, §5, §7): which custom template (a new one, or one
 * of the company's to update), its title, desc and visibility. They belong to the builder form
 * (the `form` attribute), so the dialog, rendered elsewhere in the page, submits with it.
 */
export function TemplateFields({ fields, templates }: { fields: Fields; templates: Array<{ id: string; title: string }> }) {
  const visibility = fields.templateVisibility;
  return (
    <div className="space-y-3">
      <SelectField field={fields.templateId} label="Template">
        <option value="">Create a new template</option>
        {templates.map((t) => (
          <option key={t.id} value={t.id}>
            Update “{t.title}”
          </option>
        ))}
      </SelectField>
      <TextField field={fields.templateTitle} label="Title *" />
      <TextField field={fields.templateDesc} label="Description" multiline />
      <fieldset aria-describedby={visibility.errors ? visibility.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-900">Visible to</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {TEMPLATE_VISIBILITIES.map((v) => (
            <label key={v} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                form={visibility.formId}
                name={visibility.name}
                value={v}
                defaultChecked={(visibility.initialValue ?? "everyone") === v}
                key={`${visibility.key ?? ""}-${v}`}
              />
              {TEMPLATE_VISIBILITY_LABELS[v]}
            </label>
          ))}
        </div>
        <FieldError id={visibility.errorId} errors={visibility.errors} />
      </fieldset>
    </div>
  );
}
