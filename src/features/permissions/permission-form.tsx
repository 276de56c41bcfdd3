import { Controller, FormProvider } from "react-hook-form";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Checkbox } from "@patternfly/react-core/dist/esm/components/Checkbox/index.js";
import { Radio } from "@patternfly/react-core/dist/esm/components/Radio/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../core/ui/dialogs/index.ts";
import {
  FormField,
  SubmitButton,
  TextAreaControl,
  TextControl,
  UnsavedChangesGuard,
  useKcForm,
  useNavigateWhenSaved,
} from "../../core/ui/form/index.ts";
import { searchObjects } from "./object-search.ts";
import { toPermission, toPermissions } from "./paths.ts";
import { NEW_PERMISSION, toFormValues, toRepresentation, type PermissionFormValues } from "./permission-form-values.ts";
import {
  deletePermission,
  permissionsKey,
  savePermission,
  searchPolicies,
  resourceTypeKey,
  type PermissionDetails,
  type ResourceTypeSchema,
} from "./permission-queries.ts";
import type { PermissionsContext } from "./permissions-gate.tsx";
import { ServerSearchSelect } from "../../core/ui/pickers/server-search-select.tsx";
import "./messages.ts";

export interface PermissionFormProps {
  context: PermissionsContext;
  schema: ResourceTypeSchema;
  /** Set when editing. */
  permissionId?: string;
  details?: PermissionDetails;
  resourceLabels?: Record<string, string>;
}

/** A scope permission of the admin-permissions client: its resources, scopes, policies and decision strategy. */
export function PermissionForm({ context, schema, permissionId, details, resourceLabels = {} }: PermissionFormProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const form = useKcForm<PermissionFormValues>({ defaultValues: details ? toFormValues(details) : NEW_PERMISSION });
  const { control, watch } = form;
  const allResources = watch("allResources");
  const policyLabels = Object.fromEntries((details?.policies ?? []).map((policy) => [policy.id, policy.name]));
  const type = schema.type;
  const typeName = t(resourceTypeKey(type));

  const submit = form.handleSubmit(async (values) => {
    try {
      const id = await savePermission(
        adminClient,
        realm,
        context.clientId,
        toRepresentation(values, type),
        permissionId,
      );
      await queryClient.invalidateQueries({ queryKey: permissionsKey(realm) });
      if (permissionId) {
        form.reset(values);
        addAlert(t("updatePermissionSuccess"));
      } else {
        addAlert(t("createPermissionSuccess"));
        navigateSaved(toPermission(realm, id, type));
      }
    } catch (error) {
      addError("permissionSaveError", error);
    }
  });

  const remove = async () => {
    const confirmed = await confirm({
      title: t("deletePermission"),
      children: t("deleteAdminPermissionConfirm", { permission: details?.permission.name }),
      variant: "destructive",
      confirmLabel: t("delete"),
    });
    if (!confirmed || !permissionId) return;
    try {
      await deletePermission(adminClient, realm, context.clientId, permissionId);
      // Leave the page before the lists refresh: refetching the deleted permission would answer 404 here.
      navigate(toPermissions(realm));
      queryClient.removeQueries({ queryKey: [...permissionsKey(realm), "one", permissionId] });
      await queryClient.invalidateQueries({ queryKey: permissionsKey(realm) });
      addAlert(t("permissionDeletedSuccess"));
    } catch (error) {
      addError("permissionDeletedError", error);
    }
  };

  return (
    <FormProvider {...form}>
      <Form onSubmit={submit} noValidate aria-label={t("permissionDetails")} isWidthLimited>
        <FormField id="kc-permission-resource-type" label={t("resourceType")}>
          <TextInput id="kc-permission-resource-type" value={typeName} readOnlyVariant="default" />
        </FormField>
        <TextControl<PermissionFormValues> name="name" label={t("name")} rules={{ required: t("requiredName") }} />
        <TextAreaControl<PermissionFormValues> name="description" label={t("description")} />
        <Controller
          control={control}
          name="allResources"
          render={({ field }) => (
            <FormField id="kc-permission-enforce" label={t("enforceAccessTo")} role="radiogroup">
              <Radio
                id="kc-permission-all-resources"
                name="allResources"
                label={t("allResourceType", { resourceType: typeName })}
                isChecked={field.value}
                onChange={() => field.onChange(true)}
              />
              <Radio
                id="kc-permission-specific-resources"
                name="allResources"
                label={t("specificResourceType", { resourceType: typeName })}
                isChecked={!field.value}
                onChange={() => field.onChange(false)}
              />
            </FormField>
          )}
        />
        {!allResources && (
          <Controller
            control={control}
            name="resources"
            rules={{ validate: (chosen) => chosen.length > 0 || t("permissionResourcesRequired") }}
            render={({ field, fieldState }) => (
              <FormField id="kc-permission-resources" label={typeName} isRequired error={fieldState.error?.message}>
                <ServerSearchSelect
                  id="kc-permission-resources"
                  aria-label={typeName}
                  placeholder={t("searchResources")}
                  queryKey={[...permissionsKey(realm), "objects", type]}
                  search={(text, max) => searchObjects(adminClient, realm, type, text, max)}
                  values={field.value}
                  onChange={field.onChange}
                  labels={resourceLabels}
                />
              </FormField>
            )}
          />
        )}
        <Controller
          control={control}
          name="scopes"
          rules={{ validate: (chosen) => chosen.length > 0 || t("permissionScopesRequired") }}
          render={({ field, fieldState }) => (
            <FormField
              id="kc-permission-scopes"
              label={t("authorizationScopes")}
              role="group"
              isRequired
              error={fieldState.error?.message}
            >
              {schema.scopes.map((scope) => (
                <Checkbox
                  key={scope}
                  id={`kc-permission-scope-${scope}`}
                  label={scope}
                  isChecked={field.value.includes(scope)}
                  onChange={(_event, checked) =>
                    field.onChange(
                      checked ? [...field.value, scope] : field.value.filter((entry: string) => entry !== scope),
                    )
                  }
                />
              ))}
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="policies"
          render={({ field }) => (
            <FormField id="kc-permission-policies" label={t("policies")}>
              <ServerSearchSelect
                id="kc-permission-policies"
                aria-label={t("policies")}
                placeholder={t("searchPolicies")}
                queryKey={[...permissionsKey(realm), "policies"]}
                search={async (text, max) =>
                  (await searchPolicies(adminClient, realm, context.clientId, text, max)).map((policy) => ({
                    value: policy.id ?? "",
                    label: policy.name ?? "",
                    description: policy.type,
                  }))
                }
                values={field.value}
                onChange={field.onChange}
                labels={policyLabels}
              />
            </FormField>
          )}
        />
        <FormField
          id="kc-permission-decision"
          label={t("decisionStrategy")}
          labelHelp={t("permissionDecisionStrategyHelp")}
          helperText={t("adminPermissionUnanimousOnly")}
        >
          <TextInput id="kc-permission-decision" value={t("unanimous")} readOnlyVariant="default" />
        </FormField>
        <ActionGroup>
          <SubmitButton>{t("save")}</SubmitButton>
          <Button variant="link" onClick={() => navigate(toPermissions(realm))}>
            {t("cancel")}
          </Button>
          {permissionId && (
            <Button variant="danger" onClick={remove}>
              {t("delete")}
            </Button>
          )}
        </ActionGroup>
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting && !saved} />
      </Form>
      {dialog}
    </FormProvider>
  );
}
