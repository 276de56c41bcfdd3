import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { fetchPermissions, identityProviderKey, updatePermissions, type IdentityProvider } from "./queries.ts";
import "./messages.ts";

/** Fine-grained (v1) management permissions of the provider: on or off. */
export function PermissionsTab({ provider }: { provider: IdentityProvider }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const canManage = useAccess().hasAccess("manage-identity-providers");
  const alias = provider.alias ?? "";
  const key = [...identityProviderKey(realm, alias), "permissions"];
  const query = useQuery({ queryKey: key, queryFn: () => fetchPermissions(adminClient, realm, alias) });
  if (query.isPending) return <LoadingSpinner />;
  const enabled = query.data?.enabled === true;
  return (
    <Switch
      id="kc-idp-permissions-enabled"
      label={t("permissionsEnabled")}
      isChecked={enabled}
      isDisabled={!canManage}
      onChange={async (_event, checked) => {
        try {
          await updatePermissions(adminClient, realm, alias, checked);
          await queryClient.invalidateQueries({ queryKey: key });
          addAlert(t("permissionsSaved"));
        } catch (error) {
          addError("permissionsSaveError", error);
        }
      }}
    />
  );
}
