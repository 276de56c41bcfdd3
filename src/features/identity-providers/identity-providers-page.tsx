import { useState } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Flex } from "@patternfly/react-core/dist/esm/layouts/Flex/index.js";
import { Label, LabelGroup } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { DataTable, type TableColumn, type TableRowAction } from "../../core/ui/table/index.ts";
import { AddProviderDropdown } from "./add-provider-dropdown.tsx";
import { DisplayOrderDialog } from "./display-order-dialog.tsx";
import { toIdentityProvider } from "./paths.ts";
import { ProviderCatalogue } from "./provider-cards.tsx";
import { providerName } from "./provider-catalogue.ts";
import {
  deleteIdentityProvider,
  fetchIdentityProviderPage,
  identityProvidersKey,
  type IdentityProvider,
} from "./queries.ts";
import "./messages.ts";

/** `/:realm/identity-providers`: the realm's providers, searched and paged on the server. */
export default function IdentityProvidersPage() {
  const { t } = useMessages();
  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("identityProviders")}</Title>
        <Content component="p">{t("listExplain")}</Content>
      </PageSection>
      <PageSection>
        <IdentityProviderList />
      </PageSection>
    </>
  );
}

function Badges({ provider }: { provider: IdentityProvider }) {
  const { t } = useMessages();
  const badges = [
    provider.enabled === false && t("disabled"),
    provider.hideOnLogin && t("hidden"),
    provider.linkOnly && t("linkOnly"),
  ].filter((text): text is string => Boolean(text));
  if (badges.length === 0) return null;
  return (
    <LabelGroup>
      {badges.map((text) => (
        <Label key={text} isCompact color="grey">
          {text}
        </Label>
      ))}
    </LabelGroup>
  );
}

function IdentityProviderList() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const serverInfo = useServerInfo();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const canManage = useAccess().hasAccess("manage-identity-providers");
  const [ordering, setOrdering] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);

  const remove = async (provider: IdentityProvider, refresh: () => void) => {
    const alias = provider.alias ?? "";
    const confirmed = await confirm({
      title: t("deleteProvider"),
      children: t("deleteConfirmIdentityProvider", { provider: provider.displayName || alias }),
      variant: "destructive",
      confirmLabel: t("delete"),
    });
    if (!confirmed) return;
    try {
      await deleteIdentityProvider(adminClient, realm, alias);
      await queryClient.invalidateQueries({ queryKey: identityProvidersKey(realm) });
      addAlert(t("deletedSuccessIdentityProvider"));
      refresh();
    } catch (error) {
      addError("idpDeleteError", error);
    }
  };

  const columns: TableColumn<IdentityProvider>[] = [
    {
      name: "alias",
      title: t("name"),
      width: 50,
      cell: (provider) => (
        <Flex spaceItems={{ default: "spaceItemsSm" }} alignItems={{ default: "alignItemsCenter" }}>
          <Button
            variant="link"
            isInline
            component={(props: object) => (
              <Link {...props} to={toIdentityProvider(realm, provider.providerId ?? "", provider.alias ?? "")} />
            )}
          >
            {provider.displayName || provider.alias}
          </Button>
          {provider.displayName && provider.displayName !== provider.alias && <span>({provider.alias})</span>}
          <Badges provider={provider} />
        </Flex>
      ),
    },
    {
      name: "providerId",
      title: t("provider"),
      cell: (provider) => providerName(serverInfo, provider.providerId),
    },
  ];
  const rowActions: TableRowAction<IdentityProvider>[] | undefined = canManage
    ? [{ title: t("delete"), isDanger: true, onAction: remove }]
    : undefined;

  return (
    <>
      <DataTable<IdentityProvider>
        tableId="identity-providers"
        ariaLabel={t("identityProviders")}
        loader={(first, max, search) => fetchIdentityProviderPage(adminClient, realm, first, max, search)}
        columns={columns}
        rowKey={(provider) => provider.alias ?? ""}
        rowActions={rowActions}
        isSearchable
        searchPlaceholder={t("searchForProvider")}
        toolbarActions={() =>
          canManage && (
            <>
              <ToolbarItem>
                <AddProviderDropdown />
              </ToolbarItem>
              <ToolbarItem>
                <Button variant="link" onClick={() => setOrdering(true)}>
                  {t("manageDisplayOrder")}
                </Button>
              </ToolbarItem>
            </>
          )
        }
        emptyContent={canManage ? <ProviderCatalogue /> : undefined}
        emptyState={{ title: t("noIdentityProvider") }}
        refreshKey={refreshKey}
      />
      {ordering && (
        <DisplayOrderDialog
          onClose={(saved) => {
            setOrdering(false);
            if (saved) setRefreshKey((key) => key + 1);
          }}
        />
      )}
      {dialog}
    </>
  );
}
