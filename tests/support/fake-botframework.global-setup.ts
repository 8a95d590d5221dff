import type { TestProject } from "vitest/node";
import { startFakeBotFramework } from "./fake-botframework";

/** Starts the fake Bot Framework and identity platform once for the worker test run; its URL reaches the bindings via provide/inject. */
export default async function setup(project: TestProject) {
  const fake = await startFakeBotFramework();
  project.provide("fakeBotFrameworkUrl", fake.url);
  return () => fake.close();
}
