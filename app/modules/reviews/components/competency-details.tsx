/** A competency question's competency, with its description and behaviours when the question shows them (builder preview and answer form). */
export function CompetencyDetails({
  competency,
  showDescription,
  showBehaviours,
}: {
  competency: { name: string; description: string | null; behaviours: Array<{ id: string; name: string }> };
  showDescription: boolean;
  showBehaviours: boolean;
}) {
  return (
    <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
      <p className="font-medium">{competency.name}</p>
      {showDescription && competency.description ? <p className="mt-0.5">{competency.description}</p> : null}
      {showBehaviours && competency.behaviours.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {competency.behaviours.map((b) => (
            <li key={b.id}>{b.name}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
