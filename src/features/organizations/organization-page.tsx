import { Navigate, useNavigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Tab, Tabs, TabTitleText } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { TabPanel } from "../../core/ui/page/tab-panel.tsx";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { OrganizationDetailsForm } from "./organization-details-form.tsx";
import { OrganizationHeader } from "./organization-header.tsx";
import { OrganizationIdentityProvidersTab } from "./organization-identity-providers-tab.tsx";
import { OrganizationMembersTab } from "./organization-members-tab.tsx";
import { fetchOrganization, organizationKey, type Organization } from "./organization-queries.ts";
import { OrganizationsGate } from "./organizations-gate.tsx";
import { isOrganizationTab, toOrganization, type OrganizationTab } from "./paths.ts";
import "./messages.ts";

/** `/:realm/organizations/:id/:tab` with tabs settings, attributes, members and identityProviders. */
export default function OrganizationPage() {
  return (
    <OrganizationsGate>
      <OrganizationLoader />
    </OrganizationsGate>
  );
}

function OrganizationLoader() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { id = "", tab } = useParams();
  const query = useQuery({
    queryKey: organizationKey(realm, id),
    queryFn: () => fetchOrganization(adminClient, realm, id),
  });
  if (!isOrganizationTab(tab)) return <Navigate to={toOrganization(realm, id)} replace />;
  if (query.isPending) return <LoadingSpinner />;
  if (query.error || !query.data) {
    return (
      <PageSection>
        <Alert
          variant="danger"
          isInline
          title={query.error ? t("orgLoadFailed", { message: errorMessage(query.error) }) : t("orgNotFound")}
          data-testid="organization-error"
        />
      </PageSection>
    );
  }
  return <OrganizationView organization={query.data} tab={tab} />;
}

function OrganizationView({ organization, tab }: { organization: Organization; tab: OrganizationTab }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const id = organization.id ?? "";
  const tabTitles: Record<OrganizationTab, string> = {
    settings: t("settings"),
    attributes: t("attributes"),
    members: t("members"),
    identityProviders: t("identityProviders"),
  };
  const content = (shown: OrganizationTab) => {
    if (shown !== tab) return null;
    if (shown === "members") return <OrganizationMembersTab organization={organization} />;
    if (shown === "identityProviders") return <OrganizationIdentityProvidersTab organization={organization} />;
    return <OrganizationDetailsForm organization={organization} part={shown} />;
  };
  return (
    <>
      <OrganizationHeader organization={organization} />
      <PageSection type="tabs">
        <Tabs
          activeKey={tab}
          onSelect={(_event, key) => navigate(toOrganization(realm, id, key as OrganizationTab))}
          aria-label={t("orgTabsLabel")}
          mountOnEnter
          unmountOnExit
        >
          {(Object.keys(tabTitles) as OrganizationTab[]).map((key) => (
            <Tab
              key={key}
              eventKey={key}
              title={<TabTitleText>{tabTitles[key]}</TabTitleText>}
              data-testid={`organization-tab-${key}`}
            >
              <TabPanel>{content(key)}</TabPanel>
            </Tab>
          ))}
        </Tabs>
      </PageSection>
    </>
  );
}
