import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import path from "node:path";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/**
 * Worker tests run inside workerd with the real bindings of wrangler.toml (D1, R2, queue, DO).
 * Every test file gets a fresh database: migrations applied and the demo companies seeded in
 * tests/workers/setup.ts. The Worker entry imports the Remix server build: run `npm run build` first
 * (npm test does).
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  const buildDir = path.resolve(process.env.REMIX_BUILD_DIR ?? "build");
  return {
    resolve: {
      alias: [{ find: /^\.\.\/build\/server\/index\.js$/, replacement: path.join(buildDir, "server/index.js") }],
    },
    plugins: [
      tsconfigPaths(),
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            DEV_SIGN_IN: "true",
            SESSION_SECRET: "worker-tests-session-secret-0123456789",
          },
        },
      }),
    ],
    test: {
      include: ["tests/workers/**/*.test.ts"],
      setupFiles: ["./tests/workers/setup.ts"],
      testTimeout: 20_000,
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: ["@remix-run/cloudflare", "@remix-run/server-runtime", "cookie", "set-cookie-parser"],
          },
        },
      },
    },
  };
});
