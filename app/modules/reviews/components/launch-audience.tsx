import { Link } from "@remix-run/react";
import { copy } from "~/lib/copy";
import { Button, buttonClass } from "~/ui/button";
import { FieldRow } from "~/ui/form-fields";
import { HiddenHeader, Table } from "~/ui/table";
import { SAMPLE_FILES } from "../audience";
import { NOMINATION_STATES } from "../campaign-machine";
import { AUDIENCE_PAGE_SIZE } from "../launch.schema";
import { FieldError, input, panel } from "./launch-fields";
import type { LaunchPage as LoaderData, LaunchFields as Fields, LaunchField as FieldMeta } from "./launch-types";

/** The Launch Review form's Audience and Nomination Audience sections (000 §2 "Launch review audience"). */

function MembersList({ page }: { page: LoaderData }) {
  return (
    <datalist id="audience-members">
      {page.members.map((m) => (
        <option key={m.id} value={m.email}>
          {m.name}
        </option>
      ))}
    </datalist>
  );
}

function ModeSwitch({ name, prefix }: { name: string; prefix: string }) {
  return (
    <fieldset className="flex gap-4 text-sm">
      <legend className="sr-only">Mode</legend>
      <label className="flex items-center gap-2">
        <input type="radio" name={name} value="select" id={`${prefix}-select`} defaultChecked /> Select
      </label>
      <label className="flex items-center gap-2">
        <input type="radio" name={name} value="upload" id={`${prefix}-upload`} /> Upload
      </label>
    </fieldset>
  );
}

export function AudienceSection({ page, fields, channelName }: { page: LoaderData; fields: Fields; channelName: string | null }) {
  const words = copy(page.platform);
  const pages = Math.max(1, Math.ceil(page.pairs.total / AUDIENCE_PAGE_SIZE));
  return (
    <details open id="audience" className={`${panel} group/aud`}>
      <summary className="cursor-pointer text-base font-semibold text-slate-900">Audience ({page.pairs.total} pairs)</summary>
      <MembersList page={page} />
      <div className="mt-4 space-y-4">
        <fieldset className="text-sm">
          <legend className="font-medium text-slate-800">Audience filter</legend>
          <div className="mt-2 flex gap-6">
            <label className="flex items-center gap-2">
              <input type="radio" name={fields.audienceFilter.name} value="all" defaultChecked={page.values.audienceFilter === "all"} /> All
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name={fields.audienceFilter.name}
                value="departments"
                defaultChecked={page.values.audienceFilter === "departments"}
              />{" "}
              Department
            </label>
          </div>
          <div className="mt-2 hidden flex-wrap gap-x-4 gap-y-1 group-has-[input[name=audienceFilter][value=departments]:checked]/aud:flex">
            {page.departments.map((d) => (
              <label key={d.id} className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  name={fields.departments.name}
                  value={d.id}
                  defaultChecked={page.values.departments.includes(d.id)}
                />
                {d.name}
              </label>
            ))}
          </div>
        </fieldset>
        {!channelName ? (
          <p className="text-sm text-slate-600">
            Choose a {words.workspace.toLowerCase()} and save to build the audience from its members.
          </p>
        ) : null}
        <ModeSwitch name="audienceMode" prefix="audience-mode" />
        <div className="space-y-3 group-has-[#audience-mode-upload:checked]/aud:hidden">
          <div className="flex flex-wrap gap-2">
            {(
              [
                ["auto", "Auto"],
                ["managerUpward", "Manager Upward"],
                ["managerDownward", "Manager Downward"],
                ["selfReview", "Self Review"],
              ] as const
            ).map(([value, label]) => (
              <Button key={value} type="submit" name="intent" value={value} variant="secondary" formNoValidate>
                {label}
              </Button>
            ))}
            <Button type="submit" name="intent" value="clearPairs" variant="ghost" formNoValidate>
              Clear All
            </Button>
          </div>
          <FieldRow errors={[errorOf(fields.reviewee), errorOf(fields.reviewer)]}>
            <PersonInput name="reviewee" label="Reviewee" field={fields.reviewee} />
            <PersonInput name="reviewer" label="Reviewer" field={fields.reviewer} />
            <Button type="submit" name="intent" value="addPair" variant="secondary" formNoValidate>
              Add Pair
            </Button>
          </FieldRow>
        </div>
        <div className="hidden space-y-2 group-has-[#audience-mode-upload:checked]/aud:block">
          <label htmlFor="pairsFile" className="text-sm font-medium text-slate-800">
            Reviewee–reviewer pairs (.csv, .xlsx or .xls)
          </label>
          <input
            id="pairsFile"
            name="pairsFile"
            type="file"
            accept=".csv,.xlsx,.xls"
            className="block text-sm"
            aria-invalid={fields.pairsFile.errors ? true : undefined}
            aria-describedby={fields.pairsFile.errors ? fields.pairsFile.errorId : undefined}
          />
          <FieldError id={fields.pairsFile.errorId} errors={fields.pairsFile.errors} />
          <div className="flex gap-3">
            <Button type="submit" name="intent" value="uploadPairs" variant="secondary" formNoValidate>
              Upload
            </Button>
            <a href={SAMPLE_FILES.pairs} download className={buttonClass("ghost")}>
              Download sample file
            </a>
          </div>
        </div>
        {page.pairs.total === 0 ? (
          <p className="text-sm text-slate-600">No pairs yet.</p>
        ) : (
          <Table
            label="Audience pairs"
            className="min-w-full divide-y divide-slate-200 text-sm"
            header="dialog"
            columnClassName="py-2 pr-3 font-semibold"
            columns={["Reviewee", "Reviewer"]}
            actions
            actionsClassName="py-2"
            bodyClassName="divide-y divide-slate-100"
          >
              {page.pairs.rows.map((p) => (
                <tr key={p.id}>
                  <td className="py-2 pr-3">{p.reviewee}</td>
                  <td className="py-2 pr-3">{p.reviewer}</td>
                  <td className="py-2 text-right">
                    <button
                      type="submit"
                      name="intent"
                      value={`removePair:${p.id}`}
                      formNoValidate
                      className={buttonClass("ghost")}
                      aria-label={`Remove ${p.reviewer} reviewing ${p.reviewee}`}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
          </Table>
        )}
        {pages > 1 ? (
          <nav aria-label="Audience pages" className="flex items-center gap-3 text-sm">
            {page.pairs.page > 1 ? <Link to={`?pairsPage=${page.pairs.page - 1}#audience`}>Previous</Link> : null}
            <span>
              Page {page.pairs.page} of {pages}
            </span>
            {page.pairs.page < pages ? <Link to={`?pairsPage=${page.pairs.page + 1}#audience`}>Next</Link> : null}
          </nav>
        ) : null}
      </div>
    </details>
  );
}

function PersonInput({ name, label, field }: { name: string; label: string; field: FieldMeta }) {
  return (
    <div>
      <label htmlFor={`person-${name}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`person-${name}`}
        name={name}
        type="email"
        list="audience-members"
        placeholder="name@company.com"
        autoComplete="off"
        className={input}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={field.errors ? field.errorId : undefined}
      />
    </div>
  );
}

/** A person field's error, shown under its row (FieldRow). */
const errorOf = (field: FieldMeta) => ({ id: field.errorId, errors: field.errors });

export function NominationSection({ page, fields }: { page: LoaderData; fields: Fields }) {
  const started = page.nominationStarted;
  return (
    <details open={page.nominationAudience > 0 || started} id="nominations" className={`${panel} group/nom`}>
      <summary className="cursor-pointer text-base font-semibold text-slate-900">
        Nomination Audience ({started ? `${page.nominations.length} participants` : `${page.nominationAudience} people`})
      </summary>
      <p className="mt-2 text-sm text-slate-600">
        People in the nomination audience choose their own reviewers; their managers approve the choices.
      </p>
      <div className="mt-4 space-y-4">
        {started ? (
          <Participants page={page} />
        ) : (
          <>
            <ModeSwitch name="nominationMode" prefix="nomination-mode" />
            <FieldRow errors={[errorOf(fields.nominee)]} className="group-has-[#nomination-mode-upload:checked]/nom:hidden">
              <PersonInput name="nominee" label="Reviewee" field={fields.nominee} />
              <Button type="submit" name="intent" value="addNominee" variant="secondary" formNoValidate>
                Add
              </Button>
            </FieldRow>
            <div className="hidden space-y-2 group-has-[#nomination-mode-upload:checked]/nom:block">
              <label htmlFor="nomineesFile" className="text-sm font-medium text-slate-800">
                Reviewees to nominate (.csv, .xlsx or .xls)
              </label>
              <input
                id="nomineesFile"
                name="nomineesFile"
                type="file"
                accept=".csv,.xlsx,.xls"
                className="block text-sm"
                aria-invalid={fields.nomineesFile.errors ? true : undefined}
                aria-describedby={fields.nomineesFile.errors ? fields.nomineesFile.errorId : undefined}
              />
              <FieldError id={fields.nomineesFile.errorId} errors={fields.nomineesFile.errors} />
              <div className="flex gap-3">
                <Button type="submit" name="intent" value="uploadNominees" variant="secondary" formNoValidate>
                  Upload
                </Button>
                <a href={SAMPLE_FILES.nominees} download className={buttonClass("ghost")}>
                  Download sample file
                </a>
              </div>
            </div>
            <NomineeSearch />
            {page.nominees.length === 0 ? (
              <p className="text-sm text-slate-600">No one in the nomination audience.</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm" aria-label="Nomination audience">
                {page.nominees.map((n) => (
                  <li key={n.id} className="flex items-center justify-between gap-3 py-2">
                    <label className="flex items-center gap-2">
                      <input type="checkbox" name="selectedNominees" value={n.id} />
                      {n.name} <span className="text-slate-500">{n.email}</span>
                      {n.hasManager ? null : (
                        <span className="status-badge" data-status="warning">
                          No manager
                        </span>
                      )}
                    </label>
                    <button
                      type="submit"
                      name="intent"
                      value={`removeNominee:${n.id}`}
                      formNoValidate
                      className={buttonClass("ghost")}
                      aria-label={`Remove ${n.name}`}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                type="submit"
                name="intent"
                value="removeNominees"
                variant="secondary"
                formNoValidate
                disabled={page.nominees.length === 0}
              >
                Remove selected
              </Button>
              <Button
                type="submit"
                name="intent"
                value="clearNominees"
                variant="ghost"
                formNoValidate
                disabled={page.nominationAudience === 0}
              >
                Clear All
              </Button>
              <Button type="submit" name="intent" value="startNominations" formNoValidate disabled={page.nominationAudience === 0}>
                Start Nomination
              </Button>
            </div>
          </>
        )}
      </div>
    </details>
  );
}

/** A search of the nomination lists: a GET link form would leave the launch form, so it is a plain query link. */
function NomineeSearch() {
  return (
    <div className="flex items-end gap-2">
      <div>
        <label htmlFor="nominee-search" className="text-sm font-medium text-slate-800">
          Search
        </label>
        <input id="nominee-search" name="nq" type="search" form="nominee-search-form" className={input} placeholder="Name or e-mail" />
      </div>
      <button type="submit" form="nominee-search-form" className={buttonClass("secondary")}>
        Search
      </button>
    </div>
  );
}

/** Once nominations have started, the participants replace the audience editor (000 §2). */
function Participants({ page }: { page: LoaderData }) {
  const counts = NOMINATION_STATES.map((state) => [state, page.nominations.filter((n) => n.state === state).length] as const).filter(
    ([, n]) => n > 0
  );
  return (
    <>
      <p className="text-sm text-slate-700">
        Nominations started: {counts.map(([state, n]) => `${n} ${state}`).join(", ") || "no participants"}.
      </p>
      <NomineeSearch />
      <Table
        label="Participants"
        className="min-w-full divide-y divide-slate-200 text-sm"
        header="dialog"
        columnClassName="py-2 pr-3 font-semibold"
        columns={[
          <HiddenHeader key="select" label="Select" className="py-2 pr-3" />,
          "Reviewee",
          "Nomination",
        ]}
        bodyClassName="divide-y divide-slate-100"
      >
          {page.nominations.map((n) => (
            <tr key={n.revieweeId}>
              <td className="py-2 pr-3">
                <input
                  type="checkbox"
                  name="selectedNominees"
                  value={n.revieweeId}
                  aria-label={`Select ${n.name}`}
                  disabled={n.state !== "open"}
                />
              </td>
              <td className="py-2 pr-3">
                {n.name} <span className="text-slate-500">{n.email}</span>
              </td>
              <td className="py-2 pr-3 capitalize">{n.state}</td>
            </tr>
          ))}
      </Table>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="cancelNominees" variant="secondary" formNoValidate>
          Cancel selected nominations
        </Button>
        <Button type="submit" name="intent" value="cancelNominations" variant="danger" formNoValidate>
          Cancel Nominations
        </Button>
      </div>
    </>
  );
}
