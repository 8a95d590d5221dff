/**
 * The rules of a goal that need no database (002 §4, §5, §9), shared by the form's schema, the
 * writes and the page. Zod-free and import-free, so the demo seed loads it too.
 */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A deadline chosen as a day (YYYY-MM-DD) means the end of that day, UTC: a goal due today is
 * still open today. Null when the text is not a real day.
 */
export function deadlineOfDay(day: string): number | null {
  const m = DAY_PATTERN.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d, 23, 59, 59, 999);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms;
}

/** The day (YYYY-MM-DD, UTC) of a stored deadline, as the form's date input shows it. */
export function dayOfDeadline(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** 002 §5, §9: the deadline must be later than now. */
export function deadlineIsFuture(deadline: number, now: number): boolean {
  return deadline > now;
}

/** 002 §4: completion requires approval. */
export function mayBeCompleted(approved: boolean): boolean {
  return approved;
}

/**
 * The chosen behaviours that do not belong to a chosen competency (002 §5: behaviour options come
 * from the chosen competencies). `competencyOf` maps a behaviour id to its competency's id; an
 * unknown behaviour is outside too.
 */
export function behavioursOutside(competencyIds: readonly string[], behaviourIds: readonly string[], competencyOf: ReadonlyMap<string, string>): string[] {
  const chosen = new Set(competencyIds);
  return behaviourIds.filter((b) => {
    const competency = competencyOf.get(b);
    return competency === undefined || !chosen.has(competency);
  });
}

/** The list's order: the nearest deadline first, then by name. */
export function byDeadline<T extends { deadline: number; name: string }>(a: T, b: T): number {
  return a.deadline - b.deadline || a.name.localeCompare(b.name);
}

/** Each id once, in the order first given. */
export function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
