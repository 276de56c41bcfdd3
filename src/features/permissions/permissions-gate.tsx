import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { EmptyState, EmptyStateBody } from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { isFeatureEnabled } from "../../core/api/server-info.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useRealmRepresentation } from "../../core/runtime/realm-scope.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import {
  fetchPermissionsClientId,
  fetchResourceTypes,
  permissionsKey,
  type ResourceTypeSchema,
} from "./permission-queries.ts";
import "./messages.ts";

export interface PermissionsContext {
  /** The admin-permissions client's id. */
  clientId: string;
  resourceTypes: ResourceTypeSchema[];
}

/** True when the ADMIN_FINE_GRAINED_AUTHZ_V2 feature and the realm's admin permissions are both on. */
export function useAdminPermissionsEnabled(): boolean {
  const serverInfo = useServerInfo();
  const realm = useRealmRepresentation();
  return isFeatureEnabled(serverInfo, "ADMIN_FINE_GRAINED_AUTHZ_V2") && realm?.adminPermissionsEnabled === true;
}

/**
 * Renders the permission screens once admin permissions are on and the admin-permissions client
 * and its authorization schema are loaded; otherwise says why.
 */
export function PermissionsGate({ children }: { children: (context: PermissionsContext) => ReactNode }) {
  const { t } = useMessages();
  const isEnabled = useAdminPermissionsEnabled();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const query = useQuery({
    queryKey: [...permissionsKey(realm), "client"],
    enabled: isEnabled,
    queryFn: async (): Promise<PermissionsContext | null> => {
      const clientId = await fetchPermissionsClientId(adminClient, realm);
      if (!clientId) return null;
      return { clientId, resourceTypes: await fetchResourceTypes(adminClient, realm, clientId) };
    },
  });
  if (!isEnabled || query.data === null)
    return (
      <PageSection>
        <EmptyState titleText={t("adminPermissionsOff")} headingLevel="h2" data-testid="permissions-disabled">
          <EmptyStateBody>{t("adminPermissionsOffBody")}</EmptyStateBody>
        </EmptyState>
      </PageSection>
    );
  if (query.isPending) return <LoadingSpinner />;
  if (query.error)
    return (
      <PageSection>
        <Alert variant="danger" isInline title={errorMessage(query.error)} />
      </PageSection>
    );
  return <>{children(query.data)}</>;
}
