import { Navigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { toPermissions } from "./paths.ts";
import { PermissionForm } from "./permission-form.tsx";
import { fetchPermissionDetails, permissionsKey } from "./permission-queries.ts";
import { objectLabels } from "./object-search.ts";
import { PermissionsGate, type PermissionsContext } from "./permissions-gate.tsx";
import "./messages.ts";

/** `/:realm/permissions/permission/new/:resourceType` and `.../permission/:permissionId/:resourceType`. */
export default function PermissionPage() {
  const { t } = useMessages();
  const { permissionId } = useParams();
  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{permissionId ? t("permissionDetails") : t("createPermission")}</Title>
      </PageSection>
      <PermissionsGate>{(context) => <PermissionScreen context={context} />}</PermissionsGate>
    </>
  );
}

function PermissionScreen({ context }: { context: PermissionsContext }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { permissionId, resourceType = "" } = useParams();
  const schema = context.resourceTypes.find((entry) => entry.type === resourceType);
  const query = useQuery({
    queryKey: [...permissionsKey(realm), "one", permissionId ?? "new"],
    enabled: Boolean(permissionId && schema),
    queryFn: async () => {
      const details = await fetchPermissionDetails(adminClient, realm, context.clientId, permissionId ?? "");
      if (!details) return null;
      const labels = await objectLabels(adminClient, realm, resourceType, details.resources);
      return { details, labels };
    },
  });
  if (!schema) return <Navigate to={toPermissions(realm)} replace />;
  if (!permissionId)
    return (
      <PageSection>
        <PermissionForm context={context} schema={schema} />
      </PageSection>
    );
  if (query.isPending) return <LoadingSpinner />;
  if (query.error || !query.data)
    return (
      <PageSection>
        <Alert
          variant="danger"
          isInline
          title={query.error ? t("permissionLoadError", { error: errorMessage(query.error) }) : t("permissionNotFound")}
        />
      </PageSection>
    );
  return (
    <PageSection>
      <PermissionForm
        context={context}
        schema={schema}
        permissionId={permissionId}
        details={query.data.details}
        resourceLabels={query.data.labels}
      />
    </PageSection>
  );
}
