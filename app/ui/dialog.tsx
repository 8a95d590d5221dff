import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from "@headlessui/react";

const SIZES = { sm: "max-w-sm", md: "max-w-md", lg: "max-w-2xl", xl: "max-w-4xl" } as const;

/**
 * The app's modal on Headless UI's Dialog: focus moves in on open and back on close, Escape and
 * a click outside close it, the page behind is inert. Sizes follow 002 §9 (preview lg, report xl).
 * Import it from route or lazily loaded components: Headless UI's Dialog is not small.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  size = "md",
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  size?: keyof typeof SIZES;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 data-[closed]:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel
            transition
            className={`w-full ${SIZES[size]} rounded-lg bg-white p-6 shadow-xl transition duration-200 data-[closed]:scale-95 data-[closed]:opacity-0`}
          >
            <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
            {description ? <Description className="mt-1 text-sm text-slate-600">{description}</Description> : null}
            {children}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
