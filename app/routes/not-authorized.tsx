import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard, primaryButton, secondaryButton } from "~/modules/auth/components/auth-card";

export const meta: MetaFunction = () => [{ title: "Not authorized" }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { supportEmail: context.config.supportEmail };
}

/** The signed-in chat account matches no active person of the workspace's company (002 §2.3). */
export default function NotAuthorized() {
  const { supportEmail } = useLoaderData<typeof loader>();
  return (
    <AuthCard title="Not authorized">
      <p className="text-center text-sm text-slate-600">Please select the correct workspace...</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <a href={`mailto:${supportEmail}`} className={secondaryButton}>
          Contact Us
        </a>
        <Link to="/sign-in" className={primaryButton}>
          Go back to Sign In
        </Link>
      </div>
    </AuthCard>
  );
}
