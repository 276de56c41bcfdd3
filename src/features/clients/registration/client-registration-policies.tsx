import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import {
  DataList,
  DataListCell,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
} from "@patternfly/react-core/dist/esm/components/DataList/index.js";
import type ComponentRepresentation from "@keycloak/keycloak-admin-client/lib/defs/componentRepresentation.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useServerInfo } from "../../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import { Modal, ModalBody, ModalHeader } from "../../../core/ui/overlays/modal.tsx";
import { DataTable, type TableColumn, type TableRowAction } from "../../../core/ui/table/index.ts";
import { fetchRegistrationPolicies, registrationPolicyProviders } from "./client-registration-queries.ts";
import { toClientRegistrationPolicy, type ClientRegistrationTab } from "../paths.ts";
import "../list/client-list-tabs-messages.ts";

/** "Create client policy": the providers to choose from; choosing one opens its form. */
function ChooseProviderDialog({ subTab, onClose }: { subTab: ClientRegistrationTab; onClose: () => void }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const providers = registrationPolicyProviders(useServerInfo());
  return (
    <Modal variant="medium" isOpen onClose={onClose} aria-labelledby="kc-choose-policy-provider">
      <ModalHeader title={t("chooseAPolicyProvider")} labelId="kc-choose-policy-provider" />
      <ModalBody>
        <DataList aria-label={t("chooseAPolicyProvider")} isCompact>
          {providers.map((provider) => (
            <DataListItem key={provider.id} aria-labelledby={`kc-provider-${provider.id}`}>
              <DataListItemRow>
                <DataListItemCells
                  dataListCells={[
                    <DataListCell key="name" width={2}>
                      <Button
                        variant="link"
                        isInline
                        id={`kc-provider-${provider.id}`}
                        onClick={() => navigate(toClientRegistrationPolicy(realm, subTab, provider.id))}
                      >
                        {provider.id}
                      </Button>
                    </DataListCell>,
                    <DataListCell key="help" width={5}>
                      {provider.helpText}
                    </DataListCell>,
                  ]}
                />
              </DataListItemRow>
            </DataListItem>
          ))}
        </DataList>
      </ModalBody>
    </Modal>
  );
}

/** The anonymous or authenticated client registration policies: name, provider; create and delete. */
export function ClientRegistrationPolicies({ subTab }: { subTab: ClientRegistrationTab }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const { confirm, dialog } = useConfirm();
  const [isChoosing, setChoosing] = useState(false);
  const canManage = useAccess().hasAccess("manage-clients");

  const columns: TableColumn<ComponentRepresentation>[] = [
    {
      name: "name",
      title: t("name"),
      cell: (policy) =>
        canManage ? (
          <Link to={toClientRegistrationPolicy(realm, subTab, policy.providerId!, policy.id)}>{policy.name}</Link>
        ) : (
          policy.name
        ),
    },
    { name: "providerId", title: t("providerId"), cell: (policy) => policy.providerId },
  ];

  const remove = async (policy: ComponentRepresentation, refresh: () => void) => {
    const isConfirmed = await confirm({
      title: t("clientRegisterPolicyDeleteConfirmTitle"),
      children: t("clientRegisterPolicyDeleteConfirm", { name: policy.name }),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!isConfirmed) return;
    try {
      await adminClient.components.del({ realm, id: policy.id! });
      alerts.addAlert(t("clientRegisterPolicyDeleteSuccess"));
      refresh();
    } catch (error) {
      alerts.addError("clientRegisterPolicyDeleteError", error);
    }
  };
  const rowActions: TableRowAction<ComponentRepresentation>[] = canManage
    ? [{ title: t("delete"), isDanger: true, onAction: remove }]
    : [];

  return (
    <>
      <DataTable<ComponentRepresentation>
        tableId={`client-registration-${subTab}`}
        ariaLabel={t(subTab === "anonymous" ? "anonymousAccessPolicies" : "authenticatedAccessPolicies")}
        columns={columns}
        rowKey={(policy) => policy.id!}
        searchPlaceholder={t("searchClientRegistration")}
        loader={async (first, max, search) => {
          const policies = await fetchRegistrationPolicies(adminClient, realm, subTab);
          const needle = search.toLowerCase();
          return policies
            .filter((policy) => (policy.name ?? "").toLowerCase().includes(needle))
            .slice(first, first + max);
        }}
        rowActions={rowActions}
        emptyState={{
          title: t("noAccessPolicies"),
          message: t("noAccessPoliciesInstructions"),
          primaryAction: canManage ? { title: t("createPolicy"), onClick: () => setChoosing(true) } : undefined,
        }}
        toolbarActions={() =>
          canManage && (
            <ToolbarItem>
              <Button onClick={() => setChoosing(true)}>{t("createPolicy")}</Button>
            </ToolbarItem>
          )
        }
      />
      {isChoosing && <ChooseProviderDialog subTab={subTab} onClose={() => setChoosing(false)} />}
      {dialog}
    </>
  );
}
