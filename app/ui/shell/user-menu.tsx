import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useRef } from "react";
import type { Copy } from "~/lib/copy";
import { Icon } from "../icons";
import { MENU_ITEM, MENU_PANEL, UserMenuHeader, UserMenuTrigger, type UserMenuViewer } from "./user-menu-parts";

/**
 * The avatar menu once the page is interactive (top-bar.tsx loads it after the page). The menu
 * closes (and leaves the page) on the item's click, before the browser would submit a form inside
 * it; so the form stays outside the menu and the item submits it.
 */
export default function HeadlessUserMenu({ viewer, words }: { viewer: UserMenuViewer; words: Copy }) {
  const signOutForm = useRef<HTMLFormElement>(null);
  return (
    <Menu as="div" className="relative">
      <form ref={signOutForm} method="post" action="/sign-out" hidden />
      <MenuButton className="flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
        <UserMenuTrigger viewer={viewer} />
      </MenuButton>
      <MenuItems className={MENU_PANEL}>
        <UserMenuHeader viewer={viewer} />
        <MenuItem>
          <button
            type="button"
            onClick={() => signOutForm.current?.requestSubmit()}
            className={`${MENU_ITEM} data-[focus]:bg-slate-100 data-[focus]:text-slate-900`}
          >
            <Icon name="logout" className="size-4 text-slate-400" />
            {words.logout}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
