import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import { FormProvider } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { KeyValueControl } from "../../core/ui/form/key-value-control.tsx";
import { keyValueToMap, mapToKeyValue, type KeyValueEntry } from "../../core/ui/form/key-value-convert.ts";
import { SubmitButton } from "../../core/ui/form/submit-button.tsx";
import { UnsavedChangesGuard } from "../../core/ui/form/unsaved-changes-guard.tsx";
import { useKcForm } from "../../core/ui/form/use-kc-form.ts";
import { useSaveClientRole } from "./use-save-client-role.ts";
import "./client-role-messages.ts";

interface ClientRoleAttributes {
  attributes: KeyValueEntry[];
}

/** The client role's attributes, one key and value a row. */
export function ClientRoleAttributesTab({ role, canManage }: { role: RoleRepresentation; canManage: boolean }) {
  const { t } = useMessages();
  const save = useSaveClientRole(role);
  const initial: ClientRoleAttributes = { attributes: mapToKeyValue(role.attributes) };
  const form = useKcForm<ClientRoleAttributes>({ defaultValues: initial });
  const submit = form.handleSubmit(async (values) => {
    if (await save({ attributes: keyValueToMap(values.attributes) })) form.reset(values);
  });
  return (
    <FormProvider {...form}>
      <Form onSubmit={submit} noValidate>
        <KeyValueControl<ClientRoleAttributes> name="attributes" label={t("attributes")} isDisabled={!canManage} />
        {canManage && (
          <ActionGroup>
            <SubmitButton<ClientRoleAttributes>>{t("save")}</SubmitButton>
            <Button variant="link" onClick={() => form.reset(initial)}>
              {t("revert")}
            </Button>
          </ActionGroup>
        )}
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />
      </Form>
    </FormProvider>
  );
}
