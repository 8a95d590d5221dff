import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { AuthCard, primaryButton } from "~/modules/auth/components/auth-card";
import { redirectIfSignedIn } from "~/modules/auth/session.server";

export const meta: MetaFunction = () => [{ title: "Sign-in failed" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  return null;
}

/** Where every failed sign-in exchange ends (002 §2.3, §8). */
export default function AuthError() {
  return (
    <AuthCard title="Sign-in failed">
      <p className="text-center text-sm text-slate-600">
        We could not complete your sign-in. The sign-in link may have expired or already been used. Please try again.
      </p>
      <Link to="/sign-in" className={primaryButton}>
        Go back to Sign In
      </Link>
    </AuthCard>
  );
}
