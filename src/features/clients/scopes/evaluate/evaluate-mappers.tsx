import { useQuery } from "@tanstack/react-query";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useServerInfo } from "../../../../core/runtime/shared-queries.ts";
import { DataTable, type TableColumn } from "../../../../core/ui/table/index.ts";
import { evaluateKeys, fetchEffectiveMappers, type EvaluatedMapper } from "./evaluate-queries.ts";
import "../client-scopes-messages.ts";
import "../../../../core/ui/protocol-mappers/protocol-mapper-messages.ts";

/** Every protocol mapper a token for `scope` runs, with the client scope (or client) it comes from. */
export function EvaluateMappers({
  clientId,
  clientName,
  protocol,
  scope,
}: {
  clientId: string;
  /** The client's clientId: Keycloak names the client's own container "" in the answer. */
  clientName: string;
  protocol: string;
  scope: string;
}) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const serverInfo = useServerInfo();
  const mappers = useQuery({
    queryKey: [...evaluateKeys.all(realm, clientId), "mappers", scope],
    queryFn: () => fetchEffectiveMappers(adminClient, realm, clientId, scope),
  });
  const types = new Map((serverInfo.protocolMapperTypes?.[protocol] ?? []).map((type) => [type.id ?? "", type]));
  const columns: TableColumn<EvaluatedMapper>[] = [
    { name: "mapperName", title: t("name"), cell: (mapper) => mapper.mapperName },
    {
      name: "containerName",
      title: t("parentClientScope"),
      // A client's own mappers live in its dedicated scope.
      cell: (mapper) =>
        mapper.containerType === "client" ? t("dedicatedScopeName", { clientName }) : mapper.containerName,
    },
    {
      name: "type",
      title: t("mapperType"),
      cell: (mapper) => types.get(mapper.protocolMapper)?.name ?? mapper.protocolMapper,
    },
    {
      name: "priority",
      title: t("priority"),
      cell: (mapper) => String(types.get(mapper.protocolMapper)?.priority ?? ""),
    },
  ];
  const matching = (search: string) => {
    const needle = search.trim().toLowerCase();
    return (mappers.data ?? []).filter((mapper) => mapper.mapperName.toLowerCase().includes(needle));
  };
  return (
    <DataTable<EvaluatedMapper>
      tableId="client-evaluate-mappers"
      ariaLabel={t("effectiveProtocolMappers")}
      columns={columns}
      rowKey={(mapper) => `${mapper.containerId}/${mapper.mapperId}`}
      refreshKey={mappers.dataUpdatedAt}
      // The server answers with the whole list; the table pages it.
      loader={async (first, max, search) => {
        if (mappers.error) throw mappers.error;
        return matching(search).slice(first, first + max);
      }}
      countLoader={async (search) => matching(search).length}
      searchPlaceholder={t("searchForMapper")}
    />
  );
}
