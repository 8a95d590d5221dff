/**
 * The value of a command-line option given as `--flag=value` or `--flag value`; returns it and
 * the index of the last argument it used. Throws `new ErrorClass(...)` when the value is missing.
 */
export function optionValue(argv, index, ErrorClass) {
  const [flag, inline] = argv[index].split(/=(.*)/s);
  if (inline !== undefined) return { value: inline, index };
  const next = argv[index + 1];
  if (next === undefined || next.startsWith("-")) throw new ErrorClass(`${flag} needs a value`);
  return { value: next, index: index + 1 };
}
