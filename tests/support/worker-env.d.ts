// Bindings the auth worker tests add in vitest.workers.config.ts.
declare global {
  namespace Cloudflare {
    interface Env {
      /** Base URL of the fake OpenID provider started by tests/support/fake-oidc.global-setup.ts. */
      FAKE_OIDC_URL: string;
      SIGN_IN_RATE_LIMIT: string;
    }
  }
}

declare module "vitest" {
  interface ProvidedContext {
    fakeOidcUrl: string;
  }
}

export {};
