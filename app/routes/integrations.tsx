import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePermission } from "~/modules/auth/session.server";
import { CreateIntegrationSchema, INTEGRATION_LABELS, INTEGRATION_TYPES, IntegrationActionSchema } from "~/modules/integrations/integrations.schema";
import { createIntegration, listIntegrations, requestSync } from "~/modules/integrations/integrations.server";
import { hasPermission } from "~/lib/permissions/names";
import { SlackInstallations } from "~/modules/slack/components/slack-installations";
import { listInstallations } from "~/modules/slack/installations.server";
import { buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { PageHeader } from "~/ui/page-header";
import { DataTable, DENSITY } from "~/ui/table";

/** /integrations (ViewIntegrationsListPage): the company's HR systems, a create form and "Sync now". */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewIntegrationsListPage");
  const rows = await listIntegrations(context, viewer.company.id);
  const slackApp = hasPermission(viewer.permissions, "ViewWorkspaces") ? await listInstallations(context.db, viewer.company.id) : null;
  return {
    slackInstallations: slackApp?.map((r) => ({ ...r, installedAt: r.installedAt.toISOString(), revokedAt: r.revokedAt?.toISOString() ?? null })) ?? null,
    integrations: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      lastSyncedAt: r.lastSyncedAt?.toISOString() ?? null,
      lastRun: r.lastRun ? { ...r.lastRun, createdAt: r.lastRun.createdAt.toISOString() } : null,
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requirePermission(request, context, "ViewIntegrationsListPage");
  const submission = parseWithZod(await request.formData(), { schema: IntegrationActionSchema });
  if (submission.status !== "success") {
    // A refused form is answered with what was typed, for correcting: never the key (a secret).
    return data({ result: submission.reply({ hideFields: ["apiKey"] }) }, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "create") {
    await createIntegration(context, viewer, value);
    return redirectWithToast("/integrations", { type: "success", message: `${INTEGRATION_LABELS[value.type]} integration saved.` }, { request });
  }
  const run = await requestSync(context, viewer, value.integrationId);
  if (!run) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(
    "/integrations",
    { type: "success", message: "Sync started. You will be notified when it finishes." },
    { request },
  );
}

export const meta = pageMeta;

const dateTime = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16).replace("T", " ") + " UTC" : "Never");
const field = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid]:border-red-500";

export default function IntegrationsPage() {
  const { integrations, slackInstallations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const [form, fields] = useForm({
    id: "create-integration",
    lastResult: actionData?.result,
    constraint: getZodConstraint(CreateIntegrationSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateIntegrationSchema }),
    shouldValidate: "onBlur",
    // A corrected field's error goes while typing, not on the blur of a click on the button below it.
    shouldRevalidate: "onInput",
  });
  const error = (f: { errors?: string[]; errorId: string }) =>
    f.errors ? (
      <p id={f.errorId} className="mt-1 text-sm text-red-600">
        {f.errors.join(" ")}
      </p>
    ) : null;

  return (
    <>
      <PageHeader title="Integrations" description="HR systems your people, departments and managers are synced from." />
      {slackInstallations ? <SlackInstallations installations={slackInstallations} /> : null}
      {integrations.length === 0 ? (
        <EmptyState icon="alert" title="No integrations yet" description="Add your HR system below to sync people from it." />
      ) : (
        <DataTable
          label="Integrations"
          naming="frame"
          flat
          header="muted"
          density="wide"
          columnClassName={`${DENSITY.wide} font-medium`}
          actions
          columns={["Type", "Domain", "API key", "Created", "Last synced", "Last sync"]}
        >
          {integrations.map((row) => (
            <tr key={row.id}>
              <td className="px-4 py-2 font-medium text-slate-900">{INTEGRATION_LABELS[row.type]}</td>
              <td className="px-4 py-2">{row.domain}</td>
              <td className="px-4 py-2 text-slate-500">•••• saved</td>
              <td className="px-4 py-2">{dateTime(row.createdAt)}</td>
              <td className="px-4 py-2">{dateTime(row.lastSyncedAt)}</td>
              <td className="px-4 py-2" data-testid="last-run">
                {row.lastRun ? (
                  row.lastRun.status === "succeeded" ? (
                    <span>
                      Succeeded: created {row.lastRun.created} · updated {row.lastRun.updated} · deactivated {row.lastRun.deactivated}
                    </span>
                  ) : row.lastRun.status === "failed" ? (
                    <span className="text-red-700">Failed: {row.lastRun.error}</span>
                  ) : (
                    <span>{row.lastRun.status === "queued" ? "Queued" : "Running"}</span>
                  )
                ) : (
                  "Not synced yet"
                )}
              </td>
              <td className="px-4 py-2 text-right">
                <Form method="post">
                  <input type="hidden" name="intent" value="sync" />
                  <input type="hidden" name="integrationId" value={row.id} />
                  <button type="submit" className={buttonClass("secondary")}>
                    Sync now
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      <section aria-labelledby="create-integration-title" className="mt-8 max-w-lg rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="create-integration-title" className="text-base font-semibold text-slate-900">
          Add an integration
        </h2>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="create" />
          <div>
            <label htmlFor={fields.type.id} className="block text-sm font-medium text-slate-700">Type</label>
            <select {...getSelectProps(fields.type)} className={field}>
              {INTEGRATION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {INTEGRATION_LABELS[t]}
                </option>
              ))}
            </select>
            {error(fields.type)}
          </div>
          <div>
            <label htmlFor={fields.domain.id} className="block text-sm font-medium text-slate-700">Domain</label>
            <input {...getInputProps(fields.domain, { type: "text" })} placeholder="BambooHR subdomain (acme) or HiBob company id" className={field} />
            {error(fields.domain)}
          </div>
          <div>
            <label htmlFor={fields.apiKey.id} className="block text-sm font-medium text-slate-700">API key</label>
            <input {...getInputProps(fields.apiKey, { type: "password" })} autoComplete="off" className={field} />
            <p className="mt-1 text-xs text-slate-500">Stored encrypted and never shown again.</p>
            {error(fields.apiKey)}
          </div>
          <button type="submit" className={buttonClass("primary")}>
            Add integration
          </button>
        </Form>
      </section>
    </>
  );
}
