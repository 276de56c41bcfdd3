import { useParams, useNavigate } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../../core/ui/alerts/alerts-context.tsx";
import { MultiValueControl } from "../../../../core/ui/form/multi-value-control.tsx";
import { SelectControl } from "../../../../core/ui/form/select-control.tsx";
import { SwitchControl } from "../../../../core/ui/form/switch-control.tsx";
import { TextAreaControl } from "../../../../core/ui/form/text-area-control.tsx";
import { TextControl } from "../../../../core/ui/form/text-control.tsx";
import { useKcForm } from "../../../../core/ui/form/use-kc-form.ts";
import { useNavigateWhenSaved } from "../../../../core/ui/form/index.ts";
import { toAuthorizationTab, toPolicyDetails } from "../../paths.ts";
import {
  authzKeys,
  fetchAssociations,
  fetchTypedPolicy,
  referenceNames,
  savePolicy,
} from "../authorization-queries.ts";
import { AuthorizationFormPage } from "../authorization-form-page.tsx";
import { keyedByAddress } from "../keyed-by-address.tsx";
import { ReferencePickerControl } from "../reference-picker-control.tsx";
import { useCanManageAuthorization } from "../client-authorization-tab.tsx";
import { emptyPolicyForm, TIME_FIELDS, toPolicyRepresentation, type PolicyForm } from "./policy-form-values.ts";
import { policyTypeKey, READ_ONLY_POLICY_TYPES } from "./policy-types.ts";
import { useDeletePolicy } from "./use-delete-policy.tsx";
import "../authorization-messages.ts";

type Entry = { id?: string; required?: boolean; extendChildren?: boolean };

/** The form values of a stored policy: ids turned into the names the form shows. */
async function loadPolicy(
  kc: ReturnType<typeof useAdminClient>,
  realm: string,
  clientUuid: string,
  type: string,
  policyId: string,
): Promise<PolicyForm | undefined> {
  const policy = await fetchTypedPolicy(kc, realm, clientUuid, type, policyId);
  if (!policy) return undefined;
  const values = emptyPolicyForm();
  values.name = policy.name ?? "";
  values.description = policy.description ?? "";
  values.logic = String(policy.logic ?? "POSITIVE");
  values.decisionStrategy = String(policy.decisionStrategy ?? "UNANIMOUS");
  const entries = (key: string) =>
    ((policy[key] as Entry[] | string[] | undefined) ?? []).map((e) => (typeof e === "string" ? { id: e } : e));
  if (type === "role") {
    const roles = entries("roles");
    values.roles = await referenceNames(
      kc,
      realm,
      "role",
      roles.map((r) => r.id ?? ""),
    );
    values.requiredRoles = values.roles.filter((_, i) => roles[i]!.required === true);
    values.fetchRoles = policy.fetchRoles === true;
  } else if (type === "user")
    values.users = await referenceNames(
      kc,
      realm,
      "user",
      entries("users").map((u) => u.id ?? ""),
    );
  else if (type === "group") {
    const groups = entries("groups");
    values.groups = await referenceNames(
      kc,
      realm,
      "group",
      groups.map((g) => g.id ?? ""),
    );
    values.extendChildren = groups.some((g) => g.extendChildren === true);
    values.groupsClaim = String(policy.groupsClaim ?? "");
  } else if (type === "client")
    values.clients = await referenceNames(
      kc,
      realm,
      "client",
      entries("clients").map((c) => c.id ?? ""),
    );
  else if (type === "client-scope") {
    const scopes = entries("clientScopes");
    values.clientScopes = await referenceNames(
      kc,
      realm,
      "clientScope",
      scopes.map((s) => s.id ?? ""),
    );
    values.requiredClientScopes = values.clientScopes.filter((_, i) => scopes[i]!.required === true);
  } else if (type === "time") for (const field of TIME_FIELDS) values[field] = String(policy[field] ?? "");
  else if (type === "regex") {
    values.targetClaim = String(policy.targetClaim ?? "");
    values.pattern = String(policy.pattern ?? "");
    values.targetContextAttributes = policy.targetContextAttributes === true;
  } else if (type === "aggregate")
    values.policies = (await fetchAssociations(kc, realm, clientUuid, policyId)).policies.map((p) => p.name ?? "");
  else if (type === "js") values.code = String(policy.code ?? "");
  return values;
}

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
  const time = (from: (typeof TIME_FIELDS)[number], to?: (typeof TIME_FIELDS)[number], label: string = from) => (
    <div style={{ display: "flex", gap: "var(--pf-t--global--spacer--md)" }}>
      <TextControl<PolicyForm> name={from} label={t(label)} />
      {to && <TextControl<PolicyForm> name={to} label={`${t(label)} ${t("authzRangeTo")}`} />}
    </div>
  );
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
        <TextAreaControl<PolicyForm> name="description" label={t("description")} />
        {policyType === "role" && (
          <>
            <ReferencePickerControl<PolicyForm>
              name="roles"
              label={t("roles")}
              clientUuid={clientUuid}
              kind="role"
              helperText={t("authzRolesHelp")}
              placeholder={t("searchForRole")}
            />
            <MultiValueControl<PolicyForm> name="requiredRoles" label={t("authzRequiredRole")} />
            <SwitchControl<PolicyForm> name="fetchRoles" label={t("fetchRoles")} />
          </>
        )}
        {policyType === "user" && (
          <ReferencePickerControl<PolicyForm>
            name="users"
            label={t("users")}
            clientUuid={clientUuid}
            kind="user"
            placeholder={t("searchForUser")}
          />
        )}
        {policyType === "group" && (
          <>
            <TextControl<PolicyForm> name="groupsClaim" label={t("groupsClaim")} />
            <ReferencePickerControl<PolicyForm>
              name="groups"
              label={t("group")}
              clientUuid={clientUuid}
              kind="group"
              placeholder={t("searchForGroups")}
            />
            <SwitchControl<PolicyForm> name="extendChildren" label={t("extendToChildren")} />
          </>
        )}
        {policyType === "client" && (
          <ReferencePickerControl<PolicyForm>
            name="clients"
            label={t("clients")}
            clientUuid={clientUuid}
            kind="client"
            placeholder={t("selectClients")}
          />
        )}
        {policyType === "client-scope" && (
          <>
            <ReferencePickerControl<PolicyForm>
              name="clientScopes"
              label={t("clientScopes")}
              clientUuid={clientUuid}
              kind="clientScope"
              placeholder={t("authzSearchClientScopes")}
            />
            <MultiValueControl<PolicyForm> name="requiredClientScopes" label={t("authzRequiredRole")} />
          </>
        )}
        {policyType === "time" && (
          <>
            <TextControl<PolicyForm> name="notBefore" label={t("notBefore")} placeholder={t("authzDateFormat")} />
            <TextControl<PolicyForm>
              name="notOnOrAfter"
              label={t("authzNotOnOrAfter")}
              placeholder={t("authzDateFormat")}
            />
            {time("dayMonth", "dayMonthEnd")}
            {time("month", "monthEnd")}
            {time("year", "yearEnd", "authzYear")}
            {time("hour", "hourEnd")}
            {time("minute", "minuteEnd")}
          </>
        )}
        {policyType === "regex" && (
          <>
            <TextControl<PolicyForm>
              name="targetClaim"
              label={t("targetClaim")}
              rules={{ validate: (value) => String(value).trim() !== "" || t("authzRequired") }}
            />
            <TextControl<PolicyForm>
              name="pattern"
              label={t("regexPattern")}
              rules={{ validate: (value) => String(value) !== "" || t("authzRequired") }}
            />
            <SwitchControl<PolicyForm> name="targetContextAttributes" label={t("targetContextAttributes")} />
          </>
        )}
        {policyType === "aggregate" && (
          <>
            <ReferencePickerControl<PolicyForm>
              name="policies"
              label={t("applyPolicy")}
              clientUuid={clientUuid}
              kind="policy"
              placeholder={t("authzSearchPolicies")}
            />
            <SelectControl<PolicyForm>
              name="decisionStrategy"
              label={t("decisionStrategy")}
              options={[
                { value: "UNANIMOUS", label: t("unanimous") },
                { value: "AFFIRMATIVE", label: t("affirmative") },
                { value: "CONSENSUS", label: t("consensus") },
              ]}
            />
          </>
        )}
        {policyType === "js" && <TextAreaControl<PolicyForm> name="code" label={t("authzType-js")} />}
        <SelectControl<PolicyForm>
          name="logic"
          label={t("logic")}
          options={[
            { value: "POSITIVE", label: t("authzPositive") },
            { value: "NEGATIVE", label: t("authzNegative") },
          ]}
        />
      </AuthorizationFormPage>
      {dialog}
    </>
  );
}

export default keyedByAddress(PolicyPageBody);
