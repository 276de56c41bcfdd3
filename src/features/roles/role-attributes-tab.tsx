import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import { FormProvider } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { KeyValueControl } from "../../core/ui/form/key-value-control.tsx";
import { keyValueToMap, mapToKeyValue, type KeyValueEntry } from "../../core/ui/form/key-value-convert.ts";
import { SubmitButton } from "../../core/ui/form/submit-button.tsx";
import { useKcForm } from "../../core/ui/form/use-kc-form.ts";
import { useSaveRole } from "./use-save-role.ts";
import "./messages.ts";
import { UnsavedChangesGuard } from "../../core/ui/form/unsaved-changes-guard.tsx";

interface AttributeValues {
  attributes: KeyValueEntry[];
}

/** The role's attributes as key-value rows. */
export function RoleAttributesTab({ role }: { role: RoleRepresentation }) {
  const { t } = useMessages();
  const canManage = useAccess().hasAccess("manage-realm");
  const save = useSaveRole(role.id ?? "");
  const defaults = { attributes: mapToKeyValue(role.attributes) };
  const form = useKcForm<AttributeValues>({ defaultValues: defaults });
  const submit = form.handleSubmit(async ({ attributes }) => {
    if (await save({ attributes: keyValueToMap(attributes) })) form.reset({ attributes });
  });
  return (
    <FormProvider {...form}>
      <Form onSubmit={submit} noValidate>
        <KeyValueControl<AttributeValues> name="attributes" label={t("attributes")} isDisabled={!canManage} />
        {canManage && (
          <ActionGroup>
            <SubmitButton<AttributeValues>>{t("save")}</SubmitButton>
            <Button variant="link" onClick={() => form.reset(defaults)}>
              {t("revert")}
            </Button>
          </ActionGroup>
        )}
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />
      </Form>
    </FormProvider>
  );
}
