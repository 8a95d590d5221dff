import type { ReactNode } from "react";

/** The centred card every public sign-in screen is drawn in. */
export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <main id="main" className="flex min-h-full items-center justify-center px-4 py-12">
      <section
        aria-labelledby="auth-card-title"
        className={`w-full ${wide ? "max-w-3xl" : "max-w-md"} rounded-2xl border border-slate-200 bg-white p-8 shadow-sm`}
      >
        <h1 id="auth-card-title" className="text-center text-2xl font-semibold tracking-tight text-slate-900">
          {title}
        </h1>
        <div className="mt-6 space-y-4 text-slate-700">{children}</div>
      </section>
    </main>
  );
}

export const primaryButton =
  "inline-flex w-full items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60";
export const secondaryButton =
  "inline-flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";
export const textLink = "font-medium text-indigo-600 underline-offset-2 hover:underline";

/** Shown by pages whose sign-in attempt was refused by the rate limit. */
export function TooManyAttempts({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      {message}
    </p>
  );
}
