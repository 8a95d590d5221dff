import { describe, expect, it } from "vitest";
import { seededRandom as generator } from "../../../tests/support/seeded-random";
import { anonymityMinimum, DEFAULT_ANONYMITY_FLOOR, groupsToHide, meetsAnonymityMinimum } from "./anonymity";

/**
 * The anonymity kernel against an attacker who reads everything a breakdown shows: the total per
 * choice (when the whole population meets the minimum) and the per-choice counts of every shown
 * group, and who also knows the size of every group (the worst case: a department's headcount
 * and that all of it answered). Random breakdowns from a seeded generator, so a failure names
 * the seed that reproduces it.
 */

interface Breakdown {
  minimum: number;
  choices: number;
  /** Per group, the per-choice counts of its people's answers (one answer each). */
  groups: number[][];
}

function randomBreakdown(seed: number): Breakdown {
  const r = generator(seed);
  const minimum = anonymityMinimum(r.pick([null, 0, 1, 3, 4, 5]), r.pick([null, 0, 1, 2, 3, 4, 6]));
  const choices = r.int(2, 5);
  // Small groups dominate (that is where suppression matters), with the odd large one and empty ones.
  const groups = Array.from({ length: r.int(1, 8) }, () => {
    const size = r.next() < 0.6 ? r.int(0, minimum) : r.int(minimum, 12);
    // Sometimes a group answers alike: the case where sums say the most.
    const bias = r.next() < 0.3 ? r.int(0, choices - 1) : null;
    const counts = new Array<number>(choices).fill(0);
    for (let p = 0; p < size; p++) counts[bias !== null && r.next() < 0.8 ? bias : r.int(0, choices - 1)]++;
    return counts;
  });
  return { minimum, choices, groups };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * What the attacker can pin down about each hidden group: the hidden groups' counts form a
 * transportation problem (rows: hidden group sizes; columns: total minus shown, per choice).
 * Cell (i, j) ranges from max(0, s_i − (T − c_j), c_j − (T − s_i)) to min(s_i, c_j), and every
 * value in between is reached by some table with those margins; a group's figures are determined
 * exactly when every one of its cells has a single value.
 */
function determined(sizes: number[], residual: number[]): boolean[] {
  const total = sum(residual);
  return sizes.map((s) =>
    residual.every((c) => {
      const low = Math.max(0, s - (total - c), c - (total - s));
      const high = Math.min(s, c);
      return low === high;
    })
  );
}

function check(b: Breakdown) {
  const sizes = b.groups.map(sum);
  const total = sum(sizes);
  const hidden = groupsToHide(
    sizes.map((count, key) => ({ key, count })),
    b.minimum
  );
  const totalShown = meetsAnonymityMinimum(total, b.minimum);
  const problems: string[] = [];
  // No group below the minimum is ever shown, and nothing at all when the whole is below it.
  sizes.forEach((s, i) => {
    if (totalShown && s > 0 && s < b.minimum && !hidden.has(i)) problems.push(`group ${i} of ${s} shown below ${b.minimum}`);
  });
  if (!totalShown) return { problems, hidden, totalShown, homogeneous: false };
  const hiddenWithData = [...hidden].filter((i) => sizes[i] > 0);
  const hiddenPeople = sum(hiddenWithData.map((i) => sizes[i]));
  if (hiddenWithData.length > 0) {
    if (hiddenWithData.length < 2) problems.push(`one hidden group ${hiddenWithData[0]} (${hiddenPeople}) can be computed`);
    if (hiddenPeople < b.minimum) problems.push(`hidden groups hold ${hiddenPeople} people, below ${b.minimum}`);
  }
  // What subtraction leaves: total per choice minus the shown groups per choice.
  const perChoice = (rows: number[][]) => Array.from({ length: b.choices }, (_, j) => sum(rows.map((g) => g[j])));
  const residual = perChoice(b.groups).map((t, j) => t - perChoice(b.groups.filter((_, i) => !hidden.has(i)))[j]);
  const combined = residual;
  // Everyone hidden gave the same answer: sums then say it of each of them, as they would of any
  // group of that size. Nothing can hide that; the rule is that such a group is never below the minimum.
  const homogeneous = combined.filter((c) => c > 0).length === 1;
  const pinned = determined(
    hiddenWithData.map((i) => sizes[i]),
    combined
  );
  pinned.forEach((isPinned, k) => {
    if (isPinned && !homogeneous) problems.push(`hidden group ${hiddenWithData[k]} is determined by what is shown`);
  });
  return { problems, hidden, totalShown, homogeneous };
}

describe("complementary suppression", () => {
  it("leaves no hidden group's figures computable from the total and the shown groups (5,000 seeded breakdowns)", () => {
    let withHidden = 0;
    let homogeneousCases = 0;
    for (let seed = 1; seed <= 5000; seed++) {
      const b = randomBreakdown(seed);
      const { problems, hidden, totalShown, homogeneous } = check(b);
      expect(problems, `seed ${seed}: ${JSON.stringify(b)}`).toEqual([]);
      if (totalShown && hidden.size > 0) withHidden++;
      if (homogeneous) homogeneousCases++;
    }
    // The generator does reach the cases that matter.
    expect(withHidden).toBeGreaterThan(1000);
    expect(homogeneousCases).toBeGreaterThan(10);
  });

  it("shows the subtraction the rule prevents: hiding only the small group gives one person's answers away", () => {
    // Two departments of 5 and one of 1, minimum 3: with only the small one hidden, total − shown = that person.
    const groups = [
      [2, 3, 0],
      [1, 1, 3],
      [0, 0, 1],
    ];
    const sizes = groups.map(sum);
    const naive = new Set(sizes.flatMap((s, i) => (s > 0 && s < 3 ? [i] : [])));
    expect(naive).toEqual(new Set([2]));
    expect(determined([1], [0, 0, 1])).toEqual([true]);
    const hidden = groupsToHide(
      sizes.map((count, key) => ({ key, count })),
      3
    );
    expect(hidden).toEqual(new Set([2, 0]));
    expect(determined([5, 1], [2, 3, 1])).toEqual([false, false]);
  });

  it("hides the next smallest first, keeps the given order on ties and never uses empty groups as cover", () => {
    const hidden = groupsToHide(
      [
        { key: "a", count: 4 },
        { key: "none", count: 1 },
        { key: "empty", count: 0 },
        { key: "b", count: 3 },
        { key: "c", count: 3 },
      ],
      3
    );
    expect([...hidden].sort()).toEqual(["b", "none"]);
    expect(groupsToHide([{ key: 1, count: 3 }, { key: 2, count: 9 }], 3)).toEqual(new Set());
    // Everyone hidden: the caller then shows the total only when it meets the minimum.
    expect(groupsToHide([{ key: 1, count: 1 }, { key: 2, count: 1 }], 3)).toEqual(new Set([1, 2]));
  });
});

describe("the floor", () => {
  it("never lets an item's minimum go below the company's floor, nor the floor below the default", () => {
    expect(anonymityMinimum(null, 0)).toBe(DEFAULT_ANONYMITY_FLOOR);
    expect(anonymityMinimum(3, 0)).toBe(3);
    expect(anonymityMinimum(3, 2)).toBe(3);
    expect(anonymityMinimum(5, 2)).toBe(5);
    expect(anonymityMinimum(3, 8)).toBe(8);
    expect(anonymityMinimum(0, 0)).toBe(DEFAULT_ANONYMITY_FLOOR);
    expect(anonymityMinimum(-4, -1)).toBe(DEFAULT_ANONYMITY_FLOOR);
    expect(meetsAnonymityMinimum(2, anonymityMinimum(3, 0))).toBe(false);
  });

  it("stays a whole number at or above the default whatever a damaged value says", () => {
    for (const floor of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2.7, undefined]) {
      for (const item of [Number.NaN, Number.POSITIVE_INFINITY, -3, 0, 4.5, null, undefined]) {
        const m = anonymityMinimum(floor, item);
        expect(Number.isInteger(m), `${floor} ${item} → ${m}`).toBe(true);
        expect(m).toBeGreaterThanOrEqual(DEFAULT_ANONYMITY_FLOOR);
      }
    }
  });
});
