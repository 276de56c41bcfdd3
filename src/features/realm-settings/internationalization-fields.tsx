import { useFormContext } from "react-hook-form";
import { nativeLanguageName } from "../../core/i18n/native-language-name.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { MultiSelectControl, SelectControl, SwitchControl } from "../../core/ui/form/index.ts";
import { themeLocales } from "./themes-values.ts";
import "./messages.ts";

export interface InternationalizationValues {
  internationalizationEnabled: boolean;
  supportedLocales: string[];
  defaultLocale: string;
}

/** Internationalization on/off, supported and default locale: the themes tab's and the localization tab's fields. */
export function InternationalizationFields() {
  const { t } = useMessages();
  const serverInfo = useServerInfo();
  const form = useFormContext<InternationalizationValues>();
  const i18nOn = form.watch("internationalizationEnabled");
  const supported = form.watch("supportedLocales");
  const locales = themeLocales(serverInfo).map((locale) => ({ value: locale, label: nativeLanguageName(locale) }));
  return (
    <>
      <SwitchControl<InternationalizationValues>
        name="internationalizationEnabled"
        label={t("internationalization")}
        labelHelp={t("internationalizationHelp")}
        onText={t("enabled")}
        offText={t("disabled")}
      />
      {i18nOn && (
        <>
          <MultiSelectControl<InternationalizationValues>
            name="supportedLocales"
            label={t("supportedLocales")}
            options={locales}
            rules={{ validate: (value) => (Array.isArray(value) && value.length > 0) || t("rsLocalesRequired") }}
          />
          <SelectControl<InternationalizationValues>
            name="defaultLocale"
            label={t("defaultLocale")}
            options={locales.filter((locale) => supported.includes(locale.value))}
            rules={{
              validate: (value) => supported.includes(String(value)) || t("rsDefaultLocaleNotSupported"),
            }}
          />
        </>
      )}
    </>
  );
}
