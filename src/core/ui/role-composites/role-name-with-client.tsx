import { useQuery } from "@tanstack/react-query";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { useAccess } from "../../access/access-context.tsx";
import { useCurrentRealm } from "../../runtime/current-realm.tsx";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import { clientIdKey, fetchClientId, type RoleRow } from "./composite-roles-api.ts";

function ClientBadge({ containerId }: { containerId: string }) {
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const client = useQuery({
    queryKey: clientIdKey(realm, containerId),
    queryFn: () => fetchClientId(adminClient, realm, containerId),
    staleTime: 60_000,
  });
  return (
    <Label color="blue" isCompact>
      {client.data ?? "…"}
    </Label>
  );
}

/** A role's name, after its client's clientId for client roles. */
export function RoleNameWithClient({ row }: { row: RoleRow }) {
  const canReadClients = useAccess().hasSomeAccess("view-clients", "manage-clients");
  return (
    <>
      {row.clientId ? (
        <Label color="blue" isCompact>
          {row.clientId}
        </Label>
      ) : row.containerId && canReadClients ? (
        <ClientBadge containerId={row.containerId} />
      ) : null}{" "}
      <span>{row.name}</span>
    </>
  );
}
