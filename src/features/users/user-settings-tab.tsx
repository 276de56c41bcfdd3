import { FormProvider } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Form, FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import {
  applyServerErrors,
  MultiSelectControl,
  SaveRevertActions,
  SwitchControl,
  UnsavedChangesGuard,
  useKcForm,
} from "../../core/ui/form/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import {
  toUserFormValues,
  toUserRepresentation,
  useProfileMetadataQuery,
  userProfileErrorField,
  UserProfileFields,
  type UserFormValues,
  type UserProfileMetadata,
} from "../../core/ui/user-profile/index.ts";
import {
  fetchBruteForceStatus,
  fetchEnabledRequiredActions,
  requiredActionChoices,
  unlockUser,
  userKeys,
} from "./user-queries.ts";
import { FederationLinkField } from "./federation-link-field.tsx";
import "./messages.ts";

type SettingsValues = UserFormValues & { requiredActions: string[]; emailVerified: boolean };

export interface UserTabProps {
  user: UserRepresentation;
  canManage: boolean;
}

/** The details tab: id, created, federation link, lock status, required actions, email verified, profile fields. */
export function UserSettingsTab({
  user,
  canManage,
  onSave,
}: UserTabProps & { onSave(changes: UserRepresentation): Promise<void> }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const profile = useProfileMetadataQuery(realm);
  const metadata = (user.userProfileMetadata as UserProfileMetadata | undefined) ?? profile.data;
  const requiredActions = useQuery({
    queryKey: userKeys.requiredActions(realm),
    queryFn: () => fetchEnabledRequiredActions(adminClient, realm),
    enabled: access.hasAccess("view-realm"),
  });
  const lockKey = [...userKeys.one(realm, user.id!), "brute-force"];
  const lock = useQuery({
    queryKey: lockKey,
    queryFn: () => fetchBruteForceStatus(adminClient, realm, user.id!),
    enabled: access.hasAccess("view-users"),
  });
  const form = useKcForm<SettingsValues>({
    values: {
      ...toUserFormValues(user),
      requiredActions: user.requiredActions ?? [],
      emailVerified: user.emailVerified ?? false,
    },
    resetOptions: { keepDirtyValues: true },
  });

  const submit = async (values: SettingsValues) => {
    const { attributes: profileAttributes, ...rest } = toUserRepresentation(values);
    try {
      await onSave({
        ...rest,
        attributes: { ...user.attributes, ...profileAttributes },
        requiredActions: values.requiredActions,
        emailVerified: values.emailVerified,
      });
      form.reset(values);
      alerts.addAlert(t("userSaved"));
    } catch (error) {
      applyServerErrors(form, error, t, userProfileErrorField);
      alerts.addError("userNotSaved", error);
    }
  };

  const unlock = async () => {
    try {
      await unlockUser(adminClient, realm, user.id!);
      alerts.addAlert(t("unlockSuccess"));
      await queryClient.invalidateQueries({ queryKey: lockKey });
    } catch (error) {
      alerts.addError("unlockError", error);
    }
  };

  if (!metadata) return <LoadingSpinner />;
  const actionChoices = requiredActionChoices(requiredActions.data, (alias) => t(`requiredAction_${alias}`));
  for (const alias of user.requiredActions ?? [])
    if (!actionChoices.some((choice) => choice.value === alias)) actionChoices.push({ value: alias, label: alias });
  return (
    <FormProvider {...form}>
      <Form
        isHorizontal
        onSubmit={form.handleSubmit(submit)}
        style={{ maxWidth: "52rem" }}
        className="kc-user-settings"
      >
        {lock.data?.disabled && (
          <Alert
            variant="warning"
            isInline
            title={t("temporaryLockedHelp")}
            actionLinks={
              canManage ? (
                <Button variant="link" isInline onClick={unlock}>
                  {t("unlock")}
                </Button>
              ) : undefined
            }
          />
        )}
        <FormGroup label={t("id")} fieldId="kc-user-id">
          <TextInput id="kc-user-id" value={user.id ?? ""} readOnlyVariant="default" />
        </FormGroup>
        <FormGroup label={t("createdAt")} fieldId="kc-user-created">
          <TextInput
            id="kc-user-created"
            value={user.createdTimestamp ? new Date(user.createdTimestamp).toLocaleString() : ""}
            readOnlyVariant="default"
          />
        </FormGroup>
        {user.federationLink && <FederationLinkField providerId={user.federationLink} />}
        <MultiSelectControl<SettingsValues>
          name="requiredActions"
          label={t("requiredUserActions")}
          labelHelp={t("requiredUserActionsHelp")}
          options={actionChoices}
          isDisabled={!canManage}
        />
        <SwitchControl<SettingsValues> name="emailVerified" label={t("emailVerified")} isDisabled={!canManage} />
        <UserProfileFields metadata={metadata} isReadOnly={!canManage} />
        {canManage && <SaveRevertActions<SettingsValues> allowInvalid onRevert={() => form.reset()} />}
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting} />
      </Form>
    </FormProvider>
  );
}
