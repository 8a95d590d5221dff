import { lazy } from "react";
import { GoalsTabView as RenderedOnServer } from "./goals-tab";

/**
 * The Goals card as the profile page loads it. The server renders it in place (so the card and
 * its dialogs work without JavaScript); the browser loads its code only when the Goals tab is
 * open, and until then keeps the server's markup (the page wraps it in Suspense), because its
 * forms' Conform hooks would otherwise weigh on every person's landing page.
 */
export const GoalsTabView = import.meta.env.SSR
  ? RenderedOnServer
  : /* @__PURE__ */ lazy(() => import("./goals-tab").then((m) => ({ default: m.GoalsTabView })));
