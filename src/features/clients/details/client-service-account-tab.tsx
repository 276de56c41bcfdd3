import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { RoleMapping } from "../../../core/ui/role-mapping/index.ts";
import type { ClientTabProps } from "./client-tab-props.ts";
import "./client-tab-messages.ts";

/** The role mappings of the client's service-account user. */
export function ClientServiceAccountTab({ client, canManage }: Omit<ClientTabProps, "onSave">) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const user = useQuery({
    queryKey: ["clients", realm, "client", client.id, "service-account-user"],
    queryFn: () => adminClient.clients.getServiceAccountUser({ realm, id: client.id! }),
  });
  if (user.isPending) return <LoadingSpinner />;
  if (user.error || !user.data?.id) {
    return <p role="alert">{t("clientsServiceAccountLoadError", { error: errorMessage(user.error) })}</p>;
  }
  return <RoleMapping type="users" id={user.data.id} realm={realm} isManager={canManage} />;
}
