import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from "@headlessui/react";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "./button";
import { useHydrated } from "./use-hydrated";

/**
 * A searchable people picker for a GET or POST form: it knows no area, only a search address that
 * answers `{ people }` as JSON for `&q=` (the caller's resource route, checked like its page) and
 * the field the chosen ids are sent as.
 *
 * With JavaScript: a Headless UI Combobox (label, listbox, arrows, Enter, Escape) that asks the
 * search address as you type (debounced, the newer answer wins) and sends each chosen id as a
 * hidden `name` field; `multiple` keeps several, shown with a remove button each. Without it (and
 * until hydrated): the chosen people and the page's own matches for `queryName` as checkboxes (or
 * radio buttons), and a text field with a Search button that submits the form, so the page comes
 * back with the people matching it.
 */

export interface PickerPerson {
  id: string;
  name: string;
  title?: string | null;
  email?: string | null;
  deactivated?: boolean;
}

export interface PeoplePickerProps {
  label: string;
  /** The field the chosen ids are sent as (repeated for several). */
  name: string;
  /** The search address, e.g. `/people/search?scope=…`; `q` is added. */
  searchUrl: string;
  /** The people chosen now (their names come from the page's loader). */
  chosen: PickerPerson[];
  multiple?: boolean;
  /** The text field's name without JavaScript; the page answers it with `matches`. */
  queryName: string;
  /** The query of `matches` (the address's `queryName`). */
  query?: string;
  /** The field the fallback's Search button sends `queryName` as (so the page knows which search was asked). */
  searchParam?: string;
  /** Without JavaScript: the people matching `query`, from the page's loader (null: no search asked). */
  matches?: PickerPerson[] | null;
  placeholder?: string;
  /** A single picker's choice, as it happens (e.g. to load that person's page). */
  onPick?: (person: PickerPerson | null) => void;
  /** The choice as it changes (single or multiple), after the hidden fields follow it. */
  onChosenChange?: (people: PickerPerson[]) => void;
  className?: string;
}

const DEBOUNCE_MS = 200;
const NO_MATCH = "No matching people.";

const secondary = (p: PickerPerson) =>
  [p.title, p.email].filter(Boolean).join(" · ") + (p.deactivated ? `${p.title || p.email ? " · " : ""}Deactivated` : "");

export function PeoplePicker(props: PeoplePickerProps) {
  const hydrated = useHydrated();
  return hydrated ? <PickerCombobox {...props} /> : <PickerFallback {...props} />;
}

function PickerCombobox({ label, name, searchUrl, chosen, multiple, placeholder, onPick, onChosenChange, className = "" }: PeoplePickerProps) {
  const [picked, setPickedState] = useState<PickerPerson[]>(chosen);
  const changed = useRef(false);
  const setPicked = (next: PickerPerson[] | ((list: PickerPerson[]) => PickerPerson[])) => {
    changed.current = true;
    setPickedState(next);
  };
  useEffect(() => {
    if (!changed.current) return;
    changed.current = false;
    onChosenChange?.(picked);
  }, [picked]); // eslint-disable-line react-hooks/exhaustive-deps
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<PickerPerson[] | null>(null);
  const [open, setOpen] = useState(false);
  const latest = useRef(0);
  const chosenKey = chosen.map((p) => p.id).join(",");
  // A new page (another address) brings its own choice.
  useEffect(() => setPickedState(chosen), [chosenKey]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!open) return;
    const ask = ++latest.current;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const url = `${searchUrl}${searchUrl.includes("?") ? "&" : "?"}q=${encodeURIComponent(query.trim())}`;
        const res = await fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } });
        const body = res.ok && res.headers.get("Content-Type")?.includes("json") ? ((await res.json()) as { people?: PickerPerson[] }) : null;
        if (ask === latest.current) setResults(body?.people ?? []);
      } catch {
        // Aborted by a newer keystroke, or offline: the newer answer (or none) stands.
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, open, searchUrl]);

  const options = results ?? [];
  const remove = (id: string) => setPicked((list) => list.filter((p) => p.id !== id));
  const listbox = (
    <ComboboxOptions
      modal={false}
      className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible"
    >
      {results !== null && options.length === 0 ? (
        <li className="px-3 py-2 text-slate-600" role="presentation">
          {NO_MATCH}
        </li>
      ) : null}
      {options.map((p) => (
        <ComboboxOption
          key={p.id}
          value={p}
          className="flex cursor-pointer flex-col px-3 py-1.5 data-[focus]:bg-indigo-50 data-[selected]:font-semibold"
        >
          <span className="text-slate-900" data-person-name>
            {p.name}
          </span>
          {secondary(p) ? <span className="text-xs text-slate-500">{secondary(p)}</span> : null}
        </ComboboxOption>
      ))}
    </ComboboxOptions>
  );
  const input = (displayValue?: (p: PickerPerson | null) => string) => (
    <ComboboxInput
      className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal text-slate-900"
      placeholder={placeholder ?? "Type a name or e-mail"}
      autoComplete="off"
      displayValue={displayValue}
      onChange={(event) => setQuery(event.currentTarget.value)}
      onFocus={() => setOpen(true)}
      onClick={() => setOpen(true)}
      data-people-picker={name}
    />
  );

  return (
    <Field className={`flex min-w-0 flex-col gap-1 text-sm ${className}`}>
      <Label className="font-medium text-slate-800">{label}</Label>
      {picked.map((p) => (
        <input key={p.id} type="hidden" name={name} value={p.id} />
      ))}
      {multiple ? (
        <>
          <Combobox
            value={picked}
            by="id"
            multiple
            immediate
            onChange={(list: PickerPerson[]) => {
              setPicked(list);
              setQuery("");
            }}
            onClose={() => setQuery("")}
          >
            <div className="relative">
              {input()}
              {listbox}
            </div>
          </Combobox>
          {picked.length > 0 ? (
            <ul className="flex flex-wrap gap-1" aria-label={`Chosen ${label.toLowerCase()}`}>
              {picked.map((p) => (
                <li key={p.id} className="flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-2.5 pr-1 text-xs text-slate-800">
                  {p.name}
                  <button
                    type="button"
                    onClick={() => remove(p.id)}
                    className="rounded-full px-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900"
                    aria-label={`Remove ${p.name}`}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <Combobox
          value={picked[0] ?? null}
          by="id"
          immediate
          onChange={(person: PickerPerson | null) => {
            setPicked(person ? [person] : []);
            setQuery("");
            onPick?.(person);
          }}
          onClose={() => setQuery("")}
        >
          <div className="relative">
            {input((p) => p?.name ?? "")}
            {listbox}
          </div>
        </Combobox>
      )}
    </Field>
  );
}

function PickerFallback({
  label,
  name,
  chosen,
  multiple,
  queryName,
  query = "",
  matches = null,
  searchParam = "pickerSearch",
  className = "",
}: PeoplePickerProps) {
  const id = useId();
  const chosenIds = new Set(chosen.map((p) => p.id));
  const others = (matches ?? []).filter((p) => !chosenIds.has(p.id));
  const choice = (p: PickerPerson, checked: boolean) => (
    <li key={p.id}>
      <label className="flex items-start gap-2 text-sm text-slate-900">
        <input type={multiple ? "checkbox" : "radio"} name={name} value={p.id} defaultChecked={checked} className="mt-0.5" />
        <span className="min-w-0">
          <span className="block" data-person-name>
            {p.name}
          </span>
          {secondary(p) ? <span className="block truncate text-xs text-slate-500">{secondary(p)}</span> : null}
        </span>
      </label>
    </li>
  );
  return (
    <fieldset className={`flex min-w-0 flex-col gap-1 text-sm ${className}`} data-people-picker-fallback={name}>
      <legend className="font-medium text-slate-800">{label}</legend>
      {chosen.length + others.length > 0 ? (
        <ul className="max-h-48 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
          {chosen.map((p) => choice(p, true))}
          {others.map((p) => choice(p, false))}
        </ul>
      ) : null}
      {matches && matches.length === 0 ? <p className="text-slate-600">{NO_MATCH}</p> : null}
      <div className="flex flex-wrap gap-2">
        <label htmlFor={id} className="sr-only">
          Search {label.toLowerCase()}
        </label>
        <input
          id={id}
          type="search"
          name={queryName}
          defaultValue={query}
          placeholder="Name or e-mail"
          className="min-w-0 flex-1 basis-32 rounded-md border border-slate-300 px-2 py-1 text-sm"
        />
        <button type="submit" name={searchParam} value={queryName} className={buttonClass("secondary")}>
          Search
        </button>
      </div>
    </fieldset>
  );
}
