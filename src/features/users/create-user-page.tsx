import { useState } from "react";
import { useNavigate } from "react-router";
import { FormProvider } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useAccess } from "../../core/access/access-context.tsx";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import {
  applyServerErrors,
  MultiSelectControl,
  SubmitButton,
  SwitchControl,
  UnsavedChangesGuard,
  useKcForm,
  useNavigateWhenSaved,
} from "../../core/ui/form/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import type { PickedGroup } from "../../core/ui/pickers/index.ts";
import {
  toUserRepresentation,
  useProfileMetadataQuery,
  userProfileErrorField,
  UserProfileFields,
  type UserFormValues,
} from "../../core/ui/user-profile/index.ts";
import { GroupsToJoin } from "./groups-to-join.tsx";
import { toUser, toUsers } from "./paths.ts";
import { useUserEvents } from "./user-events.tsx";
import { createUser, fetchEnabledRequiredActions, requiredActionChoices, userKeys } from "./user-queries.ts";
import { joinGroups } from "./membership-queries.ts";
import "./messages.ts";

type CreateUserValues = UserFormValues & { requiredActions: string[]; emailVerified: boolean };

/** `/:realm/users/add-user`: the profile's fields, required actions, email verified, groups to join. */
export default function CreateUserPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const access = useAccess();
  const alerts = useAlerts();
  const events = useUserEvents();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const metadata = useProfileMetadataQuery(realm);
  const requiredActions = useQuery({
    queryKey: userKeys.requiredActions(realm),
    queryFn: () => fetchEnabledRequiredActions(adminClient, realm),
    enabled: access.hasAccess("view-realm"),
  });
  const [groups, setGroups] = useState<PickedGroup[]>([]);
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const form = useKcForm<CreateUserValues>({
    defaultValues: {
      username: "",
      email: "",
      firstName: "",
      lastName: "",
      attributes: {},
      requiredActions: [],
      emailVerified: false,
    },
  });

  const submit = async (values: CreateUserValues) => {
    const user = {
      ...toUserRepresentation(values),
      enabled: true,
      requiredActions: values.requiredActions,
      emailVerified: values.emailVerified,
    };
    let id: string;
    try {
      id = await createUser(adminClient, realm, user);
    } catch (error) {
      applyServerErrors(form, error, t, userProfileErrorField);
      alerts.addError("userCreateError", error);
      return;
    }
    events.created(id, user.username);
    await queryClient.invalidateQueries({ queryKey: userKeys.all(realm) });
    // The user exists now: a failed join must not leave the form open for a second, conflicting create.
    try {
      if (groups.length > 0) await joinGroups(adminClient, realm, id, groups);
      alerts.addAlert(t("userCreated"));
      navigateSaved(toUser(realm, id));
    } catch (error) {
      alerts.addError("userCreatedJoinFailed", error);
      navigateSaved(toUser(realm, id, "groups"));
    }
  };

  if (metadata.isPending) return <LoadingSpinner />;
  if (metadata.error) {
    return (
      <PageSection>
        <Title headingLevel="h1">{t("createUser")}</Title>
        <p role="alert">{t("userLoadFailed", { message: errorMessage(metadata.error) })}</p>
      </PageSection>
    );
  }
  const actionChoices = requiredActionChoices(requiredActions.data, (alias) => t(`requiredAction_${alias}`));
  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("createUser")}</Title>
      </PageSection>
      <PageSection>
        <FormProvider {...form}>
          <Form
            isHorizontal
            onSubmit={form.handleSubmit(submit)}
            className="kc-user-create-form"
            style={{ maxWidth: "52rem" }}
          >
            {access.hasAccess("view-realm") && (
              <MultiSelectControl<CreateUserValues>
                name="requiredActions"
                label={t("requiredUserActions")}
                labelHelp={t("requiredUserActionsHelp")}
                options={actionChoices}
              />
            )}
            <SwitchControl<CreateUserValues> name="emailVerified" label={t("emailVerified")} />
            <UserProfileFields metadata={metadata.data} />
            {access.hasAccess("query-groups") && <GroupsToJoin groups={groups} onChange={setGroups} />}
            <ActionGroup>
              <SubmitButton<CreateUserValues> allowNonDirty allowInvalid>
                {t("create")}
              </SubmitButton>
              <Button variant="link" onClick={() => navigate(toUsers(realm))}>
                {t("cancel")}
              </Button>
            </ActionGroup>
            <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting && !saved} />
          </Form>
        </FormProvider>
      </PageSection>
    </>
  );
}
