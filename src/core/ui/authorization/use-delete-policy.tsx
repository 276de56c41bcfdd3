import { useMessages } from "../../i18n/use-messages.ts";
import { useCurrentRealm } from "../../runtime/current-realm.tsx";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import { useAlerts } from "../alerts/alerts-context.tsx";
import { useConfirm } from "../dialogs/use-confirm.tsx";
import { deletePolicy, fetchDependentPolicies, type Policy } from "./authorization-queries.ts";
import "./policy-messages.ts";

/** Asks before deleting a policy or permission, naming the permissions and aggregated policies that use it. */
export function useDeletePolicy(clientUuid: string, isPermission = false) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const remove = async (policy: Policy): Promise<boolean> => {
    const dependents = isPermission
      ? []
      : await fetchDependentPolicies(adminClient, realm, clientUuid, policy.id ?? "");
    const confirmed = await confirm({
      title: t(isPermission ? "deletePermission" : "deletePolicy"),
      children: isPermission ? (
        policy.name
      ) : (
        <>
          <p>{t("deletePolicyConfirm")}</p>
          <p data-testid="authz-dependents">
            {dependents.length
              ? t("authzDependentsList", { names: dependents.map((p) => p.name).join(", ") })
              : t("authzNoDependents")}
          </p>
        </>
      ),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!confirmed) return false;
    try {
      await deletePolicy(adminClient, realm, clientUuid, policy.id ?? "");
      addAlert(t(isPermission ? "permissionDeletedSuccess" : "policyDeletedSuccess"));
      return true;
    } catch (error) {
      addError("authzDeleteError", error);
      return false;
    }
  };
  return { remove, dialog };
}
