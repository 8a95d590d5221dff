import type { TestProject } from "vitest/node";
import { startFakeSlack } from "./fake-slack";

/** Starts the fake Slack Web API once for the worker test run; its URL reaches the bindings via provide/inject. */
export default async function setup(project: TestProject) {
  const fake = await startFakeSlack();
  project.provide("fakeSlackUrl", fake.url);
  return () => fake.close();
}
