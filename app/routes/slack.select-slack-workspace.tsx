import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { logWarn } from "~/lib/log.server";
import {
  completeLink,
  consumeAuthorization,
  isActivePerson,
  readPendingAuthorization,
  verifyWorkspaceChoiceToken,
  workspacesOf,
} from "~/modules/auth/authorization.server";
import { browserKeyOf, clearBrowserBinding } from "~/modules/auth/browser-binding.server";
import { AuthCard, primaryButton, textLink, TooManyAttempts } from "~/modules/auth/components/auth-card";
import { hitSignInLimit, tooManyAttemptsMessage } from "~/modules/auth/rate-limit.server";
import { redirectIfSignedIn, signInAndRedirect } from "~/modules/auth/session.server";
import { SelectWorkspaceSchema } from "~/modules/auth/sign-in.schema";

export { signInRouteHeaders as headers } from "~/modules/auth/route-headers";

export const meta: MetaFunction = () => [{ title: "Select Primary Workspace" }];

/**
 * The person behind a choice token, if token, authorization and person are all still good and
 * this is the browser that started the sign-in (its binding cookie); otherwise null, logged.
 */
async function pendingChoice(request: Request, context: AppLoadContext, idToken: string | null, authorizationId: string) {
  const browserKey = await browserKeyOf(request);
  const choice = await (async () => {
    if (!idToken) return null;
    const person = await verifyWorkspaceChoiceToken(context, idToken, authorizationId);
    if (!person) return null;
    const authorization = await readPendingAuthorization(context, authorizationId, browserKey);
    if (!authorization || authorization.platform !== "slack" || authorization.redirectTo !== null) return null;
    if (!(await isActivePerson(context, person))) return null;
    return { person, authorization, browserKey };
  })();
  if (!choice) {
    logWarn(context.requestId, "workspace choice refused: bad token, spent or expired sign-in, or another browser", {
      url: request.url,
      withBrowserCookie: Boolean(browserKey),
    });
  }
  return choice;
}

/** Reads the idToken and authorization query parameters (002 §2.3). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  const url = new URL(request.url);
  const authorization = url.searchParams.get("authorization")?.trim();
  if (!authorization) throw redirect("/sign-in");
  const idToken = url.searchParams.get("idToken");
  const choice = await pendingChoice(request, context, idToken, authorization);
  if (!choice) throw redirect("/auth-error");
  return { idToken: idToken!, authorization, workspaces: await workspacesOf(context, choice.person) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const limit = await hitSignInLimit(request, context);
  if (!limit.allowed) {
    return data(
      { result: null, rateLimited: tooManyAttemptsMessage(limit.retryAfterSeconds) },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const submission = parseWithZod(await request.formData(), { schema: SelectWorkspaceSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), rateLimited: null }, { status: 400 });
  }
  const { idToken, authorization, workspaceId } = submission.value;
  const choice = await pendingChoice(request, context, idToken, authorization);
  if (!choice) throw redirect("/auth-error");
  const { person } = choice;
  const memberOf = await workspacesOf(context, person);
  if (!memberOf.some((w) => w.id === workspaceId)) {
    return data(
      { result: submission.reply({ fieldErrors: { workspaceId: ["Choose one of your workspaces"] } }), rateLimited: null },
      { status: 400 },
    );
  }
  if (!(await consumeAuthorization(context, authorization, choice.browserKey))) throw redirect("/auth-error");
  await completeLink(context, person, choice.authorization);
  throw await signInAndRedirect(request, context, { ...person, workspaceId }, undefined, [await clearBrowserBinding(request)]);
}

export default function SelectSlackWorkspace() {
  const { idToken, authorization, workspaces } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "select-workspace",
    lastResult: actionData?.result,
    constraint: getZodConstraint(SelectWorkspaceSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SelectWorkspaceSchema }),
    shouldValidate: "onSubmit",
  });
  const errorId = fields.workspaceId.errorId;

  return (
    <AuthCard title="Select Primary Workspace">
      {actionData?.rateLimited ? <TooManyAttempts message={actionData.rateLimited} /> : null}
      {workspaces.length === 0 ? (
        <>
          <p className="text-center text-sm text-slate-600">No workspaces available</p>
          <p className="text-center text-sm">
            <Link to="/sign-in" className={textLink}>
              Go back to Sign In
            </Link>
          </p>
        </>
      ) : (
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name={fields.idToken.name} value={idToken} />
          <input type="hidden" name={fields.authorization.name} value={authorization} />
          <fieldset aria-describedby={fields.workspaceId.errors ? errorId : undefined}>
            <legend className="text-sm text-slate-600">You are a member of several workspaces. Choose the one to sign in to.</legend>
            <div className="mt-3 space-y-2">
              {workspaces.map((workspace) => (
                <label
                  key={workspace.id}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 hover:bg-slate-50 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50"
                >
                  <input
                    type="radio"
                    name={fields.workspaceId.name}
                    value={workspace.id}
                    defaultChecked={fields.workspaceId.initialValue === workspace.id}
                    aria-invalid={fields.workspaceId.errors ? true : undefined}
                    className="size-4 accent-indigo-600"
                  />
                  <span className="font-medium text-slate-900">{workspace.name}</span>
                </label>
              ))}
            </div>
            {fields.workspaceId.errors ? (
              <p id={errorId} className="mt-2 text-sm text-red-600">
                {fields.workspaceId.errors.join(" ")}
              </p>
            ) : null}
          </fieldset>
          <button type="submit" className={primaryButton} disabled={navigation.state !== "idle"}>
            Continue
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
