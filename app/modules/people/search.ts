/**
 * The people picker's search (client-safe): its address, its scopes and the size of an answer.
 * A scope says which people a picker offers; app/modules/access/pickable-people.server.ts holds
 * each scope's rule and gate.
 */

/** The resource route answering a picker's search with JSON. */
export const PEOPLE_SEARCH_PATH = "/people/search";
/** People per answer (per keystroke, and per search without JavaScript). */
export const PEOPLE_SEARCH_LIMIT = 20;
/** Longest query read (a longer one is cut). */
export const PEOPLE_QUERY_MAX = 100;

export const PICK_SCOPES = ["people", "report-reviewees", "report-reviewers", "report-completed-reviewees", "loop-people", "colleagues", "campaign-people"] as const;
/**
 * - people: the people the viewer may see (access/people.server.ts: themselves, My Team, shared
 *   relationships and groups; everyone with ViewUsers);
 * - report-reviewees / report-reviewers: the reviewees / nameable reviewers of the review reports
 *   the viewer may see (the report table's filters);
 * - report-completed-reviewees: reviewees with a completed review in those reports (the
 *   per-reviewee report);
 * - loop-people: the active people of the company, for a feedback loop's audience and pairs;
 * - colleagues: every active person of the viewer's company but the viewer (whom feedback can be
 *   given to, asked of or praised);
 * - campaign-people: the active people of the company, for an objectives campaign's audience.
 */
export type PickScope = (typeof PICK_SCOPES)[number];

export interface PickedPerson {
  id: string;
  name: string;
  title: string | null;
  email: string | null;
  deactivated: boolean;
}

export const isPickScope = (value: unknown): value is PickScope => PICK_SCOPES.includes(value as PickScope);

/** The search address a picker is given for a scope (it adds `&q=`). */
export const peopleSearchUrl = (scope: PickScope) => `${PEOPLE_SEARCH_PATH}?scope=${scope}`;

/** Without JavaScript, the picker's Search button sends this with its query field's name. */
export const PICKER_SEARCH_PARAM = "pickerSearch";

/**
 * Whether an address asks a picker's search without JavaScript: its query field holds text, or
 * its own Search button was pressed (an empty query then lists the first people).
 */
export function asksPeopleSearch(params: URLSearchParams, queryName: string): boolean {
  return Boolean(params.get(queryName)?.trim()) || params.getAll(PICKER_SEARCH_PARAM).includes(queryName);
}
