import { Link } from "@remix-run/react";
import type { Copy } from "~/lib/copy";
import { Button, buttonClass } from "~/ui/button";
import { AnonymityFloorField, ColorScaleFields, NotificationsLink, type CompanySettings } from "./settings-fields";

/**
 * The Settings modal as plain HTML, for ?settings=1 before (or without) JavaScript: the sidebar's
 * Settings entry is a link there, and this form posts to /settings like the dialog does.
 */
export function StaticSettingsModal({ words, settings, redirectTo }: { words: Copy; settings: CompanySettings; redirectTo: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby="settings-title" className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
        <h2 id="settings-title" className="text-lg font-semibold text-slate-900">
          {words.settingsTitle}
        </h2>
        <form method="post" action="/settings" className="mt-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <ColorScaleFields name="colorScale" words={words} current={settings.colorScale} />
          <AnonymityFloorField name="anonymityFloor" words={words} current={settings.anonymityFloor} />
          <NotificationsLink words={words} />
          <div className="mt-6 flex justify-end gap-2">
            <Link to={redirectTo} className={buttonClass("secondary")}>
              {words.cancel}
            </Link>
            <Button type="submit">{words.save}</Button>
          </div>
        </form>
      </div>
    </div>
  );
}
