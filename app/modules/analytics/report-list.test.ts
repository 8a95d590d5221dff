import { describe, expect, it } from "vitest";
import { reportListFilters, reportListHref, sortHref, type ReportListFilters } from "./report-list";

const parse = (q: string) => reportListFilters(new URLSearchParams(q)) as ReportListFilters;

describe("report list filters", () => {
  it("defaults to every type, newest first, page 1", () => {
    expect(parse("")).toEqual({ type: null, search: "", from: null, to: null, sort: "date", dir: "desc", page: 1 });
  });

  it("ignores unknown values and keeps valid ones", () => {
    expect(parse("type=nope&sort=evil&page=-3&from=2026-13-40")).toMatchObject({ type: null, sort: "date", page: 1, from: null });
    expect(parse("type=survey&search=%20pulse%20&from=2026-01-01&to=2026-02-01&page=2")).toMatchObject({
      type: "survey",
      search: "pulse",
      from: "2026-01-01",
      to: "2026-02-01",
      page: 2,
    });
  });

  it("refuses an end before the start", () => {
    expect(reportListFilters(new URLSearchParams("from=2026-05-10&to=2026-05-01"))).toEqual({ error: "dates" });
  });

  it("sorts a column ascending first, a date descending first, and flips the active one (002 §9)", () => {
    const f = parse("");
    expect(sortHref(f, "name")).toBe("/analytics/reports?sort=name&dir=asc");
    expect(sortHref(parse("sort=name&dir=asc"), "name")).toBe("/analytics/reports?sort=name&dir=desc");
    expect(sortHref(parse("sort=name"), "date")).toBe("/analytics/reports");
    expect(reportListHref(parse("type=review&page=3"), { page: 2 })).toBe("/analytics/reports?type=review&page=2");
  });
});
