import { useParams, useNavigate } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../../core/ui/alerts/alerts-context.tsx";
import { SelectControl } from "../../../../core/ui/form/select-control.tsx";
import { SwitchControl } from "../../../../core/ui/form/switch-control.tsx";
import { TextAreaControl } from "../../../../core/ui/form/text-area-control.tsx";
import { TextControl } from "../../../../core/ui/form/text-control.tsx";
import { useKcForm } from "../../../../core/ui/form/use-kc-form.ts";
import { useNavigateWhenSaved } from "../../../../core/ui/form/index.ts";
import { toAuthorizationTab, toPermissionDetails, type PermissionType } from "../../paths.ts";
import {
  authzKeys,
  fetchAssociations,
  fetchResource,
  fetchScope,
  fetchTypedPolicy,
  savePolicy,
  type Policy,
} from "../../../../core/ui/authorization/authorization-queries.ts";
import { AuthorizationFormPage } from "../authorization-form-page.tsx";
import { keyedByAddress } from "../keyed-by-address.tsx";
import { ReferencePickerControl } from "../../../../core/ui/authorization/reference-picker-control.tsx";
import { useCanManageAuthorization } from "../client-authorization-tab.tsx";
import { useDeletePolicy } from "../../../../core/ui/authorization/use-delete-policy.tsx";
import "../authorization-messages.ts";

interface PermissionForm {
  name: string;
  description: string;
  applyToResourceType: boolean;
  resourceType: string;
  resources: string[];
  scopes: string[];
  policies: string[];
  decisionStrategy: string;
}

const emptyForm = (): PermissionForm => ({
  name: "",
  description: "",
  applyToResourceType: false,
  resourceType: "",
  resources: [],
  scopes: [],
  policies: [],
  decisionStrategy: "UNANIMOUS",
});

/**
 * `…/authorization/permission/new/:permissionType(/:selectedId)` and `…/permission/:permissionType/:permissionId`:
 * resources (or a resource type) or scopes, the policies applied and the decision strategy. References by name.
 */
function PermissionPageBody() {
  const { t } = useMessages();
  const { clientId: clientUuid = "", permissionType = "resource", permissionId, selectedId } = useParams();
  const type = (permissionType === "scope" ? "scope" : "resource") as PermissionType;
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const canManage = useCanManageAuthorization();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const { remove, dialog } = useDeletePolicy(clientUuid, true);
  const isNew = !permissionId;
  const existing = useQuery({
    queryKey: authzKeys.one(realm, clientUuid, "permission", permissionId ?? `new-${selectedId ?? ""}`),
    queryFn: async (): Promise<PermissionForm | undefined> => {
      const values = emptyForm();
      if (isNew) {
        if (selectedId && type === "resource")
          values.resources = [(await fetchResource(adminClient, realm, clientUuid, selectedId)).name ?? selectedId];
        if (selectedId && type === "scope")
          values.scopes = [(await fetchScope(adminClient, realm, clientUuid, selectedId)).name ?? selectedId];
        return values;
      }
      const permission = await fetchTypedPolicy(adminClient, realm, clientUuid, type, permissionId ?? "");
      if (!permission) return undefined;
      const associations = await fetchAssociations(adminClient, realm, clientUuid, permissionId ?? "");
      values.name = permission.name ?? "";
      values.description = permission.description ?? "";
      values.decisionStrategy = String(permission.decisionStrategy ?? "UNANIMOUS");
      values.resourceType = String(permission.resourceType ?? "");
      values.applyToResourceType = values.resourceType !== "";
      values.resources = associations.resources.map((r) => r.name ?? "");
      values.scopes = associations.scopes.map((s) => s.name ?? "");
      values.policies = associations.policies.map((p) => p.name ?? "");
      return values;
    },
  });
  const form = useKcForm<PermissionForm>({ defaultValues: emptyForm(), values: existing.data });
  const applyToType = form.watch("applyToResourceType");
  const submit = async (values: PermissionForm) => {
    const clean = (list: string[]) => list.map((v) => v.trim()).filter(Boolean);
    const rep: Policy = {
      ...(permissionId ? { id: permissionId } : {}),
      name: values.name.trim(),
      description: values.description,
      type,
      logic: "POSITIVE" as never,
      decisionStrategy: values.decisionStrategy as never,
      resources: type === "resource" && values.applyToResourceType ? [] : clean(values.resources),
      scopes: type === "scope" ? clean(values.scopes) : [],
      policies: clean(values.policies),
      ...(type === "resource" && values.applyToResourceType ? { resourceType: values.resourceType.trim() } : {}),
    };
    try {
      const result = await savePolicy(adminClient, realm, clientUuid, type, rep);
      await queryClient.invalidateQueries({ queryKey: authzKeys.all(realm, clientUuid) });
      addAlert(t(isNew ? "createPermissionSuccess" : "updatePermissionSuccess"));
      if (isNew && result.id) navigateSaved(toPermissionDetails(realm, clientUuid, type, result.id));
      else form.reset(values);
    } catch (error) {
      addError("authzSaveError", error);
    }
  };
  return (
    <>
      <AuthorizationFormPage<PermissionForm>
        title={
          isNew
            ? t(type === "scope" ? "createScopeBasedPermission" : "createResourceBasedPermission")
            : (existing.data?.name ?? t("authzPermissionDetails", { type }))
        }
        form={form}
        onSubmit={submit}
        backTo={toAuthorizationTab(realm, clientUuid, "permissions")}
        canManage={canManage}
        loading={existing.isPending}
        error={existing.error ?? (existing.isSuccess && !existing.data ? { response: { status: 404 } } : undefined)}
        saved={saved}
        headerActions={
          !isNew &&
          canManage && (
            <Button
              variant="secondary"
              isDanger
              onClick={async () => {
                if (await remove({ id: permissionId, name: existing.data?.name }))
                  navigate(toAuthorizationTab(realm, clientUuid, "permissions"));
              }}
            >
              {t("delete")}
            </Button>
          )
        }
      >
        <TextControl<PermissionForm>
          name="name"
          label={t("name")}
          rules={{ validate: (value) => String(value).trim() !== "" || t("authzNameRequired") }}
        />
        <TextAreaControl<PermissionForm> name="description" label={t("description")} />
        {type === "resource" && (
          <SwitchControl<PermissionForm> name="applyToResourceType" label={t("applyToResourceTypeFlag")} />
        )}
        {type === "resource" && applyToType ? (
          <TextControl<PermissionForm> name="resourceType" label={t("resourceType")} />
        ) : (
          <ReferencePickerControl<PermissionForm>
            name="resources"
            label={t("resources")}
            clientUuid={clientUuid}
            kind="resource"
            placeholder={t("authzSearchResourcesPicker")}
          />
        )}
        {type === "scope" && (
          <ReferencePickerControl<PermissionForm>
            name="scopes"
            label={t("authorizationScopes")}
            clientUuid={clientUuid}
            kind="scope"
            placeholder={t("authzSearchScopes")}
          />
        )}
        <ReferencePickerControl<PermissionForm>
          name="policies"
          label={t("policies")}
          clientUuid={clientUuid}
          kind="policy"
          placeholder={t("authzSearchPolicies")}
        />
        <SelectControl<PermissionForm>
          name="decisionStrategy"
          label={t("decisionStrategy")}
          options={[
            { value: "UNANIMOUS", label: t("unanimous") },
            { value: "AFFIRMATIVE", label: t("affirmative") },
            { value: "CONSENSUS", label: t("consensus") },
          ]}
        />
      </AuthorizationFormPage>
      {dialog}
    </>
  );
}

export default keyedByAddress(PermissionPageBody);
