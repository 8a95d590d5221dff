import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import path from "node:path";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { fakeEmailBindings } from "./tests/support/fake-email";
import { fakeBotFrameworkBindings } from "./tests/support/fake-botframework";
import { fakeHrisBindings } from "./tests/support/fake-hris";
import { fakeOidcBindings } from "./tests/support/fake-oidc";
import { fakeSlackBindings } from "./tests/support/fake-slack";
import { localBrowserEnv } from "./scripts/local-browser.mjs";

/**
 * Worker tests run inside workerd with the real bindings of wrangler.toml (D1, R2, queue, DO).
 * Every test file gets a fresh database: tests/workers/setup.ts empties every binding (reset()),
 * applies the migrations and seeds the demo companies. The files share one workerd per Vitest
 * worker (isolate: false): a fresh workerd per file spent ~6 s of CPU loading the same modules
 * again, against ~0.3 s for the reset and seed; two such workers use both cores. The Worker entry imports the Remix server build: run `npm run build` first
 * (npm test does).
 * Sign-in talks to a fake OpenID provider on 127.0.0.1 (tests/support/fake-oidc.ts), started
 * once by the global setup; its URL reaches the Worker's OIDC bindings through provide/inject.
 * The BROWSER binding (report PDFs) drives Debian's Chromium: miniflare runs in this process and
 * finds the browser through XDG_CACHE_HOME, set here before the pool starts (scripts/local-browser.mjs).
 */
export default defineConfig(async () => {
  Object.assign(process.env, localBrowserEnv());
  const migrations = await readD1Migrations("./migrations");
  const buildDir = path.resolve(process.env.REMIX_BUILD_DIR ?? "build");
  return {
    resolve: {
      alias: [{ find: /^\.\.\/build\/server\/index\.js$/, replacement: path.join(buildDir, "server/index.js") }],
    },
    plugins: [
      tsconfigPaths(),
      cloudflareTest(({ inject }) => {
        const fakeOidcUrl = inject("fakeOidcUrl");
        const fakeHrisUrl = inject("fakeHrisUrl");
        const fakeSlackUrl = inject("fakeSlackUrl");
        const fakeEmailUrl = inject("fakeEmailUrl");
        const fakeBotFrameworkUrl = inject("fakeBotFrameworkUrl");
        return {
          wrangler: { configPath: "./wrangler.toml" },
          miniflare: {
            bindings: {
              TEST_MIGRATIONS: migrations,
              DEV_SIGN_IN: "true",
              SESSION_SECRET: "worker-tests-session-secret-0123456789",
              // Set like SESSION_SECRET, so a test that runs the Worker with DEV_SIGN_IN=false still starts it.
              INTEGRATION_KEYS: "test:worker-tests-integration-key-0123456789",
              ...fakeOidcBindings(fakeOidcUrl),
              FAKE_OIDC_URL: fakeOidcUrl,
              ...fakeHrisBindings(fakeHrisUrl),
              ...fakeSlackBindings(fakeSlackUrl),
              FAKE_SLACK_URL: fakeSlackUrl,
              SLACK_SIGNING_SECRET: "worker-tests-slack-signing-secret",
              ...fakeEmailBindings(fakeEmailUrl),
              ...fakeBotFrameworkBindings(fakeBotFrameworkUrl),
              SIGN_IN_RATE_LIMIT: "30/60",
              // A Teams team allowed the demo view (Objectives > OKRs) in tests.
              DEMO_TEAM_IDS: "19:globex-demo-team@thread.tacv2",
            },
          },
        };
      }),
    ],
    test: {
      include: ["tests/workers/**/*.test.ts"],
      setupFiles: ["./tests/workers/setup.ts"],
      globalSetup: [
        "./tests/support/fake-oidc.global-setup.ts",
        "./tests/support/fake-hris.global-setup.ts",
        "./tests/support/fake-slack.global-setup.ts",
        "./tests/support/fake-botframework.global-setup.ts",
        "./tests/support/fake-email.global-setup.ts",
      ],
      testTimeout: 20_000,
      // Modules (and spies: files restore theirs) carry over from file to file; storage does not.
      isolate: false,
      maxWorkers: 2,
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
