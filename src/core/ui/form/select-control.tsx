import { useState } from "react";
import type { FieldValues } from "react-hook-form";
import { useMessages } from "../../i18n/use-messages.ts";
import { filterChoices } from "../overlays/filter-choices.ts";
import { SingleSelect, type SelectChoice } from "../overlays/single-select.tsx";
import { TypeaheadSelect } from "../overlays/typeahead-select.tsx";
import type { ControlProps } from "./control-props.ts";
import { TYPEAHEAD_THRESHOLD } from "./form-constants.ts";
import { FormField } from "./form-field.tsx";
import { useControlField } from "./use-control-field.ts";

export interface SelectControlProps<T extends FieldValues> extends ControlProps<T> {
  options: SelectChoice[];
  defaultValue?: string;
  placeholder?: string;
}

/** One value from a list; a typeahead select from TYPEAHEAD_THRESHOLD options on (spec §5). */
export function SelectControl<T extends FieldValues>(props: SelectControlProps<T>) {
  const { t } = useMessages();
  const [filter, setFilter] = useState("");
  const { field, id, errorText, isRequired } = useControlField(props, props.defaultValue ?? "");
  const isTypeahead = props.options.length >= TYPEAHEAD_THRESHOLD;
  return (
    <FormField
      id={id}
      label={props.label}
      labelHelp={props.labelHelp}
      isRequired={isRequired}
      error={errorText}
      helperText={props.helperText}
    >
      {isTypeahead ? (
        <TypeaheadSelect
          id={id}
          options={filterChoices(props.options, filter)}
          value={field.value as string}
          onChange={(value) => {
            field.onChange(value);
            setFilter("");
          }}
          onFilterChange={setFilter}
          placeholder={props.placeholder ?? t("chooseOption")}
          noResultsText={t("noMatchingOption")}
        />
      ) : (
        <SingleSelect
          id={id}
          options={props.options}
          value={field.value as string}
          onChange={field.onChange}
          placeholder={props.placeholder ?? t("chooseOption")}
          isDisabled={props.isDisabled}
        />
      )}
    </FormField>
  );
}
