import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/** Pure logic (state machines, permission rules, route table, parsers) runs in Node. */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: { include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts", "durable-objects/**/*.test.ts"], environment: "node" },
});
