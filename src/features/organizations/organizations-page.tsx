import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import type { TableRowAction } from "../../core/ui/table/index.ts";
import { useOrganizationEvents } from "./organization-events.tsx";
import { deleteOrganization, fetchOrganizationPage, organizationsKey } from "./organization-queries.ts";
import { OrganizationTable, type OrganizationRow } from "./organization-table.tsx";
import { OrganizationsGate } from "./organizations-gate.tsx";
import { toNewOrganization, toOrganization } from "./paths.ts";
import "./messages.ts";

/** `/:realm/organizations`: the realm's organizations, searched and paged on the server. */
export default function OrganizationsPage() {
  const { t } = useMessages();
  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("organizations")}</Title>
        <Content component="p">{t("organizationsExplain")}</Content>
      </PageSection>
      <OrganizationsGate>
        <PageSection>
          <OrganizationList />
        </PageSection>
      </OrganizationsGate>
    </>
  );
}

function OrganizationList() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const events = useOrganizationEvents();
  const { confirm, dialog } = useConfirm();
  const canManage = useAccess().hasAccess("manage-users");

  const remove = async (organization: OrganizationRow, refresh: () => void) => {
    const confirmed = await confirm({
      title: t("organizationDelete"),
      children: t("organizationDeleteConfirm"),
      variant: "destructive",
      confirmLabel: t("delete"),
    });
    if (!confirmed || !organization.id) return;
    try {
      await deleteOrganization(adminClient, realm, organization.id);
      await queryClient.invalidateQueries({ queryKey: organizationsKey(realm) });
      events.deleted(organization.id, organization.name);
      addAlert(t("organizationDeletedSuccess"));
      refresh();
    } catch (error) {
      addError("orgDeleteFailed", error);
    }
  };
  const rowActions: TableRowAction<OrganizationRow>[] | undefined = canManage
    ? [
        { title: t("edit"), onAction: (organization) => navigate(toOrganization(realm, organization.id ?? "")) },
        { title: t("delete"), isDanger: true, onAction: remove },
      ]
    : undefined;

  return (
    <>
      <OrganizationTable
        tableId="organizations"
        loader={(first, max, search) => fetchOrganizationPage(adminClient, realm, first, max, search)}
        linkTo={canManage ? (organization) => toOrganization(realm, organization.id ?? "") : undefined}
        searchPlaceholder={t("searchOrganization")}
        rowActions={rowActions}
        toolbarActions={() =>
          canManage && (
            <ToolbarItem>
              <Button onClick={() => navigate(toNewOrganization(realm))}>{t("createOrganization")}</Button>
            </ToolbarItem>
          )
        }
        emptyState={{
          title: t("emptyOrganizations"),
          message: t("emptyOrganizationsInstructions"),
          primaryAction: canManage
            ? { title: t("createOrganization"), onClick: () => navigate(toNewOrganization(realm)) }
            : undefined,
        }}
      />
      {dialog}
    </>
  );
}
