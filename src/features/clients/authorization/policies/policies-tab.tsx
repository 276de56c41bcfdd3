import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { PoliciesList } from "../../../../core/ui/authorization/policies-list.tsx";
import { POLICY_TYPES, READ_ONLY_POLICY_TYPES } from "../../../../core/ui/authorization/policy-types.ts";
import { toNewPolicy, toPolicyDetails } from "../../paths.ts";
import { useCanManageAuthorization } from "../client-authorization-tab.tsx";
import "../authorization-messages.ts";

/** Policies, paged and searched on the server, filtered by type; create by type; delete names what depends on it. */
export function PoliciesTab({ clientUuid }: { clientUuid: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const canManage = useCanManageAuthorization();
  return (
    <PoliciesList
      clientUuid={clientUuid}
      tableId="authz-policies"
      filterTypes={[...POLICY_TYPES, ...READ_ONLY_POLICY_TYPES]}
      create={
        canManage
          ? { types: POLICY_TYPES, label: t("createNewPolicy"), to: (type) => toNewPolicy(realm, clientUuid, type) }
          : undefined
      }
      detailsPath={(policy) => toPolicyDetails(realm, clientUuid, policy.id ?? "", policy.type ?? "")}
      actions={{ edit: false, remove: canManage }}
      emptyMessage={t("authzNoPoliciesText")}
    />
  );
}
