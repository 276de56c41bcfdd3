import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { toAddMapper, toMapper } from "./paths.ts";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { DataTable, type TableRowAction } from "../../core/ui/table/index.ts";
import {
  deleteMapper,
  fetchMappers,
  fetchMapperTypeNames,
  mappersKey,
  mapperTypesKey,
  type IdentityProvider,
  type IdentityProviderMapper,
} from "./queries.ts";
import "./messages.ts";

type MapperRow = IdentityProviderMapper & { typeName: string };

/** The provider's mappers (Keycloak answers them all at once; the table pages what it got). */
export function MappersTab({ provider }: { provider: IdentityProvider }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const canManage = useAccess().hasAccess("manage-identity-providers");
  const alias = provider.alias ?? "";
  const providerId = provider.providerId ?? "";
  const navigate = useNavigate();
  const add = () => navigate(toAddMapper(realm, providerId, alias));

  const rowActions: TableRowAction<MapperRow>[] | undefined = canManage
    ? [
        {
          title: t("delete"),
          isDanger: true,
          onAction: async (mapper, refresh) => {
            try {
              await deleteMapper(adminClient, realm, alias, mapper.id ?? "");
              await queryClient.invalidateQueries({ queryKey: mappersKey(realm, alias) });
              addAlert(t("deleteMapperSuccess"));
              refresh();
            } catch (error) {
              addError("mapperDeleteError", error);
            }
          },
        },
      ]
    : undefined;

  return (
    <DataTable<MapperRow>
      tableId="identity-provider-mappers"
      ariaLabel={t("mappers")}
      loader={async (first, max, search) => {
        const needle = search.trim().toLowerCase();
        const [all, typeNames] = await Promise.all([
          fetchMappers(adminClient, realm, alias),
          queryClient.fetchQuery({
            queryKey: mapperTypesKey(realm, alias),
            queryFn: () => fetchMapperTypeNames(adminClient, realm, alias),
            staleTime: Infinity,
          }),
        ]);
        return all
          .filter((m) => !needle || (m.name ?? "").toLowerCase().includes(needle))
          .slice(first, first + max)
          .map((mapper) => ({
            ...mapper,
            typeName: typeNames[mapper.identityProviderMapper ?? ""] ?? mapper.identityProviderMapper ?? "",
          }));
      }}
      columns={[
        {
          name: "name",
          title: t("name"),
          cell: (mapper) =>
            canManage ? (
              <Button
                variant="link"
                isInline
                component={(props: object) => (
                  <Link {...props} to={toMapper(realm, providerId, alias, mapper.id ?? "")} />
                )}
              >
                {mapper.name}
              </Button>
            ) : (
              mapper.name
            ),
        },
        { name: "identityProviderMapper", title: t("mapperType"), cell: (mapper) => mapper.typeName },
      ]}
      rowKey={(mapper) => mapper.id ?? ""}
      rowActions={rowActions}
      toolbarActions={() =>
        canManage && (
          <ToolbarItem>
            <Button onClick={add}>{t("addMapper")}</Button>
          </ToolbarItem>
        )
      }
      emptyState={{
        title: t("noMappers"),
        message: t("noMappersInstructions"),
        primaryAction: canManage ? { title: t("addMapper"), onClick: add } : undefined,
      }}
    />
  );
}
