import type { SelectChoice } from "./single-select.tsx";

/** Options whose label or value contains `text` (case-insensitive). */
export function filterChoices(options: SelectChoice[], text: string): SelectChoice[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return options;
  return options.filter(
    (option) => option.label.toLowerCase().includes(needle) || option.value.toLowerCase().includes(needle),
  );
}
