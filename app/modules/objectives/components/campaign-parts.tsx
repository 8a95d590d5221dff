/** Small pieces shared by the objectives campaign pages. */

/** A campaign time as the form takes it, in UTC (the form says so). */
export function campaignTime(ms: number | null) {
  if (ms === null) return "—";
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export const campaignDay = (ms: number | null) => (ms === null ? "—" : new Date(ms).toISOString().slice(0, 10));
