import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { ToggleGroup, ToggleGroupItem } from "@patternfly/react-core/dist/esm/components/ToggleGroup/index.js";
import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { FormField } from "../../../../core/ui/form/index.ts";
import { ClientPicker } from "../../../../core/ui/pickers/index.ts";
import { DataTable, type TableColumn } from "../../../../core/ui/table/index.ts";
import { evaluateKeys, fetchEvaluatedRoles } from "./evaluate-queries.ts";
import "../client-scopes-messages.ts";

type Which = "granted" | "not-granted";

/**
 * The roles a token for `scope` may carry (granted) or not (not granted), of the realm or of a client
 * picked here: the client's full scope, or its and its client scopes' role scope mappings.
 */
export function EvaluateRoles({ clientId, scope }: { clientId: string; scope: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const [which, setWhich] = useState<Which>("granted");
  const [roleClient, setRoleClient] = useState<string[]>([]);
  const container = roleClient[0] ?? realm;
  const roles = useQuery({
    queryKey: [...evaluateKeys.all(realm, clientId), "roles", scope, container, which],
    queryFn: () => fetchEvaluatedRoles(adminClient, realm, clientId, scope, container, which),
  });
  const whichLabel = which === "granted" ? t("grantedRoles") : t("notGrantedRoles");
  const containerLabel = roleClient[0] ? t("clientRoles") : t("realmRoles");
  const columns: TableColumn<RoleRepresentation>[] = [
    { name: "name", title: t("name"), cell: (role) => role.name },
    { name: "description", title: t("description"), cell: (role) => role.description ?? "" },
  ];
  const matching = (search: string) => {
    const needle = search.trim().toLowerCase();
    return (roles.data ?? []).filter((role) => (role.name ?? "").toLowerCase().includes(needle));
  };
  return (
    <>
      <Form isHorizontal onSubmit={(event) => event.preventDefault()} style={{ marginBlock: "1rem" }}>
        <FormField id="kc-evaluate-role-container" label={t("roleContainer")} helperText={containerLabel}>
          <ClientPicker
            id="kc-evaluate-role-container"
            aria-label={t("roleContainer")}
            values={roleClient}
            onChange={setRoleClient}
            valueField="id"
            isMulti={false}
          />
        </FormField>
      </Form>
      <ToggleGroup aria-label={t("effectiveRoleScopeMappings")}>
        <ToggleGroupItem
          text={t("grantedRoles")}
          isSelected={which === "granted"}
          onChange={() => setWhich("granted")}
        />
        <ToggleGroupItem
          text={t("notGrantedRoles")}
          isSelected={which === "not-granted"}
          onChange={() => setWhich("not-granted")}
        />
      </ToggleGroup>
      <DataTable<RoleRepresentation>
        tableId="client-evaluate-roles"
        ariaLabel={t("roleScopeTable", { which: whichLabel, container: containerLabel })}
        columns={columns}
        rowKey={(role) => role.id!}
        refreshKey={`${container}/${which}/${roles.dataUpdatedAt}`}
        // The server answers with the whole list; the table pages it.
        loader={async (first, max, search) => {
          if (roles.error) throw roles.error;
          return matching(search).slice(first, first + max);
        }}
        countLoader={async (search) => matching(search).length}
        searchPlaceholder={t("searchByName")}
        emptyState={{ message: t("noRolesHere") }}
      />
    </>
  );
}
