import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import { FormProvider } from "react-hook-form";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { SaveRevertActions } from "../../core/ui/form/save-revert-actions.tsx";
import { useKcForm } from "../../core/ui/form/use-kc-form.ts";
import { RoleFormFields, type RoleFormValues } from "./role-form-fields.tsx";
import { useSaveRole } from "./use-save-role.ts";
import "./messages.ts";
import { UnsavedChangesGuard } from "../../core/ui/form/unsaved-changes-guard.tsx";

/** The role's name (read-only) and description. */
export function RoleDetailsTab({ role }: { role: RoleRepresentation }) {
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
        {canManage && <SaveRevertActions<RoleFormValues> onRevert={() => form.reset(defaults)} />}
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />
      </Form>
    </FormProvider>
  );
}
