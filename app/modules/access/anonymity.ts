/**
 * Anonymity rules every area applies before it shows anything about anonymous answers: surveys,
 * anonymous reviews, and later feedback, insights, analytics and the query builder. Pure and
 * zod-free so pages, reports, exports and tests share exactly the same decisions.
 *
 * - A floor: no anonymous group smaller than the company's floor (3 unless the company raises
 *   it) is ever shown, whatever minimum a survey or review was given (the field may say 0).
 * - Complementary suppression: when the groups of one breakdown are shown beside their total,
 *   hiding only the small groups lets anyone subtract the shown groups from the total. So when
 *   any group is hidden, more are hidden (the next smallest first) until the hidden groups
 *   together hold at least the floor of people and are at least two, so what can be computed
 *   by subtraction is never smaller than a group that could have been shown anyway.
 */

/** The floor when the company has not raised it. */
export const DEFAULT_ANONYMITY_FLOOR = 3;

/** The highest floor a company may set (its Settings): beyond it most departments could never show. */
export const MAX_ANONYMITY_FLOOR = 50;

/** The smallest anonymous group that may be shown: the company floor, raised by a stricter minimum of the item itself. */
export function anonymityMinimum(companyFloor: number | null | undefined, itemMinimum?: number | null): number {
  // A value that is not a finite number counts as unset: NaN compares false both ways, so a group check would pass it.
  const whole = (n: number | null | undefined, unset: number) => (typeof n === "number" && Number.isFinite(n) ? Math.floor(n) : unset);
  const floor = Math.max(DEFAULT_ANONYMITY_FLOOR, whole(companyFloor, DEFAULT_ANONYMITY_FLOOR));
  return Math.max(floor, whole(itemMinimum, 0));
}

/** Whether a whole anonymous population (every respondent of a run, every reviewer of a reviewee) may be shown. */
export function meetsAnonymityMinimum(count: number, minimum: number): boolean {
  return count >= minimum;
}

export interface AnonymousGroup<K> {
  key: K;
  /** How many people's answers the group's figures are made of. */
  count: number;
}

/**
 * The keys of the groups of one breakdown to hide, given that the breakdown's total is shown
 * (or can be derived from another view). Groups with no one in them reveal nothing and are
 * never used as cover. Ties are broken by the order given, so the result is deterministic.
 * When every group with people ends up hidden, the caller still shows the total only if it
 * meets the minimum itself.
 */
export function groupsToHide<K>(groups: ReadonlyArray<AnonymousGroup<K>>, minimum: number): Set<K> {
  const hidden = new Set<K>();
  let hiddenCount = 0;
  let hiddenGroups = 0;
  for (const group of groups) {
    if (group.count > 0 && group.count < minimum) {
      hidden.add(group.key);
      hiddenCount += group.count;
      hiddenGroups += 1;
    }
  }
  if (hiddenGroups === 0) return hidden;
  const cover = groups
    .map((group, index) => ({ group, index }))
    .filter(({ group }) => group.count > 0 && !hidden.has(group.key))
    .sort((a, b) => a.group.count - b.group.count || a.index - b.index);
  for (const { group } of cover) {
    if (hiddenGroups >= 2 && hiddenCount >= minimum) break;
    hidden.add(group.key);
    hiddenCount += group.count;
    hiddenGroups += 1;
  }
  return hidden;
}
