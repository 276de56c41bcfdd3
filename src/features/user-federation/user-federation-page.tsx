import { useState, type ReactNode, type Ref } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Card, CardBody, CardHeader, CardTitle } from "@patternfly/react-core/dist/esm/components/Card/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { MenuToggle, type MenuToggleElement } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { Gallery } from "@patternfly/react-core/dist/esm/layouts/Gallery/index.js";
import EllipsisVIcon from "@patternfly/react-icons/dist/esm/icons/ellipsis-v-icon.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { Dropdown, DropdownItem, DropdownList } from "../../core/ui/overlays/dropdown.tsx";
import { STORAGE_TYPE, toNewProvider, toProvider } from "./paths.ts";
import { deleteComponent, fetchProviders, providersKey, type Component } from "./queries.ts";
import "./messages.ts";

/** A router link styled as PatternFly's inline link (nothing inside the shadow root has the browser's link colours). */
function RouterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button variant="link" isInline component={(props: object) => <Link {...props} to={to} />}>
      {children}
    </Button>
  );
}

/** The display name of a provider type: LDAP and Kerberos by their names, others by their id. */
export function useProviderTypeName() {
  const { t } = useMessages();
  return (providerId: string) =>
    providerId === "ldap" ? t("ldap") : providerId === "kerberos" ? t("kerberos") : providerId;
}

/** `/:realm/user-federation` (and `/ldap`, `/kerberos`): the providers as cards, or one card per provider type. */
export default function UserFederationPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const only = /\/user-federation\/(ldap|kerberos)$/.exec(useLocation().pathname)?.[1];
  const query = useQuery({ queryKey: providersKey(realm), queryFn: () => fetchProviders(adminClient, realm) });
  const providers = (query.data ?? []).filter((p) => !only || p.providerId === only);
  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("userFederation")}</Title>
        <Content component="p">{t("userFederationExplain")}</Content>
      </PageSection>
      <PageSection>
        {query.isPending ? (
          <LoadingSpinner />
        ) : query.error ? (
          <Alert variant="danger" isInline title={errorMessage(query.error)} />
        ) : providers.length === 0 ? (
          <ProviderTypeCards only={only} />
        ) : (
          <ProviderCards providers={providers} />
        )}
      </PageSection>
    </>
  );
}

function useProviderTypes(only?: string): string[] {
  const info = useServerInfo();
  const ids = (info.componentTypes?.[STORAGE_TYPE] ?? []).map((type) => type.id);
  const ordered = [...ids.filter((id) => id === "ldap"), ...ids.filter((id) => id !== "ldap")];
  return ordered.filter((id) => !only || id === only);
}

function ProviderTypeCards({ only }: { only?: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const typeName = useProviderTypeName();
  const canManage = useAccess().hasAccess("manage-realm");
  const types = useProviderTypes(only);
  return (
    <>
      <Title headingLevel="h2">{t("add-providers")}</Title>
      <Content component="p">{t("getStarted")}</Content>
      <Gallery hasGutter minWidths={{ default: "16rem" }}>
        {types.map((id) => (
          <Card key={id} isCompact>
            <CardTitle>
              <Title headingLevel="h3">{typeName(id)}</Title>
            </CardTitle>
            <CardBody>
              {canManage ? (
                <RouterLink to={toNewProvider(realm, id)}>
                  {t("addProvider", { count: 1, provider: typeName(id) })}
                </RouterLink>
              ) : (
                typeName(id)
              )}
            </CardBody>
          </Card>
        ))}
      </Gallery>
    </>
  );
}

function ProviderCards({ providers }: { providers: Component[] }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const navigate = useNavigate();
  const typeName = useProviderTypeName();
  const types = useProviderTypes();
  const canManage = useAccess().hasAccess("manage-realm");
  const [isAddOpen, setAddOpen] = useState(false);
  return (
    <>
      {canManage && (
        <Dropdown
          isOpen={isAddOpen}
          onOpenChange={setAddOpen}
          toggle={(ref: Ref<MenuToggleElement>) => (
            <MenuToggle ref={ref} variant="primary" isExpanded={isAddOpen} onClick={() => setAddOpen(!isAddOpen)}>
              {t("addNewProvider")}
            </MenuToggle>
          )}
        >
          <DropdownList>
            {types.map((id) => (
              <DropdownItem key={id} onClick={() => navigate(toNewProvider(realm, id))}>
                {typeName(id)}
              </DropdownItem>
            ))}
          </DropdownList>
        </Dropdown>
      )}
      <Gallery hasGutter minWidths={{ default: "18rem" }} className="pf-v6-u-mt-md">
        {providers.map((provider) => (
          <ProviderCard key={provider.id} provider={provider} canManage={canManage} typeName={typeName} />
        ))}
      </Gallery>
    </>
  );
}

function ProviderCard(props: { provider: Component; canManage: boolean; typeName: (id: string) => string }) {
  const { provider, canManage, typeName } = props;
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const config = provider.config ?? {};
  const enabled = config.enabled?.[0] !== "false";
  const lastSync = Number(config.lastSync?.[0] ?? 0);
  const providerId = provider.providerId ?? "";
  const remove = async () => {
    setMenuOpen(false);
    const confirmed = await confirm({
      title: t("deleteProvider"),
      children: t("userFedDeleteConfirm"),
      variant: "destructive",
      confirmLabel: t("delete"),
    });
    if (!confirmed) return;
    try {
      await deleteComponent(adminClient, realm, provider.id ?? "");
      addAlert(t("userFedDeletedSuccess"));
      await queryClient.invalidateQueries({ queryKey: providersKey(realm) });
    } catch (error) {
      addError("userFedDeleteError", error);
    }
  };
  return (
    <Card isCompact>
      <CardHeader
        actions={
          canManage
            ? {
                actions: (
                  <Dropdown
                    isOpen={isMenuOpen}
                    onOpenChange={setMenuOpen}
                    popperProps={{ position: "right" }}
                    toggle={(ref: Ref<MenuToggleElement>) => (
                      <MenuToggle
                        ref={ref}
                        variant="plain"
                        aria-label={`${t("headerActions")} ${provider.name ?? ""}`}
                        isExpanded={isMenuOpen}
                        onClick={() => setMenuOpen(!isMenuOpen)}
                        icon={<EllipsisVIcon />}
                      />
                    )}
                  >
                    <DropdownList>
                      <DropdownItem isDanger onClick={() => void remove()}>
                        {t("delete")}
                      </DropdownItem>
                    </DropdownList>
                  </Dropdown>
                ),
              }
            : undefined
        }
      >
        <CardTitle>
          <RouterLink
            to={toProvider(realm, providerId, provider.id ?? "", providerId === "ldap" ? "settings" : undefined)}
          >
            {provider.name}
          </RouterLink>
        </CardTitle>
      </CardHeader>
      <CardBody>
        <Label color="blue">{typeName(providerId)}</Label>{" "}
        <Label color={enabled ? "green" : "grey"}>{enabled ? t("enabled") : t("disabled")}</Label>
        <Content component="p" className="pf-v6-u-mt-sm">
          {t("lastSync")}: {lastSync > 0 ? new Date(lastSync * 1000).toLocaleString() : t("neverSynced")}
        </Content>
      </CardBody>
      {dialog}
    </Card>
  );
}
