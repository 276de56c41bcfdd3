import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import { FormProvider } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { SubmitButton } from "../../core/ui/form/submit-button.tsx";
import { useKcForm } from "../../core/ui/form/use-kc-form.ts";
import { RoleFormFields, type RoleFormValues } from "./role-form-fields.tsx";
import { useSaveRole } from "./use-save-role.ts";
import "./messages.ts";
import { UnsavedChangesGuard } from "../../core/ui/form/unsaved-changes-guard.tsx";

/** The role's name (read-only) and description. */
export function RoleDetailsTab({ role }: { role: RoleRepresentation }) {
  const { t } = useMessages();
  const canManage = useAccess().hasAccess("manage-realm");
  const save = useSaveRole(role.id ?? "");
  const defaults = { name: role.name ?? "", description: role.description ?? "" };
  const form = useKcForm<RoleFormValues>({ defaultValues: defaults });
  const submit = form.handleSubmit(async ({ description }) => {
    if (await save({ description })) form.reset({ ...defaults, description });
  });
  return (
    <FormProvider {...form}>
      <Form onSubmit={submit} noValidate maxWidth="640px">
        <RoleFormFields<RoleFormValues> isNew={false} isDisabled={!canManage} />
        {canManage && (
          <ActionGroup>
            <SubmitButton<RoleFormValues>>{t("save")}</SubmitButton>
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
