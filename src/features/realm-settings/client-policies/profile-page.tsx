import { useMemo } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { FormProvider } from "react-hook-form";
import type ClientProfilesRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientProfilesRepresentation.js";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import {
  SubmitButton,
  TextAreaControl,
  TextControl,
  UnsavedChangesGuard,
  useKcForm,
  useNavigateWhenSaved,
} from "../../../core/ui/form/index.ts";
import { ViewHeader } from "../../../core/ui/page/index.ts";
import { toAddExecutor, toClientPolicies, toEditExecutor, toEditProfile } from "./paths.ts";
import { QueryState } from "./query-state.tsx";
import { useClientProfiles, type Profile } from "./use-client-policies.ts";
import { SectionBlock } from "./page-section-block.tsx";
import "./client-policies-messages.ts";
import "./client-policies.css";

interface ProfileValues {
  name: string;
  description: string;
}

/** `client-policies/:tab/add-profile` and `client-policies/:profileName/edit-profile`. */
export default function ProfilePage() {
  const { profileName } = useParams();
  const { query } = useClientProfiles();
  return <QueryState query={query}>{(data) => <ProfileScreen data={data} name={profileName} />}</QueryState>;
}

function ProfileScreen({ data, name }: { data: ClientProfilesRepresentation; name?: string }) {
  const { t } = useMessages();
  const own = data.profiles ?? [];
  const globalProfile = data.globalProfiles?.find((profile) => profile.name === name);
  const profile = own.find((entry) => entry.name === name) ?? globalProfile;
  if (name && !profile)
    return (
      <PageSection>
        <Alert variant="danger" isInline title={t("cpNotFound", { name })} data-testid="client-profile-not-found" />
      </PageSection>
    );
  return <ProfileForm key={name ?? ""} own={own} original={profile} isGlobal={!!globalProfile} />;
}

function ProfileForm({ own, original, isGlobal }: { own: Profile[]; original?: Profile; isGlobal: boolean }) {
  const { t } = useMessages();
  const { realm, save } = useClientProfiles();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const { confirm, dialog } = useConfirm();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const readOnly = isGlobal || !useAccess().hasAccess("manage-realm");
  const isNew = !original;
  const initial = useMemo(() => ({ name: original?.name ?? "", description: original?.description ?? "" }), [original]);
  const form = useKcForm<ProfileValues>({ defaultValues: initial });
  const taken = own.map((profile) => profile.name);
  const executors = original?.executors ?? [];

  const submit = async (values: ProfileValues) => {
    const profile: Profile = { ...original, name: values.name.trim(), description: values.description };
    try {
      await save(
        isNew ? [...own, { ...profile, executors: [] }] : own.map((p) => (p.name === original.name ? profile : p)),
      );
      addAlert(t(isNew ? "createClientProfileSuccess" : "updateClientProfileSuccess"));
      if (isNew) navigateSaved(toEditProfile(realm, profile.name ?? ""));
      else form.reset(values);
    } catch (error) {
      addError(isNew ? "createClientProfileError" : "updateClientProfilesError", error);
    }
  };

  const removeExecutor = async (executor: string) => {
    const agreed = await confirm({
      title: t("deleteExecutorProfileConfirm", { executorName: executor }),
      confirmLabel: t("delete"),
      variant: "destructive",
    });
    if (!agreed || !original) return;
    try {
      const next = { ...original, executors: executors.filter((entry) => entry.executor !== executor) };
      await save(own.map((p) => (p.name === original.name ? next : p)));
      addAlert(t("deleteExecutorSuccess"));
    } catch (error) {
      addError("deleteExecutorError", error);
    }
  };

  const title = isNew ? t("newClientProfile") : t("cpEditProfile");
  return (
    <>
      <ViewHeader
        title={title}
        subtitle={original?.name}
        badges={isGlobal ? [{ text: t("global"), color: "blue" }] : undefined}
      />
      <PageSection>
        <FormProvider {...form}>
          <Form isHorizontal isWidthLimited noValidate onSubmit={form.handleSubmit(submit)} aria-label={title}>
            <fieldset disabled={readOnly} className="kc-cp-fields">
              <TextControl<ProfileValues>
                name="name"
                label={t("newClientProfileName")}
                helperText={t("createClientProfileNameHelperText")}
                isDisabled={!isNew}
                rules={{
                  required: true,
                  validate: (name) => !isNew || !taken.includes(String(name).trim()) || t("cpNameTaken"),
                }}
              />
              <TextAreaControl<ProfileValues> name="description" label={t("description")} />
            </fieldset>
            <ActionGroup>
              {!readOnly && <SubmitButton<ProfileValues> allowNonDirty={isNew}>{t("save")}</SubmitButton>}
              <Button variant="link" onClick={() => navigate(toClientPolicies(realm, "profiles"))}>
                {t("cancel")}
              </Button>
            </ActionGroup>
            <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting && !saved} />
          </Form>
        </FormProvider>
        {original && (
          <SectionBlock title={t("executors")}>
            {!readOnly && (
              <div>
                <Button variant="secondary" onClick={() => navigate(toAddExecutor(realm, original.name ?? ""))}>
                  {t("addExecutor")}
                </Button>
              </div>
            )}
            {executors.length === 0 ? (
              <p>{t("emptyExecutors")}</p>
            ) : (
              <Table aria-label={t("executors")} variant="compact" className="kc-cp-table">
                <Thead>
                  <Tr>
                    <Th>{t("executorType")}</Th>
                    {!readOnly && <Th screenReaderText={t("delete")} />}
                  </Tr>
                </Thead>
                <Tbody>
                  {executors.map(({ executor }) => (
                    <Tr key={executor}>
                      <Td dataLabel={t("executorType")}>
                        <Link to={toEditExecutor(realm, original.name ?? "", executor ?? "")}>{executor}</Link>
                        {isGlobal && (
                          <Label isCompact color="blue" className="kc-cp-global">
                            {t("global")}
                          </Label>
                        )}
                      </Td>
                      {!readOnly && (
                        <Td isActionCell>
                          <Button variant="link" isDanger onClick={() => void removeExecutor(executor ?? "")}>
                            {t("delete")}
                          </Button>
                        </Td>
                      )}
                    </Tr>
                  ))}
                </Tbody>
              </Table>
            )}
          </SectionBlock>
        )}
      </PageSection>
      {dialog}
    </>
  );
}
