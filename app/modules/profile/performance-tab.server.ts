import type { ProfileTabArgs } from "./tab-args";

export type PerformanceTabData = null;

export async function loadPerformanceTab(_args: ProfileTabArgs): Promise<PerformanceTabData> {
  return null;
}
