import type { ApexOptions } from "apexcharts";
import { Component, lazy, Suspense, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * The one ApexCharts entry of the app. ApexCharts touches `window` when it is imported, and it is
 * heavy: the import below is dynamic (Vite gives it a chunk of its own that only a page drawing a
 * chart requests, after hydration) and compiled out of the server build (`import.meta.env.SSR`
 * is a build-time constant), so no page's first-load JavaScript carries it. Until the chunk
 * arrives, without JavaScript, or if it fails to load, the caller's server-rendered `fallback`
 * stays.
 */
const ApexChart = lazy(() =>
  import.meta.env.SSR ? Promise.reject(new Error("Charts load in the browser only")) : import("react-apexcharts")
);

/** Shared by every chart: no toolbar or zoom, the page's font, short animations. */
export const CHART_BASE: NonNullable<ApexOptions["chart"]> = {
  fontFamily: "inherit",
  toolbar: { show: false },
  zoom: { enabled: false },
  parentHeightOffset: 0,
  animations: { enabled: true, speed: 300 },
};

export interface LazyChartProps {
  type: "bar" | "donut" | "treemap";
  height: number;
  options: ApexOptions;
  series: ApexOptions["series"];
  /** Server-rendered stand-in shown before hydration, while loading and on failure. */
  fallback: ReactNode;
  /** The figure's `data-chart` (how tests and styles find a chart). */
  name: string;
  /** What the chart shows, e.g. "Bar chart of the answers to …". */
  label?: string;
  /**
   * "hidden": the same figures stand beside the chart (a table, a list), so assistive technology
   * skips it; "img": the chart is one image named by `label` (its list of tiles follows it).
   */
  a11y?: "hidden" | "img";
}

export function LazyChart({ type, height, options, series, fallback, name, label, a11y = "hidden" }: LazyChartProps) {
  const hydrated = useHydrated();
  if (!hydrated) return <>{fallback}</>;
  return (
    <ChartBoundary fallback={fallback}>
      <Suspense fallback={fallback}>
        <figure
          aria-hidden={a11y === "hidden" ? "true" : undefined}
          role={a11y === "img" ? "img" : undefined}
          aria-label={label}
          data-chart={name}
          className="min-w-0"
        >
          <ApexChart type={type} height={height} width="100%" options={options} series={series} />
        </figure>
      </Suspense>
    </ChartBoundary>
  );
}

/** A chunk that fails to load (offline, a new deployment) leaves the fallback, not an error page. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
