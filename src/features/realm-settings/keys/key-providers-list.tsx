import { useState } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import { DataTable, type TableColumn, type TableRowAction } from "../../../core/ui/table/index.ts";
import { toKeyProvider } from "../paths.ts";
import { AddKeyProviderDialog } from "./add-key-provider-dialog.tsx";
import { configFlag, fetchKeyProviders, priorityOf, refreshKeys, type KeyProvider } from "./keys-queries.ts";
import "./keys-messages.ts";
import "./keys.css";

/** `realm-settings/keys/providers`: the realm's key providers by priority; add, open and delete. */
export function KeyProvidersList({ realmId }: { realmId: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const canManage = useAccess().hasAccess("manage-realm");
  const [isAdding, setAdding] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);

  const status = (provider: KeyProvider) => {
    if (!configFlag(provider, "enabled")) return <Label color="grey">{t("disabled")}</Label>;
    if (!configFlag(provider, "active")) return <Label color="orange">{t("rsKeysStatusPassive")}</Label>;
    return <Label color="green">{t("active")}</Label>;
  };

  const columns: TableColumn<KeyProvider>[] = [
    {
      name: "name",
      title: t("name"),
      cell: (provider) => (
        <Button
          variant="link"
          isInline
          component={(props: object) => (
            <Link {...props} to={toKeyProvider(realm, provider.id!, provider.providerId!)} />
          )}
        >
          {provider.name ?? provider.id}
        </Button>
      ),
    },
    { name: "providerId", title: t("provider"), cell: (provider) => provider.providerId ?? "" },
    { name: "priority", title: t("priority"), cell: (provider) => String(priorityOf(provider)) },
    { name: "status", title: t("status"), cell: status },
  ];

  const remove = async (provider: KeyProvider, refresh: () => void) => {
    const isConfirmed = await confirm({
      title: t("deleteProviderTitle"),
      children: t("deleteProviderConfirm", { provider: provider.name }),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!isConfirmed) return;
    try {
      await adminClient.components.del({ realm, id: provider.id! });
      await refreshKeys(queryClient, realm);
      addAlert(t("deleteProviderSuccess"));
      refresh();
    } catch (error) {
      addError("deleteProviderError", error);
    }
  };
  const rowActions: TableRowAction<KeyProvider>[] | undefined = canManage
    ? [{ title: t("delete"), isDanger: true, onAction: remove }]
    : undefined;
  const addButton = canManage && (
    <ToolbarItem>
      <Button onClick={() => setAdding(true)}>{t("addProvider")}</Button>
    </ToolbarItem>
  );

  return (
    <>
      <DataTable<KeyProvider>
        tableId="realm-key-providers"
        ariaLabel={t("providers")}
        columns={columns}
        rowKey={(provider) => provider.id!}
        searchPlaceholder={t("search")}
        refreshKey={refreshKey}
        loader={async (first, max, search) => {
          const needle = search.trim().toLowerCase();
          const providers = await fetchKeyProviders(queryClient, adminClient, realm, realmId);
          return providers
            .filter((provider) => `${provider.name ?? ""} ${provider.providerId ?? ""}`.toLowerCase().includes(needle))
            .slice(first, first + max);
        }}
        rowActions={rowActions}
        emptyState={{
          title: t("rsKeyProvidersEmpty"),
          message: t("rsKeyProvidersEmptyBody"),
          primaryAction: canManage ? { title: t("addProvider"), onClick: () => setAdding(true) } : undefined,
        }}
        toolbarActions={() => addButton}
      />
      {isAdding && (
        <AddKeyProviderDialog
          realmId={realmId}
          onClose={() => setAdding(false)}
          onSaved={() => setRefreshKey((key) => key + 1)}
        />
      )}
      {dialog}
    </>
  );
}
