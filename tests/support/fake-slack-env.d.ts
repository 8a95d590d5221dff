// Bindings the Slack worker tests add in vitest.workers.config.ts.
declare global {
  namespace Cloudflare {
    interface Env {
      /** Base URL of the fake Slack Web API started by tests/support/fake-slack.global-setup.ts. */
      FAKE_SLACK_URL: string;
    }
  }
}

declare module "vitest" {
  interface ProvidedContext {
    fakeSlackUrl: string;
  }
}

export {};
