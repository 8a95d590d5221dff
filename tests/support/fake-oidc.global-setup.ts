import type { TestProject } from "vitest/node";
import { startFakeOidc } from "./fake-oidc";

/** Starts the fake OpenID provider once for the worker test run; its URL reaches the bindings via provide/inject. */
export default async function setup(project: TestProject) {
  const fake = await startFakeOidc();
  project.provide("fakeOidcUrl", fake.url);
  return () => fake.close();
}
