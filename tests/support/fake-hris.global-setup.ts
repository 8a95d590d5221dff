import type { TestProject } from "vitest/node";
import { startFakeHris } from "./fake-hris";

/** Starts the fake BambooHR/HiBob once for the worker test run; its URL reaches the bindings via provide/inject. */
export default async function setup(project: TestProject) {
  const fake = await startFakeHris();
  project.provide("fakeHrisUrl", fake.url);
  return () => fake.close();
}
