// Bindings the e-mail worker tests add in vitest.workers.config.ts.
declare global {
  namespace Cloudflare {
    interface Env {
      /** Base URL of the fake e-mail API started by tests/support/fake-email.global-setup.ts. */
      FAKE_EMAIL_URL: string;
    }
  }
}

declare module "vitest" {
  interface ProvidedContext {
    fakeEmailUrl: string;
  }
}

export {};
