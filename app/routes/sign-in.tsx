import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard, secondaryButton, textLink } from "~/modules/auth/components/auth-card";
import { PLATFORM_LABELS, PLATFORMS } from "~/modules/auth/sign-in.schema";
import { redirectIfSignedIn } from "~/modules/auth/session.server";

export const meta: MetaFunction = () => [{ title: "Sign in" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  return { devSignIn: context.config.devSignIn };
}

export default function SignIn() {
  const { devSignIn } = useLoaderData<typeof loader>();
  return (
    <AuthCard title="Sign in">
      <p className="text-center text-sm text-slate-600">Sign in with the chat tool your company uses.</p>
      <div className="space-y-3">
        {PLATFORMS.map((platform) => (
          // A native form post: the start endpoint answers with a redirect to the provider,
          // which only a full navigation can follow (and it works with JavaScript off).
          <form key={platform} method="post" action={`/auth/${platform}/start`}>
            <button type="submit" className={secondaryButton}>
              <PlatformMark platform={platform} />
              {`Sign in with ${PLATFORM_LABELS[platform]}`}
            </button>
          </form>
        ))}
      </div>
      {devSignIn ? (
        <p className="border-t border-slate-200 pt-4 text-center text-sm">
          <Link to="/dev/sign-in" className={textLink}>
            Demo sign-in
          </Link>
        </p>
      ) : null}
    </AuthCard>
  );
}

function PlatformMark({ platform }: { platform: (typeof PLATFORMS)[number] }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex size-5 items-center justify-center rounded text-[10px] font-bold text-white ${
        platform === "slack" ? "bg-[#4A154B]" : "bg-[#5059C9]"
      }`}
    >
      {platform === "slack" ? "S" : "T"}
    </span>
  );
}
