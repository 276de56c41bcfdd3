import { useParams, useNavigate } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../../core/ui/alerts/alerts-context.tsx";
import { TextControl } from "../../../../core/ui/form/text-control.tsx";
import { useKcForm } from "../../../../core/ui/form/use-kc-form.ts";
import { useNavigateWhenSaved } from "../../../../core/ui/form/index.ts";
import { toAuthorizationTab, toPolicyDetails } from "../../paths.ts";
import { authzKeys, savePolicy } from "../../../../core/ui/authorization/authorization-queries.ts";
import { AuthorizationFormPage } from "../authorization-form-page.tsx";
import { keyedByAddress } from "../keyed-by-address.tsx";
import { useCanManageAuthorization } from "../client-authorization-tab.tsx";
import {
  emptyPolicyForm,
  toPolicyRepresentation,
  type PolicyForm,
} from "../../../../core/ui/authorization/policy-form-values.ts";
import { policyTypeKey, READ_ONLY_POLICY_TYPES } from "../../../../core/ui/authorization/policy-types.ts";
import { loadPolicy } from "../../../../core/ui/authorization/load-policy.ts";
import { PolicyFields } from "../../../../core/ui/authorization/policy-fields.tsx";
import { useDeletePolicy } from "../../../../core/ui/authorization/use-delete-policy.tsx";
import "../authorization-messages.ts";

/** `…/authorization/policy/new/:policyType` and `…/policy/:policyId/:policyType`: the fields of each policy type. */
function PolicyPageBody() {
  const { t } = useMessages();
  const { clientId: clientUuid = "", policyId, policyType = "role" } = useParams();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const canManage = useCanManageAuthorization();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const { remove, dialog } = useDeletePolicy(clientUuid);
  const isNew = !policyId;
  const readOnly = READ_ONLY_POLICY_TYPES.includes(policyType);
  const existing = useQuery({
    queryKey: authzKeys.one(realm, clientUuid, "policy", policyId ?? ""),
    queryFn: () => loadPolicy(adminClient, realm, clientUuid, policyType, policyId ?? ""),
    enabled: !isNew,
  });
  const form = useKcForm<PolicyForm>({ defaultValues: emptyPolicyForm(), values: existing.data });
  const submit = async (values: PolicyForm) => {
    try {
      const result = await savePolicy(
        adminClient,
        realm,
        clientUuid,
        policyType,
        toPolicyRepresentation(policyType, values, policyId),
      );
      await queryClient.invalidateQueries({ queryKey: authzKeys.all(realm, clientUuid) });
      addAlert(t(isNew ? "createPolicySuccess" : "authzPolicySaved"));
      if (isNew && result.id) navigateSaved(toPolicyDetails(realm, clientUuid, result.id, policyType));
      else form.reset(values);
    } catch (error) {
      addError("authzSaveError", error);
    }
  };
  const typeName = t(policyTypeKey(policyType));
  return (
    <>
      <AuthorizationFormPage<PolicyForm>
        title={isNew ? t("authzPolicyDetails", { type: typeName }) : (existing.data?.name ?? typeName)}
        form={form}
        onSubmit={submit}
        backTo={toAuthorizationTab(realm, clientUuid, "policies")}
        canManage={canManage && !readOnly}
        loading={!isNew && existing.isPending}
        error={
          existing.error ?? (!isNew && existing.isSuccess && !existing.data ? { response: { status: 404 } } : undefined)
        }
        saved={saved}
        headerActions={
          !isNew &&
          canManage && (
            <Button
              variant="secondary"
              isDanger
              onClick={async () => {
                if (await remove({ id: policyId, name: existing.data?.name }))
                  navigate(toAuthorizationTab(realm, clientUuid, "policies"));
              }}
            >
              {t("delete")}
            </Button>
          )
        }
      >
        {readOnly && <Content component="p">{t("authzJsReadOnly")}</Content>}
        <TextControl<PolicyForm>
          name="name"
          label={t("name")}
          isReadOnly={readOnly}
          rules={{ validate: (value) => String(value).trim() !== "" || t("authzNameRequired") }}
        />
        <PolicyFields policyType={policyType} clientUuid={clientUuid} />
      </AuthorizationFormPage>
      {dialog}
    </>
  );
}

export default keyedByAddress(PolicyPageBody);
