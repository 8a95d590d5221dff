import { Icon, type IconKey } from "./icons";

/** The "nothing here" panel; `title` carries the specification's exact empty-state text. */
export function EmptyState({
  title,
  description,
  icon = "alert",
  children,
}: {
  title: string;
  description?: React.ReactNode;
  icon?: IconKey;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="mb-3 rounded-full bg-slate-100 p-3 text-slate-500">
        <Icon name={icon} className="size-6" />
      </span>
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {description ? <div className="mt-1 max-w-md text-sm text-slate-600">{description}</div> : null}
      {children ? <div className="mt-5">{children}</div> : null}
    </div>
  );
}
