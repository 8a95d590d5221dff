import type { TestProject } from "vitest/node";
import { startFakeEmail } from "./fake-email";

/** Starts the fake e-mail API once for the worker test run; its URL reaches the bindings via provide/inject. */
export default async function setup(project: TestProject) {
  const fake = await startFakeEmail();
  project.provide("fakeEmailUrl", fake.url);
  return () => fake.close();
}
