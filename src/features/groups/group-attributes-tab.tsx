import type GroupRepresentation from "@keycloak/keycloak-admin-client/lib/defs/groupRepresentation.js";
import { useQueryClient } from "@tanstack/react-query";
import { FormProvider } from "react-hook-form";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { KeyValueControl } from "../../core/ui/form/key-value-control.tsx";
import { keyValueToMap, mapToKeyValue, type KeyValueEntry } from "../../core/ui/form/key-value-convert.ts";
import { SubmitButton } from "../../core/ui/form/submit-button.tsx";
import { useKcForm } from "../../core/ui/form/use-kc-form.ts";
import { useGroupEvents } from "./group-events.tsx";
import { groupKey, updateGroup } from "./queries.ts";
import "./messages.ts";
import { UnsavedChangesGuard } from "../../core/ui/form/index.ts";

interface AttributeValues {
  attributes: KeyValueEntry[];
}

/** A group's attributes as key-value rows; saving keeps what was typed when the server refuses. */
export function GroupAttributesTab({ group }: { group: GroupRepresentation }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const emit = useGroupEvents();
  const canManage = useAccess().hasAccess("manage-users");
  const defaults = { attributes: mapToKeyValue(group.attributes) };
  const form = useKcForm<AttributeValues>({ defaultValues: defaults });
  const save = form.handleSubmit(async ({ attributes }) => {
    try {
      await updateGroup(adminClient, realm, group.id ?? "", { attributes: keyValueToMap(attributes) });
      emit("group-updated", { id: group.id });
      addAlert(t("groupUpdated"));
      form.reset({ attributes });
      await queryClient.invalidateQueries({ queryKey: groupKey(realm, group.id ?? "") });
    } catch (error) {
      addError("groupUpdateError", error);
    }
  });
  return (
    <FormProvider {...form}>
      <Form onSubmit={save} noValidate>
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
