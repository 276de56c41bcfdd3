import { Navigate, useLocation, useNavigate, useParams } from "react-router";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Tab, Tabs, TabTitleText } from "@patternfly/react-core/dist/esm/components/Tabs/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { TabPanel } from "../../core/ui/page/tab-panel.tsx";
import { isPermissionTab, PERMISSION_TABS, toPermissionsTab, type PermissionTab } from "./paths.ts";
import { PermissionList } from "./permission-list.tsx";
import { AdminPoliciesTab } from "./policies/admin-policies-tab.tsx";
import { AdminEvaluationTab } from "./evaluation/admin-evaluation-tab.tsx";
import { EffectiveAccessTab } from "./effective-access/effective-access-tab.tsx";
import { PermissionsGate, type PermissionsContext } from "./permissions-gate.tsx";
import "./messages.ts";

/** `/:realm/permissions` and `/:realm/permissions/:permissionClientId/:tab`. */
export default function PermissionsPage() {
  const { t } = useMessages();
  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("permissions")}</Title>
        <Content component="p">{t("permissionsSubTitle")}</Content>
      </PageSection>
      <PermissionsGate>{(context) => <PermissionsTabs context={context} />}</PermissionsGate>
    </>
  );
}

function PermissionsTabs({ context }: { context: PermissionsContext }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const params = useParams();
  const { permissionClientId } = params;
  // `permissions/:permissionClientId/policies` is its own route upstream, with no `:tab`.
  const tab = params.tab ?? (pathname.endsWith("/policies") ? "policies" : undefined);
  if (permissionClientId !== undefined && (permissionClientId !== context.clientId || !isPermissionTab(tab)))
    return <Navigate to={toPermissionsTab(realm, context.clientId)} replace />;
  const shown: PermissionTab = isPermissionTab(tab) ? tab : "permissions";
  const titles: Record<PermissionTab, string> = {
    permissions: t("permissions"),
    policies: t("policies"),
    evaluation: t("evaluation"),
    "effective-access": t("effectiveAccess"),
  };
  return (
    <PageSection type="tabs">
      <Tabs
        activeKey={shown}
        onSelect={(_event, key) => navigate(toPermissionsTab(realm, context.clientId, key as PermissionTab))}
        aria-label={t("permissionsTabs")}
        mountOnEnter
        unmountOnExit
      >
        {PERMISSION_TABS.map((key) => (
          <Tab key={key} eventKey={key} title={<TabTitleText>{titles[key]}</TabTitleText>}>
            <TabPanel>
              {key !== shown ? null : key === "permissions" ? (
                <PermissionList context={context} />
              ) : key === "policies" ? (
                <AdminPoliciesTab context={context} />
              ) : key === "evaluation" ? (
                <AdminEvaluationTab context={context} />
              ) : (
                <EffectiveAccessTab context={context} />
              )}
            </TabPanel>
          </Tab>
        ))}
      </Tabs>
    </PageSection>
  );
}
