import { useMemo } from "react";
import { FormProvider } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { KeyValueControl } from "../../core/ui/form/key-value-control.tsx";
import { useOrganizationEvents } from "./organization-events.tsx";
import { OrganizationFormFields } from "./organization-form-fields.tsx";
import { toFormValues, toRepresentation, type OrganizationFormValues } from "./organization-form-values.ts";
import { organizationsKey, updateOrganization, type Organization } from "./organization-queries.ts";
import "./messages.ts";
import { SaveRevertActions, UnsavedChangesGuard, useValuesForm } from "../../core/ui/form/index.ts";

/** The settings tab (name, domains, redirect URL, description, enabled) or the attributes tab (key-value). */
export function OrganizationDetailsForm({
  organization,
  part,
}: {
  organization: Organization;
  part: "settings" | "attributes";
}) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const events = useOrganizationEvents();
  const initial = useMemo(() => toFormValues(organization), [organization]);
  const form = useValuesForm<OrganizationFormValues>(initial);

  const submit = form.handleSubmit(async (values) => {
    const id = organization.id ?? "";
    try {
      await updateOrganization(adminClient, realm, id, toRepresentation(values, organization));
      form.reset(values);
      await queryClient.invalidateQueries({ queryKey: organizationsKey(realm) });
      events.updated(id, values.name.trim());
      addAlert(t("organizationSaveSuccess"));
    } catch (error) {
      addError("organizationSaveError", error);
    }
  });

  return (
    <FormProvider {...form}>
      <Form
        onSubmit={submit}
        noValidate
        aria-label={part === "settings" ? t("settings") : t("attributes")}
        isWidthLimited
      >
        {part === "settings" ? (
          <OrganizationFormFields isNew={false} />
        ) : (
          <KeyValueControl<OrganizationFormValues>
            name="attributes"
            label={t("attributes")}
            keyLabel={t("key")}
            valueLabel={t("value")}
          />
        )}
        <SaveRevertActions onRevert={() => form.reset(initial)} isRevertDisabled={!form.formState.isDirty} />
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />
      </Form>
    </FormProvider>
  );
}
