import { Form, Link, useNavigate } from "@remix-run/react";
import { Button, buttonClass } from "~/ui/button";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { Modal } from "~/ui/dialog";
import { HeaderCell, Table } from "~/ui/table";
import type { RejectedRow } from "../campaign-commands";
import { draftPath } from "../launch.schema";
import type { LaunchPage as LoaderData } from "./launch-types";

/** The Launch Review form's second steps (launch, start or cancel nominations) and the invalid-rows dialog (000 §2). */

export const nominationConfirmText = (n: number) => `You are about to launch nomination to ${n} people, please confirm.`;
export const WITHOUT_MANAGERS =
  "The following users do not have managers assigned in the system. Are you sure to launch the nomination process?";

type ConfirmData = NonNullable<LoaderData["confirm"]>;

/** The second step of launching or of starting or cancelling nominations: a dialog with JavaScript, in place without. */
export function ConfirmStep({ confirm, id, hydrated }: { confirm: ConfirmData; id: string; hydrated: boolean }) {
  const navigate = useNavigate();
  const here = draftPath(id);
  const { title, body, label, intent } =
    confirm.kind === "launch"
      ? {
          title: confirm.scheduled ? "Schedule Review?" : "Launch Review?",
          body: confirm.scheduled
            ? "The review starts at its start date; reviewers are notified then."
            : "The review goes live now and every reviewer is notified.",
          label: confirm.scheduled ? "Schedule Review" : "Launch Review",
          intent: "confirmLaunch",
        }
      : confirm.kind === "nominations"
      ? {
          title: "Start Nomination?",
          body: nominationConfirmText(confirm.nominees),
          label: "Start Nomination",
          intent: "confirmNominations",
        }
      : {
          title: "Cancel Nominations?",
          body: "Open nominations are cancelled and the nomination audience can be edited again.",
          label: "Cancel Nominations",
          intent: "confirmCancelNominations",
        };
  const details = (
    <>
      <p>{body}</p>
      {confirm.withoutManagers.length > 0 ? (
        <div role="alert" className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-900">
          <p>{WITHOUT_MANAGERS}</p>
          <ul className="mt-2 list-disc pl-5">
            {confirm.withoutManagers.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
  const fields = { intent, requestId: confirm.requestId };
  if (!hydrated) {
    return (
      <ConfirmPanel
        id="confirm"
        title={title}
        fields={fields}
        cancelTo={here}
        confirmLabel={label}
        tone={confirm.kind === "cancelNominations" ? "danger" : "warning"}
      >
        {details}
      </ConfirmPanel>
    );
  }
  return (
    <Modal open onClose={() => navigate(here, { replace: true, preventScrollReset: true })} title={title}>
      <div className="mt-3 text-sm text-slate-700">{details}</div>
      <Form method="post" className="mt-5 flex justify-end gap-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link to={here} replace preventScrollReset className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" variant={confirm.kind === "cancelNominations" ? "danger" : "primary"} autoFocus>
          {label}
        </Button>
      </Form>
    </Modal>
  );
}

/** 000 §2 "Invalid-pairs dialog": the rows of an upload that were not added. */
export function InvalidRows({
  rows,
  kind,
  id,
  hydrated,
}: {
  rows: RejectedRow[];
  kind: "pairs" | "nominees";
  id: string;
  hydrated: boolean;
}) {
  const navigate = useNavigate();
  const here = `${draftPath(id)}#${kind === "pairs" ? "audience" : "nominations"}`;
  const n = rows.length;
  const title =
    kind === "pairs"
      ? n === 1
        ? "1 pair was not added"
        : `${n} pairs were not added`
      : n === 1
      ? "1 person was not added"
      : `${n} people were not added`;
  const table = (
    <div className="mt-3 max-h-80 overflow-y-auto">
      <Table
        label="Rows not added"
        className="min-w-full divide-y divide-slate-200 text-sm"
        header="dialog"
        columnClassName="py-1 pr-3 font-semibold"
        columns={[
          "Row",
          ...(kind === "pairs" ? ["Reviewee", "Reviewer"] : ["Reviewee"]),
          <HeaderCell key="reason" className="py-1 font-semibold">
            Reason
          </HeaderCell>,
        ]}
        bodyClassName="divide-y divide-slate-100"
      >
          {rows.map((r, i) => (
            <tr key={i}>
              <td className="py-1 pr-3">{r.row}</td>
              {kind === "pairs" ? (
                <>
                  <td className="py-1 pr-3">{r.reviewee || "—"}</td>
                  <td className="py-1 pr-3">{r.reviewer || "—"}</td>
                </>
              ) : (
                <td className="py-1 pr-3">{r.email || "—"}</td>
              )}
              <td className="py-1">{r.reason}</td>
            </tr>
          ))}
      </Table>
    </div>
  );
  if (!hydrated) {
    return (
      <section role="alertdialog" aria-labelledby="invalid-title" className="mb-6 rounded-lg border border-amber-200 bg-amber-50 p-5">
        <h2 id="invalid-title" className="text-base font-semibold">
          {title}
        </h2>
        {table}
        <Link to={here} className={`${buttonClass("secondary")} mt-4`}>
          Close
        </Link>
      </section>
    );
  }
  return (
    <Modal
      open
      size="lg"
      onClose={() => navigate(here, { replace: true, preventScrollReset: true })}
      title={title}
      description="Everyone else in the file was added."
    >
      {table}
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={() => navigate(here, { replace: true, preventScrollReset: true })} autoFocus>
          Close
        </Button>
      </div>
    </Modal>
  );
}
