import type RoleRepresentation from "@keycloak/keycloak-admin-client/lib/defs/roleRepresentation.js";
import { FormProvider } from "react-hook-form";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { UnsavedChangesGuard } from "../../../core/ui/form/unsaved-changes-guard.tsx";
import { SaveRevertActions } from "../../../core/ui/form/save-revert-actions.tsx";
import { TextAreaControl } from "../../../core/ui/form/text-area-control.tsx";
import { TextControl } from "../../../core/ui/form/text-control.tsx";
import { useKcForm } from "../../../core/ui/form/use-kc-form.ts";
import { useSaveClientRole } from "./use-save-client-role.ts";
import "./client-role-messages.ts";

interface ClientRoleDetails {
  name: string;
  description: string;
}

/** The client role's name (fixed once created) and its description. */
export function ClientRoleDetailsTab({ role, canManage }: { role: RoleRepresentation; canManage: boolean }) {
  const { t } = useMessages();
  const save = useSaveClientRole(role);
  const initial: ClientRoleDetails = { name: role.name ?? "", description: role.description ?? "" };
  const form = useKcForm<ClientRoleDetails>({ defaultValues: initial });
  const submit = form.handleSubmit(async (values) => {
    if (await save({ description: values.description })) form.reset(values);
  });
  return (
    <FormProvider {...form}>
      <Form onSubmit={submit} noValidate maxWidth="640px">
        <TextControl<ClientRoleDetails> name="name" label={t("roleName")} isReadOnly />
        <TextAreaControl<ClientRoleDetails> name="description" label={t("description")} isDisabled={!canManage} />
        {canManage && <SaveRevertActions<ClientRoleDetails> onRevert={() => form.reset(initial)} />}
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />
      </Form>
    </FormProvider>
  );
}
