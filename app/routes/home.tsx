import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getViewer, profilePath } from "~/modules/auth/session.server";

/** `/`: a signed-in person goes to their profile, anyone else to sign-in (002 §2.1). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context);
  throw redirect(viewer ? profilePath(viewer.user.id) : "/sign-in");
}

export default function Home() {
  return null;
}
