import { useState } from "react";
import { nativeLanguageName } from "../../../i18n/native-language-name.ts";
import { useRealmRepresentationIfScoped } from "../../../runtime/realm-scope.tsx";
import { SearchSelect } from "../../pickers/search-select.tsx";
import { selectableLocales } from "../locale-attribute.ts";
import type { AttributeInputProps } from "../profile-types.ts";
import { TYPEAHEAD_THRESHOLD } from "./select-attribute-input.tsx";

/**
 * The user's `locale`: one of the realm's supported locales, each named in its own language. The field's label names
 * it (an aria-label would hide the chosen language from its name).
 */
export function LocaleAttributeInput({ inputId, values, onChange, isDisabled }: AttributeInputProps) {
  const realm = useRealmRepresentationIfScoped();
  const [filter, setFilter] = useState("");
  const all = selectableLocales(realm).map((locale) => ({ value: locale, label: nativeLanguageName(locale) }));
  const isTypeahead = all.length >= TYPEAHEAD_THRESHOLD;
  const shown = filter ? all.filter((option) => option.label.toLowerCase().includes(filter.toLowerCase())) : all;
  return (
    <SearchSelect
      id={inputId}
      options={shown}
      values={values.filter((value) => value !== "")}
      onChange={onChange}
      onFilterChange={isTypeahead ? setFilter : undefined}
      isDisabled={isDisabled}
    />
  );
}
