// Bindings the Teams worker tests add in vitest.workers.config.ts.
declare global {
  namespace Cloudflare {
    interface Env {
      /** Base URL of the fake Bot Framework started by tests/support/fake-botframework.global-setup.ts. */
      FAKE_BOTFRAMEWORK_URL: string;
    }
  }
}

declare module "vitest" {
  interface ProvidedContext {
    fakeBotFrameworkUrl: string;
  }
}

export {};
