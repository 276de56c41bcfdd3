import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { DataTable, type TableColumn } from "../../core/ui/table/index.ts";
import {
  fetchLinkedProviders,
  linkedProvidersKey,
  linkOptionsOf,
  unlinkProvider,
  ANY_DOMAIN,
  type IdentityProvider,
} from "./identity-provider-queries.ts";
import { LinkIdentityProviderDialog } from "./link-identity-provider-dialog.tsx";
import type { Organization } from "./organization-queries.ts";
import "./messages.ts";

/** Identity providers linked to the organization, with their domain and redirect option; link, edit, unlink. */
export function OrganizationIdentityProvidersTab({ organization }: { organization: Organization }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<IdentityProvider | "new">();
  const [reloads, setReloads] = useState(0);
  const orgId = organization.id ?? "";

  // Keycloak answers this list whole (an organization links few providers): page it here.
  const loader = async (first: number, max: number) => {
    const providers = await queryClient.fetchQuery({
      queryKey: linkedProvidersKey(realm, orgId),
      queryFn: () => fetchLinkedProviders(adminClient, realm, orgId),
      staleTime: 0,
    });
    return providers.slice(first, first + max);
  };
  const unlink = async (provider: IdentityProvider, refresh: () => void) => {
    const confirmed = await confirm({
      title: `${t("unLinkIdentityProvider")}?`,
      children: provider.alias,
      variant: "destructive",
      confirmLabel: t("unLinkIdentityProvider"),
    });
    if (!confirmed) return;
    try {
      await unlinkProvider(adminClient, realm, orgId, provider.alias ?? "");
      addAlert(t("unLinkSuccessful"));
    } catch (error) {
      addError("unlinkError", error);
    }
    await queryClient.invalidateQueries({ queryKey: ["identity-providers", realm] });
    refresh();
  };
  const closed = (changed: boolean) => {
    setEditing(undefined);
    if (changed) setReloads((count) => count + 1);
  };
  const domainText = (provider: IdentityProvider) => {
    const domain = linkOptionsOf(provider).domain;
    return domain === ANY_DOMAIN ? t("any") : (domain ?? "");
  };

  const columns: TableColumn<IdentityProvider>[] = [
    { name: "alias", title: t("identityProvider"), width: 20 },
    { name: "displayName", title: t("displayName"), width: 20, cell: (provider) => provider.displayName ?? "" },
    { name: "domain", title: t("domain"), width: 25, cell: domainText },
    {
      name: "redirect",
      title: t("orgIdpRedirectColumn"),
      cell: (provider) => (linkOptionsOf(provider).redirectWhenEmailMatches ? t("yes") : t("no")),
    },
  ];

  return (
    <>
      <DataTable<IdentityProvider>
        tableId="organization-identity-providers"
        ariaLabel={t("linkedIdPs")}
        loader={loader}
        columns={columns}
        rowKey={(provider) => provider.alias ?? ""}
        isSearchable={false}
        refreshKey={reloads}
        rowActions={[
          { title: t("edit"), onAction: (provider) => setEditing(provider) },
          { title: t("unLinkIdentityProvider"), isDanger: true, onAction: unlink },
        ]}
        toolbarActions={() => (
          <ToolbarItem>
            <Button onClick={() => setEditing("new")}>{t("linkIdentityProvider")}</Button>
          </ToolbarItem>
        )}
        emptyState={{
          title: t("emptyIdentityProviderLink"),
          message: t("emptyIdentityProviderLinkInstructions"),
          primaryAction: { title: t("linkIdentityProvider"), onClick: () => setEditing("new") },
        }}
      />
      {editing && (
        <LinkIdentityProviderDialog
          organization={organization}
          linked={editing === "new" ? undefined : editing}
          onClose={closed}
        />
      )}
      {dialog}
    </>
  );
}
