import type { useForm } from "@conform-to/react";
import type { launchFormData } from "../launch-page.server";

/** What the Launch Review page's loader gives its form (not the after-launch view). */
export type LaunchPage = Awaited<ReturnType<typeof launchFormData>>;
/** The loader's answer: the form's data, or once launched only the review's state and title. */
export type LaunchLoaderData = LaunchPage | { launched: { state: string; title: string } };
export type LaunchFields = ReturnType<typeof useForm<Record<string, unknown>>>[1];
export type LaunchField = LaunchFields[string];
