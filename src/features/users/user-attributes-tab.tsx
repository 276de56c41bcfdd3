import { FormProvider } from "react-hook-form";
import { useQuery } from "@tanstack/react-query";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import {
  KeyValueControl,
  keyValueToMap,
  mapToKeyValue,
  SaveRevertActions,
  UnsavedChangesGuard,
  useKcForm,
  type KeyValueEntry,
} from "../../core/ui/form/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import type { UserProfileMetadata } from "../../core/ui/user-profile/index.ts";
import { fetchUnmanagedAttributes, fetchUnmanagedPolicy, userKeys } from "./user-queries.ts";
import type { UserTabProps } from "./user-settings-tab.tsx";
import "./messages.ts";

type AttributeValues = { unmanaged: KeyValueEntry[] };

/** Unmanaged attributes as the realm's policy allows: editable (ENABLED, ADMIN_EDIT), read-only (ADMIN_VIEW), or off. */
export function UserAttributesTab({
  user,
  canManage,
  onSave,
}: UserTabProps & { onSave(changes: UserRepresentation): Promise<void> }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const policy = useQuery({
    queryKey: [...userKeys.all(realm), "unmanaged-policy"],
    queryFn: () => fetchUnmanagedPolicy(adminClient, realm),
  });
  const attributesKey = [...userKeys.one(realm, user.id!), "unmanaged"];
  const unmanaged = useQuery({
    queryKey: attributesKey,
    queryFn: () => fetchUnmanagedAttributes(adminClient, realm, user.id!),
    enabled: !!policy.data,
  });
  const form = useKcForm<AttributeValues>({ values: { unmanaged: mapToKeyValue(unmanaged.data) } });

  if (policy.isPending || (policy.data && unmanaged.isPending)) return <LoadingSpinner />;
  if (!policy.data) return <Alert variant="info" isInline title={t("userAttributesDisabled")} />;
  const isEditable = canManage && policy.data !== "ADMIN_VIEW";

  const submit = async (values: AttributeValues) => {
    const managedNames = new Set(
      ((user.userProfileMetadata as UserProfileMetadata | undefined)?.attributes ?? []).map(
        (attribute) => attribute.name,
      ),
    );
    const managed = Object.fromEntries(
      Object.entries(user.attributes ?? {}).filter(([name]) => managedNames.has(name)),
    );
    try {
      await onSave({ attributes: { ...managed, ...keyValueToMap(values.unmanaged) } });
      form.reset(values);
      alerts.addAlert(t("userSaved"));
    } catch (error) {
      alerts.addError("userNotSaved", error);
    }
  };

  return (
    <FormProvider {...form}>
      <Form onSubmit={form.handleSubmit(submit)} style={{ maxWidth: "52rem" }}>
        {!isEditable && policy.data === "ADMIN_VIEW" && (
          <Alert variant="info" isInline title={t("userAttributesReadOnly")} />
        )}
        <KeyValueControl<AttributeValues>
          name="unmanaged"
          label={t("unmanagedAttributes")}
          labelHelp={t("userAttributesHelp")}
          isDisabled={!isEditable}
        />
        {isEditable && <SaveRevertActions<AttributeValues> onRevert={() => form.reset()} />}
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />
      </Form>
    </FormProvider>
  );
}
