import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageMeta } from "~/lib/navigation";
import { OneOnOnesPage } from "~/modules/one-on-ones/components/one-on-ones-page";
import { requireOneOnOnesPage } from "~/modules/one-on-ones/list.server";

/** /one-on-ones (001 §2): the viewer's 1-on-1s (the company's in the ADMIN view) and the engagement overview. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return data(await requireOneOnOnesPage(request, context));
}

export const meta = pageMeta;

export default OneOnOnesPage;
