import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDebouncedValue } from "./use-debounced-value.ts";
import { PICKER_RESULT_SIZE } from "./picker-constants.ts";
import { SearchSelect } from "./search-select.tsx";
import type { SelectChoice } from "../overlays/index.ts";

export interface ServerSearchSelectProps {
  /** Distinguishes the cached answers of one picker from another's. */
  queryKey: readonly unknown[];
  /** Asks the server for the choices matching the typed text. */
  search(text: string, max: number): Promise<SelectChoice[]>;
  values: string[];
  onChange(values: string[]): void;
  /** Labels of chosen values that are not among the current choices. */
  labels: Record<string, string>;
  id: string;
  "aria-label": string;
  placeholder?: string;
  /** One value instead of several. */
  isSingle?: boolean;
}

/** A multi-value typeahead whose choices come from the server for every typed text; nothing is loaded in bulk. */
export function ServerSearchSelect({ queryKey, search, isSingle, ...props }: ServerSearchSelectProps) {
  const [text, setText] = useState("");
  const settled = useDebouncedValue(text);
  // The last answer stays on screen while the next text's is fetched: swapping the options for a spinner would drop
  // the focus from the option just chosen (and with it the menu's Escape).
  const choices = useQuery({
    queryKey: [...queryKey, settled],
    queryFn: () => search(settled, PICKER_RESULT_SIZE),
    placeholderData: keepPreviousData,
  });
  return (
    <SearchSelect
      {...props}
      isMulti={!isSingle}
      clearTextOnPick
      options={choices.data ?? []}
      isLoading={choices.isPending}
      onFilterChange={setText}
    />
  );
}
