import { useParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../../core/ui/alerts/alerts-context.tsx";
import { TextControl } from "../../../../core/ui/form/text-control.tsx";
import { useKcForm } from "../../../../core/ui/form/use-kc-form.ts";
import { useNavigateWhenSaved } from "../../../../core/ui/form/index.ts";
import { toAuthorizationScope, toAuthorizationTab } from "../../paths.ts";
import {
  authzKeys,
  fetchScope,
  findScopeByName,
  saveScope,
} from "../../../../core/ui/authorization/authorization-queries.ts";
import { AuthorizationFormPage } from "../authorization-form-page.tsx";
import { keyedByAddress } from "../keyed-by-address.tsx";
import { useCanManageAuthorization } from "../client-authorization-tab.tsx";
import "../authorization-messages.ts";

interface ScopeForm {
  name: string;
  displayName: string;
  iconUri: string;
}

/** `…/authorization/scope/new` and `…/scope/:scopeId`: name, display name and icon URI. */
function AuthorizationScopePageBody() {
  const { t } = useMessages();
  const { clientId: clientUuid = "", scopeId } = useParams();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const canManage = useCanManageAuthorization();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const isNew = !scopeId || scopeId === "new";
  const existing = useQuery({
    queryKey: authzKeys.one(realm, clientUuid, "scope", scopeId ?? ""),
    queryFn: () => fetchScope(adminClient, realm, clientUuid, scopeId ?? ""),
    enabled: !isNew,
  });
  const data = existing.data;
  const form = useKcForm<ScopeForm>({
    defaultValues: { name: "", displayName: "", iconUri: "" },
    values: data
      ? { name: data.name ?? "", displayName: data.displayName ?? "", iconUri: data.iconUri ?? "" }
      : undefined,
  });
  const submit = async (values: ScopeForm) => {
    const name = values.name.trim();
    try {
      // Keycloak answers a create of a taken name by overwriting that scope: refuse it here, before anything changes.
      if (name !== data?.name) {
        const taken = await findScopeByName(adminClient, realm, clientUuid, name);
        if (taken && taken.id !== data?.id) {
          form.setError("name", { message: t("authzScopeNameTaken", { name }) }, { shouldFocus: true });
          return;
        }
      }
      const result = await saveScope(adminClient, realm, clientUuid, { ...(data ?? {}), ...values, name });
      await queryClient.invalidateQueries({ queryKey: authzKeys.all(realm, clientUuid) });
      addAlert(t(isNew ? "createScopeSuccess" : "updateScopeSuccess"));
      const id = (result as { id?: string } | undefined)?.id;
      if (isNew && id) navigateSaved(toAuthorizationScope(realm, clientUuid, id));
      else form.reset(values);
    } catch (error) {
      addError("authzSaveError", error);
    }
  };
  return (
    <AuthorizationFormPage<ScopeForm>
      title={isNew ? t("createAuthorizationScope") : (data?.name ?? t("authorizationScopeDetails"))}
      form={form}
      onSubmit={submit}
      backTo={toAuthorizationTab(realm, clientUuid, "scopes")}
      canManage={canManage}
      loading={!isNew && existing.isPending}
      error={existing.error}
      saved={saved}
    >
      <TextControl<ScopeForm>
        name="name"
        label={t("name")}
        rules={{ validate: (value) => String(value).trim() !== "" || t("authzNameRequired") }}
      />
      <TextControl<ScopeForm> name="displayName" label={t("displayName")} />
      <TextControl<ScopeForm> name="iconUri" label={t("iconUri")} />
    </AuthorizationFormPage>
  );
}

export default keyedByAddress(AuthorizationScopePageBody);
