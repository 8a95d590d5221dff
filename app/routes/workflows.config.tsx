import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { pageMeta } from "~/lib/navigation";
import { ConfigScreen } from "~/modules/feedback/components/config-screen";
import { configAction, configLoader } from "~/modules/feedback/config-route.server";

/** Configure a library loop (002 §2.4); the page lives in app/modules/feedback. */
export const loader = configLoader;
export const action = configAction;
export const meta = pageMeta;

/** With JavaScript a setting's answer carries the loop as saved: no reload of the page is needed. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("js") === "1") return false;
  return defaultShouldRevalidate;
}

export default ConfigScreen;
