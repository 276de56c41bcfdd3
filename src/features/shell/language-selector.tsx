import { useState } from "react";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useChooseLanguage, useLanguage, useRealmRepresentation } from "../../core/runtime/realm-scope.tsx";
import { TYPEAHEAD_THRESHOLD } from "../../core/ui/form/form-constants.ts";
import { filterChoices } from "../../core/ui/overlays/filter-choices.ts";
import { SingleSelect, type SelectChoice } from "../../core/ui/overlays/single-select.tsx";
import { TypeaheadSelect } from "../../core/ui/overlays/typeahead-select.tsx";
import { nativeLanguageName } from "../../core/i18n/native-language-name.ts";

/**
 * The console's language, from the realm's supported locales (shown only with internationalization on and some
 * locales listed); a typeahead from 10 locales on (spec §5). The choice switches at once and is remembered.
 */
export function LanguageSelector() {
  const { t } = useMessages();
  const realm = useRealmRepresentation();
  const language = useLanguage();
  const chooseLanguage = useChooseLanguage();
  const [filter, setFilter] = useState("");
  const locales = realm?.internationalizationEnabled ? (realm.supportedLocales ?? []) : [];
  if (!locales.length) return null;
  const options: SelectChoice[] = [...locales]
    .sort()
    .map((locale) => ({ value: locale, label: nativeLanguageName(locale) }));
  if (options.length < TYPEAHEAD_THRESHOLD)
    return (
      <SingleSelect
        options={options}
        value={language}
        onChange={chooseLanguage}
        // The name starts with the visible text, the chosen language (WCAG 2.5.3).
        aria-label={t("languageSelectorNamed", { language: nativeLanguageName(language), action: t("selectLanguage") })}
      />
    );
  return (
    <TypeaheadSelect
      options={filterChoices(options, filter)}
      value={language}
      onChange={(locale) => {
        chooseLanguage(locale);
        setFilter("");
      }}
      onFilterChange={setFilter}
      aria-label={t("selectLanguage")}
      placeholder={t("selectLanguage")}
    />
  );
}
