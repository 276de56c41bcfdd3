import { useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useAccess } from "../../../../core/access/access-context.tsx";
import { errorMessage, responseStatus } from "../../../../core/api/api-error.ts";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { LoadingSpinner } from "../../../../core/ui/layout/loading-spinner.tsx";
import { RoutableTabs, ViewHeader } from "../../../../core/ui/page/index.ts";
import { ProtocolMappersTab } from "../../../../core/ui/protocol-mappers/index.ts";
import { clientKeys, fetchClient } from "../../client-queries.ts";
import { DedicatedScopeTab } from "./dedicated-scope-tab.tsx";
import { dedicatedMapperLinks } from "../../paths.ts";
import "../../messages.ts";
import "../client-scopes-messages.ts";

/** `/:realm/clients/:clientId/clientScopes/dedicated/:tab`: the client's own mappers and its scope. */
export default function DedicatedScopePage() {
  const { t } = useMessages();
  const { clientId: id = "" } = useParams();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const client = useQuery({ queryKey: clientKeys.one(realm, id), queryFn: () => fetchClient(adminClient, realm, id) });

  if (client.isPending) return <LoadingSpinner />;
  if (client.error || !client.data) {
    return (
      <PageSection>
        <p role="alert">
          {responseStatus(client.error) === 404 || !client.data
            ? t("clientsNotFound")
            : t("clientsLoadFailed", { message: errorMessage(client.error) })}
        </p>
      </PageSection>
    );
  }
  const current = client.data;
  const canManage = access.hasAccess("manage-clients") && current.access?.configure !== false;
  return (
    <>
      <ViewHeader
        title={t("dedicatedScopeName", { clientName: current.clientId })}
        subtitle={t("dedicatedScopeExplain")}
      />
      <PageSection>
        <RoutableTabs
          hasSpacedContent
          aria-label={t("dedicatedScopeTabs")}
          tabs={[
            {
              key: "mappers",
              title: t("mappers"),
              content: (
                <ProtocolMappersTab
                  owner={{ kind: "client", id }}
                  ownerName={t("dedicatedScopeName", { clientName: current.clientId })}
                  protocol={current.protocol}
                  links={dedicatedMapperLinks(realm, id)}
                  canManage={canManage}
                  tableId="client-dedicated-mappers"
                />
              ),
            },
            { key: "scope", title: t("scope"), content: <DedicatedScopeTab client={current} canManage={canManage} /> },
          ]}
        />
      </PageSection>
    </>
  );
}
