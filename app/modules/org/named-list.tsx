import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { DataTable } from "~/ui/table";

/** What a Roles/Departments action answers on a bad submission. */
export interface NamedListActionData {
  intent?: string;
  id?: string;
  result?: SubmissionResult<string[]>;
}

export interface NamedListLabels {
  /** The name field's label and the column head ("Role", "Department"). */
  noun: string;
  /** The count column ("People", "Members"). */
  countHead: string;
  addLabel: string;
  emptyTitle: string;
  emptyDescription: string;
  removeQuestion: (name: string) => string;
  removeConsequence: (count: number) => string;
}

const INPUT = "block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600";

function NameField({ label, fieldName, defaultValue, lastResult, formId, idField, id, intent, submitLabel }: {
  label: string;
  fieldName: string;
  defaultValue?: string;
  lastResult?: SubmissionResult<string[]>;
  formId: string;
  idField?: string;
  id?: string;
  intent: "create" | "rename";
  submitLabel: string;
}) {
  const [form, fields] = useForm({ id: formId, lastResult, defaultValue: defaultValue ? { [fieldName]: defaultValue } : undefined });
  const field = fields[fieldName];
  // A successful add redirects back here without remounting the form (with JavaScript): empty the
  // field for the next name. A refused one answers with lastResult and keeps what was typed.
  const navigation = useNavigation();
  const ours = navigation.state === "submitting" && navigation.formData?.get("intent") === "create" && intent === "create";
  const submitted = useRef(false);
  useEffect(() => {
    if (ours) submitted.current = true;
    else if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      if (!lastResult) form.reset();
    }
  }, [ours, navigation.state, lastResult, form]);
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-start gap-2">
      <input type="hidden" name="intent" value={intent} />
      {idField && id ? <input type="hidden" name={idField} value={id} /> : null}
      <div className="min-w-56 flex-1">
        <label htmlFor={field.id} className="sr-only">
          {label}
        </label>
        <input {...getInputProps(field, { type: "text" })} placeholder={label} maxLength={100} className={INPUT} />
        {field.errors ? (
          <p id={field.errorId} role="alert" className="mt-1 text-sm text-red-700">
            {field.errors[0]}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass("primary")}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** The Roles and Departments pages: a name/count table with add, rename and remove, all plain forms. */
export function NamedList({ rows, labels, fieldName, idField, actionData, detailHref }: {
  rows: Array<{ id: string; name: string; count: number }>;
  labels: NamedListLabels;
  fieldName: string;
  idField: string;
  actionData?: NamedListActionData;
  detailHref?: (id: string) => string;
}) {
  const resultFor = (intent: string, id?: string) => (actionData?.intent === intent && actionData.id === id ? actionData.result : undefined);
  return (
    <div className="space-y-6">
      <section aria-labelledby="add-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="add-heading" className="mb-3 text-sm font-semibold text-slate-900">
          {labels.addLabel}
        </h2>
        <NameField label={labels.noun} fieldName={fieldName} intent="create" formId="create" lastResult={resultFor("create")} submitLabel={labels.addLabel} />
      </section>
      {rows.length === 0 ? (
        <EmptyState title={labels.emptyTitle} description={labels.emptyDescription} />
      ) : (
        <DataTable
          label={`${labels.noun}s`}
          naming="frame"
          flat
          header="muted"
          density="roomy"
          actions
          columns={[labels.noun, labels.countHead]}
        >
          {rows.map((row) => {
            const renameResult = resultFor("rename", row.id);
            return (
              <tr key={row.id} data-id={row.id}>
                <td className="px-4 py-3 font-medium text-slate-900">
                  {detailHref ? (
                    <Link to={detailHref(row.id)} className="text-indigo-700 hover:underline">
                      {row.name}
                    </Link>
                  ) : (
                    row.name
                  )}
                </td>
                <td className="px-4 py-3 text-slate-700">{row.count}</td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap justify-end gap-2">
                    <details open={Boolean(renameResult)} className="group">
                      <summary className={buttonClass("secondary", "cursor-pointer list-none")}>Rename</summary>
                      <div className="mt-2 w-72">
                        <NameField
                          label={`New name for ${row.name}`}
                          fieldName={fieldName}
                          idField={idField}
                          id={row.id}
                          intent="rename"
                          formId={`rename-${row.id}`}
                          defaultValue={row.name}
                          lastResult={renameResult}
                          submitLabel="Save"
                        />
                      </div>
                    </details>
                    <details>
                      <summary className={buttonClass("ghost", "cursor-pointer list-none text-red-700")}>Remove</summary>
                      <Form method="post" className="mt-2 w-72 rounded-md border border-red-200 bg-red-50 p-3">
                        <p className="text-sm font-medium text-slate-900">{labels.removeQuestion(row.name)}</p>
                        <p className="mt-1 text-sm text-slate-600">{labels.removeConsequence(row.count)}</p>
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name={idField} value={row.id} />
                        <button type="submit" className={buttonClass("danger", "mt-3")}>
                          Remove {row.name}
                        </button>
                      </Form>
                    </details>
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </div>
  );
}
