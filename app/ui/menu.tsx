import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";

export interface ActionMenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/**
 * A row's action menu (Duplicate, Delete, Preview, Launch …) on Headless UI's Menu: arrow keys,
 * type-ahead, Escape and focus return come with it. `label` names the button for screen readers.
 */
export function ActionMenu({ label, items, children }: { label: string; items: ActionMenuItem[]; children: React.ReactNode }) {
  return (
    <Menu as="div" className="relative inline-block text-left">
      <MenuButton className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600">
        <span className="sr-only">{label}</span>
        {children}
      </MenuButton>
      <MenuItems className="absolute right-0 z-40 mt-1 w-44 origin-top-right rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-900/10 focus:outline-none">
        {items.map((item) => (
          <MenuItem key={item.label} disabled={item.disabled}>
            <button
              type="button"
              onClick={item.onSelect}
              className={`block w-full px-4 py-2 text-left text-sm data-[disabled]:opacity-50 data-[focus]:bg-slate-100 ${
                item.danger ? "text-red-700" : "text-slate-700"
              }`}
            >
              {item.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
