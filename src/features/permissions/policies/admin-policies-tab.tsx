import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { PoliciesList } from "../../../core/ui/authorization/policies-list.tsx";
import { toAdminPolicy, toNewAdminPolicy } from "../paths.ts";
import type { PermissionsContext } from "../permissions-gate.tsx";
import { ADMIN_POLICY_TYPES } from "./admin-policy-types.ts";
import "../messages.ts";

/** The admin-permissions client's policies, paged and searched on the server, filtered by type; create by type. */
export function AdminPoliciesTab({ context }: { context: PermissionsContext }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  return (
    <PoliciesList
      clientUuid={context.clientId}
      tableId="admin-policies"
      filterTypes={ADMIN_POLICY_TYPES}
      create={{
        types: ADMIN_POLICY_TYPES,
        label: t("createPermissionPolicy"),
        to: (type) => toNewAdminPolicy(realm, type),
      }}
      detailsPath={(policy) => toAdminPolicy(realm, policy.id ?? "", policy.type ?? "")}
      actions={{ edit: true, remove: true }}
      emptyMessage={t("emptyAdminPoliciesInstructions")}
    />
  );
}
