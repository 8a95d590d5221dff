import { Avatar } from "../avatar";

export interface UserMenuViewer {
  name: string;
  email: string;
  imageUrl: string | null;
}

export const MENU_PANEL = "absolute right-0 z-50 mt-2 w-56 origin-top-right rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-900/10 focus:outline-none";
export const MENU_ITEM = "flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-slate-700";

export function UserMenuTrigger({ viewer }: { viewer: UserMenuViewer }) {
  return (
    <>
      <span className="sr-only">Open user menu</span>
      <Avatar name={viewer.name} imageUrl={viewer.imageUrl} size="sm" />
    </>
  );
}

export function UserMenuHeader({ viewer }: { viewer: UserMenuViewer }) {
  return (
    <div className="border-b border-slate-100 px-4 py-2.5">
      <p className="truncate text-sm font-medium text-slate-900">{viewer.name}</p>
      <p className="truncate text-xs text-slate-500">{viewer.email}</p>
    </div>
  );
}
