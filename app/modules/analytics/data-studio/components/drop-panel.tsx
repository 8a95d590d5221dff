import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import type { ReactNode } from "react";

/**
 * A button that opens a small panel of form controls in place (the filter dropdown, Add Column +,
 * '+ Attr'). With JavaScript it is a Headless UI Popover: focus moves into the panel, Escape and a
 * click outside close it and focus returns to its button. Without JavaScript it is a native
 * disclosure (`<details>`), which needs none. The panel stays inside the page's form either way,
 * so its buttons post the form. `children` gets a `close` to call once its button has posted.
 */
export function DropPanel({
  hydrated,
  button,
  buttonLabel,
  buttonClassName,
  panelClassName,
  panelLabel,
  children,
  ...rest
}: {
  hydrated: boolean;
  button: ReactNode;
  buttonLabel?: string;
  buttonClassName: string;
  panelClassName: string;
  panelLabel: string;
  children: (close: () => void) => ReactNode;
} & { [data: `data-${string}`]: string | boolean | undefined }) {
  if (!hydrated) {
    return (
      <details className="relative inline-block" {...rest}>
        <summary className={`${buttonClassName} cursor-pointer list-none [&::-webkit-details-marker]:hidden`} aria-label={buttonLabel}>
          {button}
        </summary>
        <div role="group" aria-label={panelLabel} className={panelClassName}>
          {children(() => {})}
        </div>
      </details>
    );
  }
  return (
    <Popover className="relative inline-block" {...rest}>
      <PopoverButton className={buttonClassName} aria-label={buttonLabel}>
        {button}
      </PopoverButton>
      <PopoverPanel focus role="group" aria-label={panelLabel} className={panelClassName}>
        {({ close }) => <>{children(() => setTimeout(() => close(), 0))}</>}
      </PopoverPanel>
    </Popover>
  );
}
