import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type EffectiveMessageBundleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/effectiveMessageBundleRepresentation.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import type { ServerInfo } from "../../../core/api/server-info.ts";
import { nativeLanguageName } from "../../../core/i18n/native-language-name.ts";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useServerInfo } from "../../../core/runtime/shared-queries.ts";
import { SingleSelect } from "../../../core/ui/overlays/single-select.tsx";
import { DataTable, type TableColumn } from "../../../core/ui/table/index.ts";
import type { Realm } from "../queries.ts";
import { fetchEffectiveBundle, matchesTranslation } from "./localization-queries.ts";
import "./localization-messages.ts";
import "./localization.css";

const THEME_TYPES = ["login", "account", "admin", "email"] as const;
type ThemeType = (typeof THEME_TYPES)[number];
const REALM_THEME: Record<ThemeType, keyof Realm> = {
  login: "loginTheme",
  account: "accountTheme",
  admin: "adminTheme",
  email: "emailTheme",
};

type Themes = Record<string, { name: string; locales?: string[] }[]>;
const themesOf = (info: ServerInfo | undefined, type: string) =>
  (info as { themes?: Themes } | undefined)?.themes?.[type] ?? [];

/** The Effective message bundles sub-tab: a theme's messages for a locale with the realm's texts on top. */
export function EffectiveBundlesSection({ realm }: { realm: Realm }) {
  const { t } = useMessages();
  const realmName = realm.realm ?? "";
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const serverInfo = useServerInfo();
  const [themeType, setThemeType] = useState<ThemeType>("admin");
  const themes = themesOf(serverInfo, themeType);
  const [chosenTheme, setTheme] = useState<string>();
  const realmTheme = String(realm[REALM_THEME[themeType]] ?? "");
  const theme =
    themes.find((candidate) => candidate.name === chosenTheme) ??
    themes.find((candidate) => candidate.name === realmTheme) ??
    themes[0];
  const locales = theme?.locales?.length ? [...theme.locales].sort() : ["en"];
  const [chosenLocale, setLocale] = useState<string>();
  const locale = locales.find((candidate) => candidate === (chosenLocale ?? realm.defaultLocale)) ?? "en";

  const columns: TableColumn<EffectiveMessageBundleRepresentation>[] = [
    { name: "key", title: t("key"), width: 40, cell: (entry) => <code>{entry.key}</code> },
    {
      name: "value",
      title: t("value"),
      cell: (entry) => (
        <span className="kc-translation-value">
          <bdi>{entry.value}</bdi>
          {entry.source === "REALM" && (
            <Label isCompact color="blue">
              {t("realmOverrides")}
            </Label>
          )}
        </span>
      ),
    },
  ];

  const filter = (
    label: string,
    value: string,
    options: { value: string; label: string }[],
    onChange: (value: string) => void,
  ) => (
    <ToolbarItem className="kc-bundle-filter">
      <span aria-hidden="true">{label}</span>
      <SingleSelect
        aria-label={`${label}: ${options.find((option) => option.value === value)?.label ?? value}`}
        value={value}
        onChange={onChange}
        options={options}
      />
    </ToolbarItem>
  );

  return (
    <>
      <Content component="p">{t("effectiveMessageBundlesDescription")}</Content>
      <Toolbar>
        <ToolbarContent>
          {filter(
            t("themeType"),
            themeType,
            THEME_TYPES.map((value) => ({ value, label: value })),
            (value) => {
              setThemeType(value as ThemeType);
              setTheme(undefined);
            },
          )}
          {filter(
            t("theme"),
            theme?.name ?? "",
            themes.map(({ name }) => ({ value: name, label: name })),
            setTheme,
          )}
          {filter(
            t("language"),
            locale,
            locales.map((value) => ({ value, label: nativeLanguageName(value) })),
            setLocale,
          )}
        </ToolbarContent>
      </Toolbar>
      <DataTable<EffectiveMessageBundleRepresentation>
        tableId="effective-message-bundles"
        ariaLabel={t("effectiveMessageBundles")}
        columns={columns}
        rowKey={(entry) => entry.key}
        searchPlaceholder={t("searchForTranslation")}
        refreshKey={`${themeType}/${theme?.name ?? ""}/${locale}`}
        loader={async (first, max, search) =>
          (
            await fetchEffectiveBundle(queryClient, adminClient, {
              realm: realmName,
              theme: theme?.name ?? "",
              themeType,
              locale,
            })
          )
            .filter((entry) => matchesTranslation(entry, search))
            .slice(first, first + max)
        }
        emptyState={{ title: t("rsL10nNoBundle"), message: t("rsL10nNoBundleBody") }}
      />
    </>
  );
}
