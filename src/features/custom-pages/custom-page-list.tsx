import { Link, useNavigate } from "react-router";
import type ComponentRepresentation from "@keycloak/keycloak-admin-client/lib/defs/componentRepresentation.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useRealmQuery } from "../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { ViewHeader } from "../../core/ui/page/index.ts";
import { DataTable, type TableColumn, type TableRowAction } from "../../core/ui/table/index.ts";
import { UI_PAGE_PROVIDER, toCustomPageAdd, toCustomPageItem } from "./paths.ts";
import { UnknownProvider } from "./unknown-provider.tsx";
import { usePageProvider } from "./use-page-provider.ts";

/** How many of the provider's properties get a column next to the name. */
const PROPERTY_COLUMNS = 3;

/** `page-section/:providerId`: the realm's components of one page provider; create, open and delete them. */
export default function CustomPageList() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const canManage = useAccess().hasAccess("manage-realm");
  const { providerId, provider, pageName } = usePageProvider();
  const realmId = useRealmQuery(realm).data?.id;
  if (!provider) return <UnknownProvider providerId={providerId} />;

  const columns: TableColumn<ComponentRepresentation>[] = [
    {
      name: "name",
      title: t("name"),
      cell: (item) => (
        <Button
          variant="link"
          isInline
          component={(props: object) => <Link {...props} to={toCustomPageItem(realm, providerId, item.id!)} />}
        >
          {item.name ?? item.id}
        </Button>
      ),
    },
    ...provider.properties.slice(0, PROPERTY_COLUMNS).map((property): TableColumn<ComponentRepresentation> => ({
      name: property.name!,
      title: property.label ?? property.name!,
      cell: (item) => [item.config?.[property.name!] ?? []].flat().join(", "),
    })),
  ];

  const remove = async (item: ComponentRepresentation, refresh: () => void) => {
    const isConfirmed = await confirm({
      title: t("itemDeleteConfirmTitle"),
      children: t("itemDeleteConfirm"),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!isConfirmed) return;
    try {
      await adminClient.components.del({ realm, id: item.id! });
      addAlert(t("itemDeletedSuccess"));
      refresh();
    } catch (error) {
      addError("itemDeleteError", error);
    }
  };
  const rowActions: TableRowAction<ComponentRepresentation>[] | undefined = canManage
    ? [{ title: t("delete"), isDanger: true, onAction: remove }]
    : undefined;
  const add = () => navigate(toCustomPageAdd(realm, providerId));

  return (
    <>
      <ViewHeader title={pageName} subtitle={provider.helpText} />
      <PageSection>
        {realmId && (
          <DataTable<ComponentRepresentation>
            tableId={`custom-page-${providerId}`}
            ariaLabel={pageName}
            columns={columns}
            rowKey={(item) => item.id!}
            searchPlaceholder={t("search")}
            // Keycloak's components API has no paging: the provider's components come whole, then a page is cut.
            loader={async (first, max, search) => {
              const needle = search.trim().toLowerCase();
              const items = await adminClient.components.find({
                realm,
                type: UI_PAGE_PROVIDER,
                parent: realmId,
              });
              return items
                .filter((item) => item.providerId === providerId)
                .filter((item) => (item.name ?? "").toLowerCase().includes(needle))
                .slice(first, first + max);
            }}
            rowActions={rowActions}
            emptyState={{
              title: t("noItems"),
              message: t("noItemsInstructions"),
              primaryAction: canManage ? { title: t("createItem"), onClick: add } : undefined,
            }}
            toolbarActions={() =>
              canManage && (
                <ToolbarItem>
                  <Button onClick={add}>{t("createItem")}</Button>
                </ToolbarItem>
              )
            }
          />
        )}
      </PageSection>
      {dialog}
    </>
  );
}
