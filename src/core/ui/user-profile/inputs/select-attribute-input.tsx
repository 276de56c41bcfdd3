import { useState } from "react";
import { useMessages } from "../../../i18n/use-messages.ts";
import { SearchSelect } from "../../pickers/search-select.tsx";
import { attributeLabel, inputTypeOf, optionLabel, optionsOf, placeholderOf } from "../attribute-annotations.ts";
import type { AttributeInputProps } from "../profile-types.ts";

/** From this many options on, a select lets the user type to filter. */
export const TYPEAHEAD_THRESHOLD = 10;

/** select (one value) and multiselect (any number) over the `options` validator's values. */
export function SelectAttributeInput({ attribute, inputId, values, onChange, isDisabled }: AttributeInputProps) {
  const { t } = useMessages();
  const [filter, setFilter] = useState("");
  const all = optionsOf(attribute).map((value) => ({ value, label: optionLabel(t, attribute, value) }));
  const isTypeahead = all.length >= TYPEAHEAD_THRESHOLD;
  const shown = filter ? all.filter((option) => option.label.toLowerCase().includes(filter.toLowerCase())) : all;
  return (
    <SearchSelect
      id={inputId}
      aria-label={attributeLabel(t, attribute)}
      options={shown}
      values={values.filter((value) => value !== "")}
      onChange={onChange}
      onFilterChange={isTypeahead ? setFilter : undefined}
      isMulti={inputTypeOf(attribute) === "multiselect"}
      isDisabled={isDisabled}
      placeholder={placeholderOf(t, attribute)}
    />
  );
}
