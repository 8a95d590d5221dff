import { SelectField, type Field } from "~/ui/form-fields";
import { SCALE_FAMILIES, SCALE_LABELS } from "../scales";

/** The "Answer scale" select of a choice question, in the questionnaire and the survey builder alike. */
export function AnswerScaleField({ field }: { field: Field<string | undefined> }) {
  return (
    <SelectField field={field} label="Answer scale">
      {SCALE_FAMILIES.map((family) => (
        <option key={family} value={family}>
          {SCALE_LABELS[family]}
        </option>
      ))}
    </SelectField>
  );
}
