import { useNavigate, useParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { errorMessage, responseStatus } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { RoutableTabs, ViewHeader } from "../../core/ui/page/index.ts";
import { toRepresentation, type ClientScopeFormValues } from "./client-scope-model.ts";
import {
  changeScopeType,
  clientScopeKeys,
  deleteClientScope,
  fetchClientScope,
  fetchScopeType,
  updateClientScope,
} from "./client-scope-queries.ts";
import { ClientScopeSettingsTab } from "./client-scope-settings-tab.tsx";
import { ProtocolMappersTab } from "../../core/ui/protocol-mappers/index.ts";
import { RoleMapping } from "../../core/ui/role-mapping/index.ts";
import { clientScopeMapperLinks, toClientScopes } from "./paths.ts";
import { protocolLabel } from "./scope-labels.ts";
import "./messages.ts";

/** `/:realm/client-scopes/:id/:tab`: the header (delete) and the settings, mappers and scope tabs. */
export default function ClientScopePage() {
  const { t } = useMessages();
  const { id = "" } = useParams();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const canManage = access.hasAccess("manage-clients");
  const scope = useQuery({
    queryKey: clientScopeKeys.one(realm, id),
    queryFn: async () => {
      const [representation, type] = await Promise.all([
        fetchClientScope(adminClient, realm, id),
        fetchScopeType(adminClient, realm, id),
      ]);
      return representation ? { representation, type } : null;
    },
  });

  if (scope.isPending) return <LoadingSpinner />;
  if (scope.error || !scope.data) {
    return (
      <PageSection>
        <p role="alert">
          {responseStatus(scope.error) === 404 || !scope.data
            ? t("clientScopeNotFound")
            : t("clientScopeLoadFailed", { message: errorMessage(scope.error) })}
        </p>
      </PageSection>
    );
  }
  const { representation: current, type } = scope.data;

  const save = async (values: ClientScopeFormValues) => {
    await updateClientScope(adminClient, realm, id, toRepresentation(values, current));
    await changeScopeType(adminClient, realm, id, type, values.type);
    await queryClient.invalidateQueries({ queryKey: clientScopeKeys.all(realm) });
  };

  const remove = async () => {
    const confirmed = await confirm({
      title: t("deleteClientScope", { count: 1, name: current.name }),
      children: t("deleteConfirmClientScopes"),
      variant: "destructive",
      confirmLabel: t("delete"),
    });
    if (!confirmed) return;
    try {
      await deleteClientScope(adminClient, realm, id);
      alerts.addAlert(t("deletedSuccessClientScope"));
      queryClient.removeQueries({ queryKey: clientScopeKeys.one(realm, id) });
      await queryClient.invalidateQueries({ queryKey: clientScopeKeys.list(realm) });
      navigate(toClientScopes(realm));
    } catch (error) {
      alerts.addError("deletedErrorClientScope", error);
    }
  };

  return (
    <>
      <ViewHeader
        title={current.name ?? ""}
        badges={[{ text: protocolLabel(t, current.protocol) }]}
        actions={canManage ? [{ title: t("delete"), onClick: remove, isDanger: true }] : undefined}
      />
      <PageSection>
        <RoutableTabs
          hasSpacedContent
          aria-label={t("clientScopeTabs")}
          tabs={[
            {
              key: "settings",
              title: t("settings"),
              content: <ClientScopeSettingsTab scope={current} type={type} canManage={canManage} onSave={save} />,
            },
            {
              key: "mappers",
              title: t("mappers"),
              content: (
                <ProtocolMappersTab
                  owner={{ kind: "clientScope", id }}
                  ownerName={current.name ?? ""}
                  protocol={current.protocol}
                  links={clientScopeMapperLinks(realm, id)}
                  canManage={canManage}
                  tableId="client-scope-mappers"
                />
              ),
            },
            {
              key: "scope",
              title: t("scope"),
              content: <RoleMapping type="clientScopes" id={id} isManager={canManage} />,
            },
          ]}
        />
      </PageSection>
      {dialog}
    </>
  );
}
