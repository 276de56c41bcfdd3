import type { ReactNode } from "react";
import { EmptyState, EmptyStateBody } from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
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

/** Renders the organization screens only while organizations are on; says so otherwise (and calls nothing). */
export function OrganizationsGate({ children }: { children: ReactNode }) {
  const { t } = useMessages();
  if (useOrganizationsEnabled()) return <>{children}</>;
  return (
    <PageSection>
      <EmptyState titleText={t("orgNotEnabled")} headingLevel="h1" data-testid="organizations-disabled">
        <EmptyStateBody>{t("orgNotEnabledBody")}</EmptyStateBody>
      </EmptyState>
    </PageSection>
  );
}
