import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { FormProvider } from "react-hook-form";
import type {
  UserProfileConfig,
  UserProfileGroup,
} from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import {
  KeyValueControl,
  keyValueToMap,
  mapToKeyValue,
  SubmitButton,
  TextControl,
  UnsavedChangesGuard,
  useKcForm,
  useNavigateWhenSaved,
  type KeyValueEntry,
} from "../../../core/ui/form/index.ts";
import { ViewHeader } from "../../../core/ui/page/index.ts";
import { toUserProfile } from "./paths.ts";
import { useUserProfile } from "./use-user-profile.ts";
import { WithUserProfile } from "./user-profile-tab.tsx";
import "./user-profile-messages.ts";
import "./user-profile.css";

interface GroupValues {
  name: string;
  displayHeader: string;
  displayDescription: string;
  annotations: KeyValueEntry[];
}

/** `user-profile/attributesGroup/new` and `user-profile/attributesGroup/edit/:name`. */
export default function AttributeGroupPage() {
  const { name } = useParams();
  return (
    <WithUserProfile>
      {(config) => {
        const group = name ? config.groups?.find((entry) => entry.name === name) : undefined;
        if (name && !group)
          return (
            <PageSection>
              <Alert variant="danger" isInline title={name} data-testid="attribute-group-not-found" />
            </PageSection>
          );
        return <GroupForm key={name ?? ""} config={config} original={group} />;
      }}
    </WithUserProfile>
  );
}

function GroupForm({ config, original }: { config: UserProfileConfig; original?: UserProfileGroup }) {
  const { t } = useMessages();
  const { realm, save } = useUserProfile();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const canManage = useAccess().hasAccess("manage-realm");
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const isNew = !original;
  const initial = useMemo<GroupValues>(
    () => ({
      name: original?.name ?? "",
      displayHeader: original?.displayHeader ?? "",
      displayDescription: original?.displayDescription ?? "",
      annotations: mapToKeyValue(
        Object.fromEntries(Object.entries(original?.annotations ?? {}).map(([key, value]) => [key, String(value)])),
      ),
    }),
    [original],
  );
  const form = useKcForm<GroupValues>({ defaultValues: initial });
  const taken = (config.groups ?? []).map((group) => group.name);

  const submit = async (values: GroupValues) => {
    const annotations = Object.fromEntries(
      Object.entries(keyValueToMap(values.annotations)).map(([key, list]) => [key, list[0] ?? ""]),
    );
    const group: UserProfileGroup = {
      name: values.name.trim(),
      displayHeader: values.displayHeader,
      displayDescription: values.displayDescription,
      ...(Object.keys(annotations).length ? { annotations } : {}),
    };
    const groups = isNew
      ? [...(config.groups ?? []), group]
      : (config.groups ?? []).map((entry) => (entry.name === original.name ? group : entry));
    try {
      await save({ ...config, groups });
      addAlert(t("userProfileSuccess"));
      navigateSaved(toUserProfile(realm, "attributes-group"));
    } catch (error) {
      addError("userProfileError", error);
    }
  };

  const title = isNew ? t("createGroupText") : t("editGroupText");
  return (
    <>
      <ViewHeader title={title} subtitle={original?.name} />
      <PageSection>
        <FormProvider {...form}>
          <Form isHorizontal isWidthLimited noValidate onSubmit={form.handleSubmit(submit)} aria-label={title}>
            <fieldset disabled={!canManage} className="kc-up-fields">
              <TextControl<GroupValues>
                name="name"
                label={t("groupName")}
                isDisabled={!isNew}
                rules={{
                  required: true,
                  validate: (name) => !isNew || !taken.includes(String(name).trim()) || t("upGroupNameTaken"),
                }}
              />
              <TextControl<GroupValues> name="displayHeader" label={t("upGroupHeader")} />
              <TextControl<GroupValues> name="displayDescription" label={t("displayDescription")} />
              <KeyValueControl<GroupValues> name="annotations" label={t("annotations")} />
            </fieldset>
            <ActionGroup>
              {canManage && <SubmitButton<GroupValues> allowNonDirty={isNew}>{t("save")}</SubmitButton>}
              <Button variant="link" onClick={() => navigate(toUserProfile(realm, "attributes-group"))}>
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
