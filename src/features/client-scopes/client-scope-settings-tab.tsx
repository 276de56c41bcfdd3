import { useMemo } from "react";
import { FormProvider } from "react-hook-form";
import type ClientScopeRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientScopeRepresentation.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { SaveRevertActions, UnsavedChangesGuard, useValuesForm } from "../../core/ui/form/index.ts";
import { ClientScopeFields } from "./client-scope-fields.tsx";
import { toFormValues, type ClientScopeFormValues, type ScopeType } from "./client-scope-model.ts";
import { scopeErrorField } from "./scope-server-errors.ts";
import "./messages.ts";

interface SettingsTabProps {
  scope: ClientScopeRepresentation;
  type: ScopeType;
  canManage: boolean;
  onSave(values: ClientScopeFormValues): Promise<void>;
}

/** The settings tab: the scope's fields and its assigned type, saved together. */
export function ClientScopeSettingsTab({ scope, type, canManage, onSave }: SettingsTabProps) {
  const { t } = useMessages();
  const alerts = useAlerts();
  const initial = useMemo(() => toFormValues(scope, type), [scope, type]);
  const form = useValuesForm<ClientScopeFormValues>(initial);
  const { reset } = form;

  const submit = async (values: ClientScopeFormValues) => {
    try {
      await onSave(values);
      alerts.addAlert(t("updateSuccessClientScope"));
    } catch (error) {
      scopeErrorField(form, error, t);
      alerts.addError("updateErrorClientScope", error);
    }
  };

  return (
    <FormProvider {...form}>
      <Form isHorizontal onSubmit={form.handleSubmit(submit)} style={{ maxWidth: "52rem" }}>
        <ClientScopeFields isNew={false} isReadOnly={!canManage} />
        {canManage && <SaveRevertActions<ClientScopeFormValues> onRevert={() => reset(initial)} />}
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />
      </Form>
    </FormProvider>
  );
}
