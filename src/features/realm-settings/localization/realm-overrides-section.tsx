import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { nativeLanguageName } from "../../../core/i18n/native-language-name.ts";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import { SingleSelect } from "../../../core/ui/overlays/single-select.tsx";
import { DataTable, type TableColumn, type TableRowAction } from "../../../core/ui/table/index.ts";
import type { Realm } from "../queries.ts";
import { AddTranslationDialog } from "./add-translation-dialog.tsx";
import {
  deleteOverride,
  fetchOverrides,
  matchesTranslation,
  refreshLocalization,
  saveOverride,
  type Translation,
} from "./localization-queries.ts";
import { TranslationValueCell } from "./translation-value-cell.tsx";
import "./localization-messages.ts";
import "./localization.css";

/** The locales whose texts can be overridden: the supported ones, or English alone without internationalization. */
export const editableLocales = (realm: Realm): string[] =>
  realm.internationalizationEnabled && realm.supportedLocales?.length ? [...realm.supportedLocales].sort() : ["en"];

/** The Realm overrides sub-tab: the realm's own texts for one locale; add, edit in place, delete. */
export function RealmOverridesSection({ realm }: { realm: Realm }) {
  const { t, i18n } = useMessages();
  const realmName = realm.realm ?? "";
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const canManage = useAccess().hasAccess("manage-realm");
  const locales = editableLocales(realm);
  const [locale, setLocale] = useState(() =>
    locales.includes(realm.defaultLocale ?? "") ? realm.defaultLocale! : locales[0]!,
  );
  const [refreshKey, setRefreshKey] = useState(0);
  const [isAdding, setAdding] = useState(false);
  const [existingKeys, setExistingKeys] = useState<ReadonlySet<string>>(new Set());

  /** This tab's list and the console's own texts for the realm are read again. */
  const changed = async () => {
    await refreshLocalization(queryClient, realmName);
    await i18n.reloadResources(undefined, [realmName]);
    setRefreshKey((key) => key + 1);
  };

  const add = async (entry: Translation) => {
    try {
      await saveOverride(adminClient, realmName, locale, entry);
      addAlert(t("addTranslationSuccess"));
      await changed();
    } catch (error) {
      addError("addTranslationError", error);
      throw error;
    }
  };

  const update = async (entry: Translation, value: string) => {
    try {
      await saveOverride(adminClient, realmName, locale, { key: entry.key, value });
      addAlert(t("updateTranslationSuccess"));
      await changed();
    } catch (error) {
      addError("updateTranslationError", error);
      throw error;
    }
  };

  const remove = async (entry: Translation) => {
    const isConfirmed = await confirm({
      title: t("deleteConfirmTranslationTitle"),
      children: t("translationDeleteConfirmDialog", { count: 1 }),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!isConfirmed) return;
    try {
      await deleteOverride(adminClient, realmName, locale, entry.key);
      addAlert(t("deleteAllTranslationsSuccess"));
      await changed();
    } catch (error) {
      addError("deleteAllTranslationsError", error);
    }
  };

  const columns: TableColumn<Translation>[] = [
    { name: "key", title: t("key"), width: 40, cell: (entry) => <code>{entry.key}</code> },
    {
      name: "value",
      title: t("value"),
      cell: (entry) => (
        <TranslationValueCell entry={entry} canEdit={canManage} onSave={(value) => update(entry, value)} />
      ),
    },
  ];
  const rowActions: TableRowAction<Translation>[] | undefined = canManage
    ? [{ title: t("delete"), isDanger: true, onAction: (entry) => remove(entry) }]
    : undefined;
  const addButton = canManage && (
    <Button
      onClick={async () => {
        const entries = await fetchOverrides(queryClient, adminClient, realmName, locale);
        setExistingKeys(new Set(entries.map((entry) => entry.key)));
        setAdding(true);
      }}
    >
      {t("addTranslation")}
    </Button>
  );

  return (
    <>
      <Content component="p">{t("realmOverridesDescription")}</Content>
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem>
            <SingleSelect
              aria-label={`${t("selectALocale")}: ${nativeLanguageName(locale)}`}
              value={locale}
              onChange={setLocale}
              options={locales.map((value) => ({ value, label: nativeLanguageName(value) }))}
            />
          </ToolbarItem>
          {addButton && <ToolbarItem>{addButton}</ToolbarItem>}
        </ToolbarContent>
      </Toolbar>
      <DataTable<Translation>
        tableId="realm-overrides"
        ariaLabel={t("realmOverrides")}
        columns={columns}
        rowKey={(entry) => entry.key}
        searchPlaceholder={t("searchForTranslation")}
        refreshKey={`${locale}/${refreshKey}`}
        loader={async (first, max, search) =>
          (await fetchOverrides(queryClient, adminClient, realmName, locale))
            .filter((entry) => matchesTranslation(entry, search))
            .slice(first, first + max)
        }
        rowActions={rowActions}
        emptyState={{ title: t("noTranslations"), message: t("noTranslationsInstructions") }}
      />
      {isAdding && <AddTranslationDialog existingKeys={existingKeys} onSave={add} onClose={() => setAdding(false)} />}
      {dialog}
    </>
  );
}
