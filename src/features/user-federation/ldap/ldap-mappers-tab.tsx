import { useState } from "react";
import { Link } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { toLdapMapper } from "../paths.ts";
import { deleteComponent, fetchMappers, mappersKey, syncMapper, type Component, type SyncResult } from "../queries.ts";
import "../../../core/ui/protocol-mappers/protocol-mapper-messages.ts";
import "../messages.ts";

/** The provider's mappers (name, type); group and role mappers sync both ways and show the counts. */
export function LdapMappersTab({ providerId }: { providerId: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const canManage = useAccess().hasAccess("manage-realm");
  const [result, setResult] = useState<{ name: string; result: SyncResult }>();
  const query = useQuery({
    queryKey: mappersKey(realm, providerId),
    queryFn: () => fetchMappers(adminClient, realm, providerId),
  });
  if (query.isPending) return <LoadingSpinner />;
  if (query.error) return <Alert variant="danger" isInline title={errorMessage(query.error)} />;
  const sync = async (mapper: Component, direction: "fedToKeycloak" | "keycloakToFed") => {
    try {
      const done = await syncMapper(adminClient, realm, providerId, mapper.id ?? "", direction);
      setResult({ name: mapper.name ?? "", result: done });
      addAlert(t("syncLDAPGroupsSuccessful", { result: done.status ?? "" }));
    } catch (error) {
      addError("syncLDAPGroupsError", error);
    }
  };
  const remove = async (mapper: Component) => {
    try {
      await deleteComponent(adminClient, realm, mapper.id ?? "");
      addAlert(t("mappingDeletedSuccess"));
      await queryClient.invalidateQueries({ queryKey: mappersKey(realm, providerId) });
    } catch (error) {
      addError("mappingDeletedError", error);
    }
  };
  const mappers = [...query.data].sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""));
  return (
    <>
      {result && (
        <Alert variant="success" isInline title={`${result.name}: ${result.result.status ?? ""}`} aria-live="polite" />
      )}
      {canManage && (
        <Button
          variant="primary"
          component={(props: object) => <Link {...props} to={toLdapMapper(realm, providerId, "new")} />}
        >
          {t("addMapper")}
        </Button>
      )}
      {mappers.length === 0 ? (
        <p>{t("noMappers")}</p>
      ) : (
        <Table aria-label={t("mappers")} variant="compact">
          <Thead>
            <Tr>
              <Th>{t("name")}</Th>
              <Th>{t("mapperType")}</Th>
              <Th screenReaderText={t("headerActions")} />
            </Tr>
          </Thead>
          <Tbody>
            {mappers.map((mapper) => {
              const kind =
                mapper.providerId === "group-ldap-mapper"
                  ? "groups"
                  : mapper.providerId === "role-ldap-mapper"
                    ? "roles"
                    : undefined;
              return (
                <Tr key={mapper.id}>
                  <Td dataLabel={t("name")}>
                    <Button
                      variant="link"
                      isInline
                      component={(props: object) => (
                        <Link {...props} to={toLdapMapper(realm, providerId, mapper.id ?? "")} />
                      )}
                    >
                      {mapper.name}
                    </Button>
                  </Td>
                  <Td dataLabel={t("mapperType")}>{mapper.providerId}</Td>
                  <Td isActionCell>
                    {canManage && kind && (
                      <>
                        <Button variant="link" onClick={() => void sync(mapper, "fedToKeycloak")}>
                          {t(`sync-ldap-${kind}-to-keycloak`)}
                        </Button>
                        <Button variant="link" onClick={() => void sync(mapper, "keycloakToFed")}>
                          {t(`sync-keycloak-${kind}-to-ldap`)}
                        </Button>
                      </>
                    )}
                    {canManage && (
                      <Button
                        variant="link"
                        isDanger
                        onClick={() => void remove(mapper)}
                        aria-label={`${t("delete")} ${mapper.name ?? ""}`}
                      >
                        {t("delete")}
                      </Button>
                    )}
                  </Td>
                </Tr>
              );
            })}
          </Tbody>
        </Table>
      )}
    </>
  );
}
