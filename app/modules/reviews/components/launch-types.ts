import type { useForm } from "@conform-to/react";
import type { useLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/reviews.launch";

/** What the Launch Review page's loader gives its form (not the after-launch view). */
export type LaunchPage = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { launched: { state: string } }>;
export type LaunchFields = ReturnType<typeof useForm<Record<string, unknown>>>[1];
export type LaunchField = LaunchFields[string];
