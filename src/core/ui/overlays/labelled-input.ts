/**
 * `inputProps` for PatternFly's TextInputGroupMain: its input gets `ariaLabel` when one is given and
 * otherwise none, so the field's `<label for>` names it instead of PatternFly's default "Type to filter".
 */
export function labelledInputProps(ariaLabel?: string): { "aria-label": string | undefined } {
  return { "aria-label": ariaLabel };
}
