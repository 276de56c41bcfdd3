import { useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { ProtocolMapperDetails } from "../../core/ui/protocol-mappers/index.ts";
import { clientScopeKeys, fetchClientScope } from "./client-scope-queries.ts";
import { clientScopeMapperLinks } from "./paths.ts";
import "./messages.ts";

/** `/:realm/client-scopes/:id/mappers/:mapperId/:viewMode`: a mapper of the scope (its protocol picks the types). */
export default function ClientScopeMapperPage() {
  const { t } = useMessages();
  const { id = "", mapperId = "", viewMode } = useParams();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const scope = useQuery({
    queryKey: [...clientScopeKeys.one(realm, id), "representation"],
    queryFn: async () => (await fetchClientScope(adminClient, realm, id)) ?? null,
  });
  if (scope.isPending) return <LoadingSpinner />;
  if (scope.error || !scope.data) {
    return (
      <PageSection>
        <p role="alert">
          {scope.error ? t("clientScopeLoadFailed", { message: errorMessage(scope.error) }) : t("clientScopeNotFound")}
        </p>
      </PageSection>
    );
  }
  return (
    <ProtocolMapperDetails
      owner={{ kind: "clientScope", id }}
      protocol={scope.data.protocol}
      mapperId={mapperId}
      viewMode={viewMode === "add" ? "add" : "edit"}
      links={clientScopeMapperLinks(realm, id)}
      canManage={access.hasAccess("manage-clients")}
    />
  );
}
