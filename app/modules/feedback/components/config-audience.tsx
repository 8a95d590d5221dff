import { useEffect, useState } from "react";
import { copy, sharedCopy } from "~/lib/copy";
import { peopleSearchUrl } from "~/modules/people/search";
import { buttonClass } from "~/ui/button";
import { Modal } from "~/ui/dialog";
import { PeoplePicker } from "~/ui/people-picker";
import { pairValue } from "../config.schema";
import { MAX_360_AUDIENCE } from "../pairs";
import { FEEDBACK_FOR } from "../loop-types";
import {
  control,
  FieldErrorText,
  many,
  RadioList,
  SectionForm,
  sentValues,
  useSection,
  type SectionProps,
} from "./config-section";

/** Audience (users, channels, groups, workspace, or an uploaded file of pairs) and Feedback-For (002 §2.4). */

const SEARCH = peopleSearchUrl("loop-people");

export function AudienceSection(props: SectionProps) {
  const { page, reply } = props;
  const section = useSection("audience", props);
  const { fields, form, hydrated } = section;
  const words = copy(page.platform);
  const sent = sentValues(form.initialValue);
  const type = sent ? String(sent.audienceType ?? "") : page.saved.audienceType === "upload" ? "" : page.saved.audienceType ?? "";
  const chosenOf = (kind: string) => (sent ? many(sent[kind]) : page.saved.audienceType === kind ? page.saved.audienceIds : []);
  const search = reply?.search?.queryName === "usersQuery" ? reply.search : null;
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!pending) return;
    setPending(false);
    section.save();
  }, [pending]); // eslint-disable-line react-hooks/exhaustive-deps
  const kinds =
    page.platform === "slack"
      ? [
          { value: "users", label: "Users", hint: "Chosen people" },
          { value: "channels", label: words.channels, hint: "Members of chosen channels" },
          { value: "workspace", label: words.workspace, hint: `Everyone in a ${words.workspace.toLowerCase()}` },
        ]
      : [
          { value: "users", label: "Users", hint: "Chosen people" },
          { value: "groups", label: words.workspaces, hint: "Members of chosen groups" },
        ];
  const summary =
    page.saved.audienceType === "upload"
      ? `Uploaded sender-receiver pairs: ${page.saved.pairs.length}. ${page.audienceCount} people take part.`
      : page.saved.audienceType
      ? `${page.audienceCount} ${page.audienceCount === 1 ? "person is" : "people are"} in the audience.`
      : "No audience chosen yet.";
  return (
    <>
      <SectionForm
        section={section}
        title="Audience"
        description={<span data-audience-count={page.audienceCount}>{summary}</span>}
        groupClass="group/audience"
        onChange={(event) => {
          const target = event.target as HTMLInputElement;
          // Choosing a kind waits for its selection; the workspace kind has one already.
          if (target.name === "audienceType" && target.value !== "workspace") return;
          if (target.name === "usersQuery") return;
          section.save();
        }}
        extraButtons={
          <button type="submit" name="intent" value="clearAudience" formNoValidate className={buttonClass("ghost")}>
            Clear
          </button>
        }
      >
        <RadioList
          key={page.saved.audienceType ?? ""}
          name={fields.audienceType.name}
          legend="Who takes part"
          options={kinds}
          checked={type}
          errors={fields.audienceType.errors}
          errorId={fields.audienceType.errorId}
          columns
        />
        <div className="hidden group-has-[input[name=audienceType][value=users]:checked]/audience:block">
          <PeoplePicker
            label="Users"
            name="users"
            multiple
            searchUrl={SEARCH}
            chosen={search ? search.chosen : sent ? page.saved.audienceUsers.filter((p) => chosenOf("users").includes(p.id)) : page.saved.audienceUsers}
            queryName="usersQuery"
            query={search?.query}
            matches={search?.matches ?? null}
            onChosenChange={() => setPending(true)}
          />
          <FieldErrorText id={fields.users.errorId} errors={fields.users.errors} />
        </div>
        {page.platform === "slack" ? (
          <>
            <fieldset className="hidden group-has-[input[name=audienceType][value=channels]:checked]/audience:block">
              <legend className="text-sm font-medium text-slate-800">{words.channels}</legend>
              <div className="mt-2 grid gap-1 sm:grid-cols-2">
                {page.channels.map((c) => (
                  <label key={c.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="channels" value={c.id} defaultChecked={chosenOf("channels").includes(c.id)} />#{c.name}
                    {c.isPrivate ? " (private)" : ""}
                  </label>
                ))}
              </div>
              <FieldErrorText id={fields.channels.errorId} errors={fields.channels.errors} />
            </fieldset>
            <div className="hidden group-has-[input[name=audienceType][value=workspace]:checked]/audience:block">
              <label htmlFor={fields.workspaceId.id} className="text-sm font-medium text-slate-800">
                {words.workspace}
              </label>
              <select
                id={fields.workspaceId.id}
                name="workspaceId"
                defaultValue={sent ? String(sent.workspaceId ?? "") : page.saved.workspaceId ?? page.workspaces[0]?.id ?? ""}
                className={control}
              >
                {page.workspaces.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.name}
                  </option>
                ))}
              </select>
              <FieldErrorText id={fields.workspaceId.errorId} errors={fields.workspaceId.errors} />
            </div>
          </>
        ) : (
          <fieldset className="hidden group-has-[input[name=audienceType][value=groups]:checked]/audience:block">
            <legend className="text-sm font-medium text-slate-800">{words.workspaces}</legend>
            <div className="mt-2 grid gap-1 sm:grid-cols-2">
              {page.groups.map((g) => (
                <label key={g.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="groups" value={g.id} defaultChecked={chosenOf("groups").includes(g.id)} />
                  {g.name}
                </label>
              ))}
            </div>
            <FieldErrorText id={fields.groups.errorId} errors={fields.groups.errors} />
          </fieldset>
        )}
      </SectionForm>
      <UploadSection {...props} />
    </>
  );
}

/** 002 §2.4 audience upload: a csv, xlsx or xls of sender and receiver e-mails. */
function UploadSection(props: SectionProps) {
  const section = useSection("upload", props);
  const answer = section.fetcher.data ?? (props.reply?.intent === "upload" ? props.reply : undefined);
  const unverified = answer?.unverified ?? [];
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (section.fetcher.state === "idle" && section.fetcher.data?.unverified?.length) setOpen(true);
  }, [section.fetcher.state, section.fetcher.data]);
  const message = section.fetcher.state === "idle" ? answer?.uploadMessage : undefined;
  return (
    <SectionForm
      section={section}
      title="Upload sender-receiver pairs"
      description="A file (at most 2 MB) with a sender's and a receiver's e-mail on each row. Its pairs become the audience, for Manually define."
      encType="multipart/form-data"
      saveLabel="Upload"
      onChange={() => section.save()}
    >
      <div>
        <label htmlFor="pairs-file" className="text-sm font-medium text-slate-800">
          File (.csv, .xlsx or .xls)
        </label>
        <input id="pairs-file" type="file" name="file" accept=".csv,.xlsx,.xls" className={control} aria-describedby="pairs-file-message" />
        {message ? (
          <p id="pairs-file-message" role={answer?.uploadOk ? "status" : "alert"} className={`mt-1 text-sm ${answer?.uploadOk ? "text-emerald-800" : "text-red-700"}`}>
            {message}
          </p>
        ) : null}
      </div>
      {unverified.length > 0 ? (
        section.hydrated ? (
          <>
            <button type="button" className={buttonClass("ghost")} onClick={() => setOpen(true)}>
              Show {unverified.length} {unverified.length === 1 ? "pair" : "pairs"} not added
            </button>
            <Modal open={open} onClose={() => setOpen(false)} title={sharedCopy.loopPairsNotAdded} description={sharedCopy.loopNotAddedReason} size="lg">
              <UnverifiedTable rows={unverified} />
              <div className="mt-4 flex justify-end">
                <button type="button" className={buttonClass("primary")} onClick={() => setOpen(false)} autoFocus>
                  {sharedCopy.close}
                </button>
              </div>
            </Modal>
          </>
        ) : (
          <div role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3">
            <p className="text-sm font-semibold text-slate-900">{sharedCopy.loopPairsNotAdded}</p>
            <p className="text-sm text-slate-700">{sharedCopy.loopNotAddedReason}</p>
            <UnverifiedTable rows={unverified} />
          </div>
        )
      ) : null}
    </SectionForm>
  );
}

function UnverifiedTable({ rows }: { rows: Array<{ sender: string; receiver: string; senderOk?: boolean; receiverOk?: boolean }> }) {
  const cell = (email: string, ok: boolean | undefined) =>
    ok ? (
      email
    ) : (
      <>
        {email || "(empty)"} <span className="text-xs font-medium text-red-700">not added</span>
      </>
    );
  return (
    <table className="mt-3 w-full text-left text-sm" data-unverified-pairs>
      <thead>
        <tr className="border-b border-slate-200">
          <th scope="col" className="py-1 pr-3 font-semibold">
            {sharedCopy.feedbackSenders}
          </th>
          <th scope="col" className="py-1 font-semibold">
            {sharedCopy.feedbackReceivers}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.sender}|${r.receiver}`} className="border-b border-slate-100">
            <td className="py-1 pr-3">{cell(r.sender, r.senderOk)}</td>
            <td className="py-1">{cell(r.receiver, r.receiverOk)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function FeedbackForSection(props: SectionProps) {
  const { page, reply } = props;
  const section = useSection("feedbackFor", props);
  const { fields, form } = section;
  const sent = sentValues(form.initialValue);
  const chosen = sent ? String(sent.feedbackFor ?? "") : page.saved.feedbackFor ?? "";
  const keptPairs = sent ? new Set(many(sent.pairs)) : null;
  const senderSearch = reply?.search?.queryName === "senderQuery" ? reply.search : null;
  const receiverSearch = reply?.search?.queryName === "receiverQuery" ? reply.search : null;
  const noAudience = page.audienceCount === 0;
  const titles = sharedCopy.feedbackForTitles;
  const options = FEEDBACK_FOR.map((value) => ({ value, label: titles[value] }));
  let empty: string | null = null;
  if (chosen === "manually-define") empty = page.saved.pairs.length === 0 ? sharedCopy.createPairs : page.pairCount === 0 ? sharedCopy.noPairs : null;
  else if (noAudience) empty = sharedCopy.selectAudienceFirst;
  else if (chosen === "360" && page.audienceCount < 2) empty = sharedCopy.selectTwoMembers;
  else if (chosen && page.pairCount === 0) empty = sharedCopy.noPairs;
  return (
    <SectionForm
      section={section}
      title="Feedback-For"
      description={
        <span data-pair-count={page.pairCount}>
          {page.pairCount} sender-receiver {page.pairCount === 1 ? "pair" : "pairs"}
          {chosen === "360" ? ` (360 takes 2 to ${MAX_360_AUDIENCE} audience members)` : ""}
        </span>
      }
      groupClass="group/for"
      onChange={(event) => {
        const target = event.target as HTMLInputElement;
        if (target.name === "senderQuery" || target.name === "receiverQuery") return;
        section.save();
      }}
    >
      {empty ? (
        <p className="rounded-md border border-dashed border-slate-300 p-3 text-center text-sm text-slate-700" data-empty-state>
          {empty}
        </p>
      ) : null}
      <RadioList
        key={page.saved.feedbackFor ?? ""}
        name={fields.feedbackFor.name}
        legend="Who gives feedback to whom"
        options={options}
        checked={chosen}
        errors={fields.feedbackFor.errors}
        errorId={fields.feedbackFor.errorId}
        columns
      />
      <div className="hidden space-y-3 group-has-[input[name=feedbackFor][value=manually-define]:checked]/for:block">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Sender-receiver pairs</legend>
          {page.saved.pairs.length ? (
            <ul className="mt-2 space-y-1 text-sm" aria-label="Sender-receiver pairs">
              {page.saved.pairs.map((p) => {
                const value = pairValue({ senderId: p.sender.id, receiverId: p.receiver.id });
                return (
                  <li key={value}>
                    <label className="flex items-center gap-2">
                      <input type="checkbox" name="pairs" value={value} defaultChecked={keptPairs ? keptPairs.has(value) : true} />
                      <span>
                        {p.sender.name} → {p.receiver.name}
                      </span>
                      <span className="sr-only">(untick and save to remove)</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          ) : null}
          <FieldErrorText id={fields.pairs.errorId} errors={fields.pairs.errors} />
        </fieldset>
        <PairBuilder
          key={page.saved.pairs.length}
          senderSearch={senderSearch}
          receiverSearch={receiverSearch}
          errors={[...(fields.newSender.errors ?? []), ...(fields.newReceiver.errors ?? [])]}
        />
      </div>
    </SectionForm>
  );
}

type Search = NonNullable<SectionProps["reply"]>["search"];

/** A new pair: a sender and a receiver picked from the company's active people, added with the form. */
function PairBuilder({ senderSearch, receiverSearch, errors }: { senderSearch: Search | null; receiverSearch: Search | null; errors: string[] }) {
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <p className="text-sm font-medium text-slate-800">Add a pair</p>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <PeoplePicker
          label="Sender"
          name="newSender"
          searchUrl={SEARCH}
          chosen={senderSearch?.chosen ?? []}
          queryName="senderQuery"
          query={senderSearch?.query}
          matches={senderSearch?.matches ?? null}
        />
        <PeoplePicker
          label="Receiver"
          name="newReceiver"
          searchUrl={SEARCH}
          chosen={receiverSearch?.chosen ?? []}
          queryName="receiverQuery"
          query={receiverSearch?.query}
          matches={receiverSearch?.matches ?? null}
        />
      </div>
      {errors.length ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {errors[0]}
        </p>
      ) : null}
      <div className="mt-2 flex justify-end">
        <button type="submit" name="intent" value="feedbackFor" className={buttonClass("secondary")}>
          Add pair
        </button>
      </div>
    </div>
  );
}
