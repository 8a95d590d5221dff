/**
 * Dates as the pages show them, always in UTC so the server's HTML and the browser's hydration
 * agree: a day ("12 Mar 2025") and a day with its time ("12 Mar 2025, 14:00 UTC").
 */

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const dayTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

export const utcDay = (ms: number) => day.format(new Date(ms));
export const utcDateTime = (ms: number) => `${dayTime.format(new Date(ms))} UTC`;
