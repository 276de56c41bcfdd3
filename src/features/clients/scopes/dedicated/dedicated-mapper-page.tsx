import { useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useAccess } from "../../../../core/access/access-context.tsx";
import { errorMessage } from "../../../../core/api/api-error.ts";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { LoadingSpinner } from "../../../../core/ui/layout/loading-spinner.tsx";
import { ProtocolMapperDetails } from "../../../../core/ui/protocol-mappers/index.ts";
import { clientKeys, fetchClient } from "../../client-queries.ts";
import { dedicatedMapperLinks } from "../../paths.ts";
import "../../messages.ts";

/** `/:realm/clients/:id/clientScopes/dedicated/mappers/:mapperId/:viewMode`: a mapper of the dedicated scope. */
export default function DedicatedMapperPage() {
  const { t } = useMessages();
  const { id = "", mapperId = "", viewMode } = useParams();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const client = useQuery({ queryKey: clientKeys.one(realm, id), queryFn: () => fetchClient(adminClient, realm, id) });
  if (client.isPending) return <LoadingSpinner />;
  if (client.error || !client.data) {
    return (
      <PageSection>
        <p role="alert">
          {client.error ? t("clientsLoadFailed", { message: errorMessage(client.error) }) : t("clientsNotFound")}
        </p>
      </PageSection>
    );
  }
  return (
    <ProtocolMapperDetails
      owner={{ kind: "client", id }}
      protocol={client.data.protocol}
      mapperId={mapperId}
      viewMode={viewMode === "add" ? "add" : "edit"}
      links={dedicatedMapperLinks(realm, id)}
      canManage={access.hasAccess("manage-clients") && client.data.access?.configure !== false}
    />
  );
}
