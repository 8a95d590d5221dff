import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { isLoopbackHost } from "~/lib/config.server";
import { AuthCard, primaryButton, secondaryButton, textLink, TooManyAttempts } from "~/modules/auth/components/auth-card";
import { findDemoPersonByEmail, listDemoPeople } from "~/modules/auth/dev-sign-in.server";
import { hitSignInLimit, tooManyAttemptsMessage } from "~/modules/auth/rate-limit.server";
import { signInAndRedirect } from "~/modules/auth/session.server";
import { DEV_SIGN_IN_SEARCH_LIMIT, DevSignInSchema, PLATFORM_LABELS } from "~/modules/auth/sign-in.schema";

export { signInRouteHeaders as headers } from "~/modules/auth/route-headers";

export const meta: MetaFunction = () => [{ title: "Demo sign-in" }];

/**
 * The demo sign-in exists only when DEV_SIGN_IN=true, which the configuration accepts only with a
 * loopback APP_URL; and it answers only requests addressed to this machine, so a deployment that
 * left APP_URL at its local default still does not offer it under its public name.
 */
function requireDevSignIn(request: Request, context: AppLoadContext) {
  if (!context.config.devSignIn || !isLoopbackHost(new URL(request.url).hostname)) throw new Response("Not Found", { status: 404 });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDevSignIn(request, context);
  const search = new URL(request.url).searchParams.get("q") ?? "";
  return { search, companies: await listDemoPeople(context, search) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevSignIn(request, context);
  const limit = await hitSignInLimit(request, context);
  if (!limit.allowed) {
    return data(
      { result: null, rateLimited: tooManyAttemptsMessage(limit.retryAfterSeconds) },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const submission = parseWithZod(await request.formData(), { schema: DevSignInSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), rateLimited: null }, { status: 400 });
  }
  const person = await findDemoPersonByEmail(context, submission.value.email);
  if (!person) {
    return data(
      { result: submission.reply({ fieldErrors: { email: ["No demo person has this e-mail"] } }), rateLimited: null },
      { status: 400 },
    );
  }
  throw await signInAndRedirect(request, context, person);
}

export default function DevSignIn() {
  const { search, companies } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "dev-sign-in",
    lastResult: actionData?.result,
    constraint: getZodConstraint(DevSignInSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DevSignInSchema }),
    shouldValidate: "onBlur",
  });
  const hasPartial = companies.some((c) => c.partial);

  return (
    <main className="min-h-full bg-slate-50">
      <AuthCard title="Demo sign-in" wide>
        <p className="text-center text-sm text-slate-600">
          Sign in as any seeded person. This page exists only while demo sign-in is enabled.{" "}
          <Link to="/sign-in" className={textLink}>
            Back to sign-in
          </Link>
        </p>
        {actionData?.rateLimited ? <TooManyAttempts message={actionData.rateLimited} /> : null}

        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="flex-1">
            <label htmlFor={fields.email.id} className="sr-only">
              E-mail
            </label>
            <input
              {...getInputProps(fields.email, { type: "email" })}
              placeholder="E-mail, e.g. alice@acme.test"
              autoComplete="off"
              className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm aria-[invalid]:border-red-500"
            />
            {fields.email.errors ? (
              <p id={fields.email.errorId} className="mt-1 text-sm text-red-600">
                {fields.email.errors.join(" ")}
              </p>
            ) : null}
          </div>
          <button type="submit" className={`${primaryButton} sm:w-auto`}>
            Sign in
          </button>
        </Form>

        {hasPartial ? (
          <Form method="get" className="flex gap-2" role="search">
            <label htmlFor="dev-sign-in-search" className="sr-only">
              Search people
            </label>
            <input
              id="dev-sign-in-search"
              name="q"
              type="search"
              defaultValue={search}
              placeholder="Search large companies by name or e-mail"
              className="w-full flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
            <button type="submit" className={`${secondaryButton} sm:w-auto`}>
              Search
            </button>
          </Form>
        ) : null}

        {companies.map((company) => (
          <section key={company.id} aria-labelledby={`company-${company.id}`} className="border-t border-slate-200 pt-4">
            <h2 id={`company-${company.id}`} className="text-base font-semibold text-slate-900">
              {company.name}{" "}
              <span className="text-sm font-normal text-slate-500">
                ({PLATFORM_LABELS[company.platform]}, {company.total} people)
              </span>
            </h2>
            {company.partial ? (
              <p className="mt-1 text-xs text-slate-500">
                Showing admins{search ? ` and up to ${DEV_SIGN_IN_SEARCH_LIMIT} people matching “${search}”` : "; search to find anyone else"}.
              </p>
            ) : null}
            <ul className="mt-3 divide-y divide-slate-100">
              {company.people.map((person) => (
                <li key={person.id} className="flex items-center justify-between gap-4 py-2">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-slate-900">
                      {person.name}
                      {person.hints.map((hint) => (
                        <span
                          key={hint}
                          className="ml-2 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700"
                        >
                          {hint}
                        </span>
                      ))}
                    </p>
                    <p className="truncate text-xs text-slate-500">
                      {person.email}
                      {person.title ? ` · ${person.title}` : ""}
                    </p>
                  </div>
                  {/* One plain form per person: works with JavaScript off. */}
                  <form method="post">
                    <input type="hidden" name="email" value={person.email} />
                    <button
                      type="submit"
                      className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
                      aria-label={`Sign in as ${person.name}`}
                    >
                      Sign in
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </AuthCard>
    </main>
  );
}
