import { Form } from "@remix-run/react";
import { peopleSearchUrl, type PickedPerson } from "~/modules/people/search";
import { REVIEW_STATE_LABELS, type ReviewState } from "~/modules/reviews/campaign-machine";
import { buttonClass } from "~/ui/button";
import { PeoplePicker } from "~/ui/people-picker";
import { FILTER_PARAMS, PEOPLE_QUERY_PARAMS, USER_STATUS_LABELS, USER_STATUSES, type ReportFilters } from "../reports/report-table.schema";

/**
 * The report pages' filters (000 §2: reviews, reviewers, reviewees, reviewee department, user
 * status — include by default): a GET form of native multi-selects, people pickers and radio
 * buttons, so it works without JavaScript and the address is the state (shareable, back button).
 * The pickers search the people the viewer's reports hold (/people/search); without JavaScript
 * their Search button brings the page back with the matches (`matches`, from the loader).
 */

interface Option {
  id: string;
  name: string;
}

export interface FilterOptionLists {
  reviews: Array<Option & { state: ReviewState }>;
  /** The chosen people of the two people filters. */
  reviewers: PickedPerson[];
  reviewees: PickedPerson[];
  departments: Option[];
  cut: boolean;
}

interface PeopleMatches {
  query: string;
  people: PickedPerson[] | null;
}

export function ReportTableFilters({
  action,
  options,
  filters,
  matches,
}: {
  action: string;
  options: FilterOptionLists;
  filters: ReportFilters;
  matches?: { reviewers: PeopleMatches; reviewees: PeopleMatches };
}) {
  return (
    <Form
      method="get"
      action={action}
      className="mb-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-label="Report filters"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <MultiSelect
          name={FILTER_PARAMS.reviewIds}
          label="Reviews"
          options={options.reviews.map((r) => ({ id: r.id, name: `${r.name} (${REVIEW_STATE_LABELS[r.state]})` }))}
          chosen={filters.reviewIds}
        />
        <PeoplePicker
          label="Reviewers"
          name={FILTER_PARAMS.reviewerIds}
          searchUrl={peopleSearchUrl("report-reviewers")}
          chosen={options.reviewers}
          multiple
          queryName={PEOPLE_QUERY_PARAMS.reviewerIds}
          query={matches?.reviewers.query}
          matches={matches?.reviewers.people}
        />
        <PeoplePicker
          label="Reviewees"
          name={FILTER_PARAMS.revieweeIds}
          searchUrl={peopleSearchUrl("report-reviewees")}
          chosen={options.reviewees}
          multiple
          queryName={PEOPLE_QUERY_PARAMS.revieweeIds}
          query={matches?.reviewees.query}
          matches={matches?.reviewees.people}
        />
        <MultiSelect
          name={FILTER_PARAMS.departmentIds}
          label="Reviewee department"
          options={options.departments}
          chosen={filters.departmentIds}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <legend className="sr-only">User status</legend>
          <span className="font-medium text-slate-700" aria-hidden="true">
            User status
          </span>
          {USER_STATUSES.map((status) => (
            <label key={status} className="flex items-center gap-1.5 text-slate-700">
              <input type="radio" name={FILTER_PARAMS.userStatus} value={status} defaultChecked={filters.userStatus === status} />
              {USER_STATUS_LABELS[status]}
            </label>
          ))}
        </fieldset>
        <div className="flex gap-2">
          <a href={action} className={buttonClass("ghost")}>
            Clear filters
          </a>
          <button type="submit" className={buttonClass("secondary")}>
            Apply
          </button>
        </div>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        Hold Ctrl (⌘ on a Mac) to choose several. No choice means all.
        {options.cut ? " Long lists show their first 1,000 entries." : ""}
      </p>
    </Form>
  );
}

function MultiSelect({ name, label, options, chosen }: { name: string; label: string; options: Option[]; chosen: string[] }) {
  const id = `filter-${name}`;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        multiple
        size={Math.min(6, Math.max(3, options.length))}
        defaultValue={chosen}
        className="rounded-md border border-slate-300 px-2 py-1 text-sm"
      >
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
