import { sharedCopy } from "~/lib/copy";
import { buttonClass } from "~/ui/button";

export interface SlackInstallationRow {
  id: string;
  teamName: string;
  installedAt: string;
  revokedAt: string | null;
}

const day = (iso: string) => iso.slice(0, 10);

/** The Integrations page's Slack app section: "Add to Slack" and the workspaces it is installed in. */
export function SlackInstallations({ installations }: { installations: SlackInstallationRow[] }) {
  const words = sharedCopy.slackApp;
  return (
    <section aria-labelledby="slack-app-title" className="mb-8 rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="slack-app-title" className="text-base font-semibold text-slate-900">
        {words.installTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{words.installDescription}</p>
      {installations.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">{words.noInstallations}</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm" aria-labelledby="slack-app-title">
          <thead className="text-slate-500">
            <tr>
              <th scope="col" className="py-1 pr-4 font-medium">{words.workspaceColumn}</th>
              <th scope="col" className="py-1 pr-4 font-medium">{words.installedColumn}</th>
              <th scope="col" className="py-1 font-medium">{words.statusColumn}</th>
            </tr>
          </thead>
          <tbody>
            {installations.map((row) => (
              <tr key={row.id} className="border-t border-slate-100">
                <td className="py-2 pr-4 font-medium text-slate-900">{row.teamName}</td>
                <td className="py-2 pr-4">{day(row.installedAt)}</td>
                <td className="py-2">{row.revokedAt ? words.revoked : words.active}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {/* A plain link: the install is a top-level navigation to Slack and back, with or without JavaScript. */}
      <a href="/slack/install" className={`${buttonClass("primary")} mt-4 inline-flex`} data-testid="add-to-slack">
        {words.addToSlack}
      </a>
    </section>
  );
}
