import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { FormProvider } from "react-hook-form";
import { useQuery } from "@tanstack/react-query";
import type {
  UserProfileAttribute,
  UserProfileConfig,
} from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";
import { ActionGroup, Form, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import {
  KeyValueControl,
  MultiSelectControl,
  SelectControl,
  SubmitButton,
  SwitchControl,
  TextControl,
  UnsavedChangesGuard,
  useKcForm,
  useNavigateWhenSaved,
} from "../../../core/ui/form/index.ts";
import { ViewHeader } from "../../../core/ui/page/index.ts";
import { CheckboxChoice, RadioChoice } from "./choice-controls.tsx";
import { NEW_ATTRIBUTE, toAttribute, toAttributeValues, type AttributeValues } from "./attribute-values.ts";
import { toUserProfile } from "./paths.ts";
import { useUserProfile } from "./use-user-profile.ts";
import { WithUserProfile } from "./user-profile-tab.tsx";
import { ValidationsField } from "./validations-field.tsx";
import "./user-profile-messages.ts";
import "./user-profile.css";

const NAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** `user-profile/attributes/add-attribute` and `user-profile/attributes/:attributeName/edit-attribute`. */
export default function AttributePage() {
  const { attributeName } = useParams();
  return (
    <WithUserProfile>
      {(config) => {
        const attribute = attributeName ? config.attributes?.find((entry) => entry.name === attributeName) : undefined;
        if (attributeName && !attribute)
          return (
            <PageSection>
              <Alert variant="danger" isInline title={attributeName} data-testid="attribute-not-found" />
            </PageSection>
          );
        return <AttributeForm key={attributeName ?? ""} config={config} original={attribute} />;
      }}
    </WithUserProfile>
  );
}

function AttributeForm({ config, original }: { config: UserProfileConfig; original?: UserProfileAttribute }) {
  const { t } = useMessages();
  const { realm, save } = useUserProfile();
  const adminClient = useAdminClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const canManage = useAccess().hasAccess("manage-realm");
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const isNew = !original;
  const initial = useMemo(() => (original ? toAttributeValues(original) : NEW_ATTRIBUTE), [original]);
  const form = useKcForm<AttributeValues>({ defaultValues: initial });
  const scopes = useQuery({
    queryKey: ["realm-settings", realm, "client-scope-names"],
    queryFn: async () => (await adminClient.clientScopes.find({ realm })).map((scope) => scope.name ?? ""),
  });
  const scopeChoices = (scopes.data ?? []).map((name) => ({ value: name, label: name }));
  const enabledWhen = form.watch("enabledWhen");
  const required = form.watch("required");
  const requiredWhen = form.watch("requiredWhen");
  const taken = (config.attributes ?? []).map((attribute) => attribute.name);

  const submit = async (values: AttributeValues) => {
    const attribute = toAttribute(values, original);
    const attributes = isNew
      ? [...(config.attributes ?? []), attribute]
      : (config.attributes ?? []).map((entry) => (entry.name === original.name ? attribute : entry));
    try {
      await save({ ...config, attributes });
      addAlert(t("createAttributeSuccess"));
      navigateSaved(toUserProfile(realm));
    } catch (error) {
      addError("createAttributeError", error);
    }
  };

  const roles = [
    { value: "admin", label: t("admin") },
    { value: "user", label: t("user") },
  ];
  const when = [
    { value: "always", label: t("always") },
    { value: "scopes", label: t("scopesAsRequested") },
  ];
  const readOnly = !canManage;

  return (
    <>
      <ViewHeader
        title={isNew ? t("createAttribute") : t("editAttribute")}
        subtitle={isNew ? t("createAttributeSubTitle") : original.name}
      />
      <PageSection>
        <FormProvider {...form}>
          <Form
            isHorizontal
            isWidthLimited
            noValidate
            onSubmit={form.handleSubmit(submit)}
            aria-label={isNew ? t("createAttribute") : t("editAttribute")}
          >
            <fieldset disabled={readOnly} className="kc-up-fields">
              <FormSection title={t("attributes")} titleElement="h2">
                <TextControl<AttributeValues>
                  name="name"
                  label={t("attributeName")}
                  labelHelp={t("upAttributeNameHelp")}
                  isDisabled={!isNew}
                  rules={{
                    required: true,
                    pattern: { value: NAME_PATTERN, message: t("upAttributeNamePattern") },
                    validate: (name) => !isNew || !taken.includes(String(name).trim()) || t("upAttributeNameTaken"),
                  }}
                />
                <TextControl<AttributeValues> name="displayName" label={t("attributeDisplayName")} />
                <SwitchControl<AttributeValues> name="multivalued" label={t("multivalued")} />
                <SelectControl<AttributeValues>
                  name="group"
                  label={t("attributeGroup")}
                  labelHelp={t("attributeGroupHelp")}
                  options={[
                    { value: "", label: t("none") },
                    ...(config.groups ?? []).map((group) => ({ value: group.name ?? "", label: group.name ?? "" })),
                  ]}
                />
                <RadioChoice<AttributeValues> name="enabledWhen" label={t("enabledWhen")} choices={when} />
                {enabledWhen === "scopes" && (
                  <MultiSelectControl<AttributeValues>
                    name="selectorScopes"
                    label={t("scopes")}
                    options={scopeChoices}
                    placeholder={t("upScopesPlaceholder")}
                  />
                )}
                <SwitchControl<AttributeValues> name="required" label={t("required")} />
                {required && (
                  <>
                    <CheckboxChoice<AttributeValues> name="requiredFor" label={t("requiredFor")} choices={roles} />
                    <RadioChoice<AttributeValues> name="requiredWhen" label={t("requiredWhen")} choices={when} />
                    {requiredWhen === "scopes" && (
                      <MultiSelectControl<AttributeValues>
                        name="requiredScopes"
                        label={t("scopes")}
                        options={scopeChoices}
                        placeholder={t("upScopesPlaceholder")}
                      />
                    )}
                  </>
                )}
              </FormSection>
              <FormSection title={t("permissions")} titleElement="h2">
                <CheckboxChoice<AttributeValues> name="view" label={t("whoCanView")} choices={roles} />
                <CheckboxChoice<AttributeValues> name="edit" label={t("whoCanEdit")} choices={roles} />
              </FormSection>
              <ValidationsField isReadOnly={readOnly} />
              <FormSection title={t("annotations")} titleElement="h2">
                <KeyValueControl<AttributeValues> name="annotations" label={t("annotations")} />
              </FormSection>
            </fieldset>
            <ActionGroup>
              {canManage && <SubmitButton<AttributeValues> allowNonDirty={isNew}>{t("save")}</SubmitButton>}
              <Button variant="link" onClick={() => navigate(toUserProfile(realm))}>
                {t("cancel")}
              </Button>
            </ActionGroup>
            <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting && !saved} />
          </Form>
        </FormProvider>
      </PageSection>
    </>
  );
}
