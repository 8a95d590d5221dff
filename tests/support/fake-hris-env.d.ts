// Bindings the HRIS worker tests add in vitest.workers.config.ts.
declare global {
  namespace Cloudflare {
    interface Env {
      /** Base URL of the fake HR systems started by tests/support/fake-hris.global-setup.ts. */
      FAKE_HRIS_URL: string;
    }
  }
}

declare module "vitest" {
  interface ProvidedContext {
    fakeHrisUrl: string;
  }
}

export {};
