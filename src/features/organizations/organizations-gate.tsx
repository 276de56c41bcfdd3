import type { ReactNode } from "react";
import { EmptyState, EmptyStateBody } from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { ForbiddenMessage } from "../../core/access/forbidden-message.tsx";
import { isFeatureEnabled } from "../../core/api/server-info.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useRealmRepresentation } from "../../core/runtime/realm-scope.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import "./messages.ts";

/** True when the ORGANIZATION feature and the realm's organizations setting are both on. */
export function useOrganizationsEnabled(): boolean {
  const serverInfo = useServerInfo();
  const realm = useRealmRepresentation();
  return isFeatureEnabled(serverInfo, "ORGANIZATION") && realm?.organizationsEnabled === true;
}

/** Keycloak 26 answers every organizations call only to users with manage-realm. */
export const ORGANIZATIONS_API_ACCESS = "manage-realm";

/**
 * Renders the organization screens only while organizations are on and the server would answer
 * the user; otherwise says why, and calls nothing.
 */
export function OrganizationsGate({ children }: { children: ReactNode }) {
  const { t } = useMessages();
  const isEnabled = useOrganizationsEnabled();
  const canCallApi = useAccess().hasAccess(ORGANIZATIONS_API_ACCESS);
  if (isEnabled && canCallApi) return <>{children}</>;
  if (isEnabled) return <ForbiddenMessage permissions={[ORGANIZATIONS_API_ACCESS]} />;
  return (
    <PageSection>
      <EmptyState titleText={t("orgNotEnabled")} headingLevel="h1" data-testid="organizations-disabled">
        <EmptyStateBody>{t("orgNotEnabledBody")}</EmptyStateBody>
      </EmptyState>
    </PageSection>
  );
}
