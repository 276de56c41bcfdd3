import { useMemo } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type ClientProfilesRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientProfilesRepresentation.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { useConfirm } from "../../../core/ui/dialogs/index.ts";
import { useKcForm, useNavigateWhenSaved } from "../../../core/ui/form/index.ts";
import { ViewHeader } from "../../../core/ui/page/index.ts";
import { toAddExecutor, toClientPolicies, toEditExecutor, toEditProfile } from "./paths.ts";
import { QueryState } from "./query-state.tsx";
import { useClientProfiles, type Profile } from "./use-client-policies.ts";
import { SectionBlock } from "./page-section-block.tsx";
import { NameDescriptionForm, type NameDescriptionValues } from "./name-description-form.tsx";
import "./client-policies-messages.ts";
import "./client-policies.css";

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
  const form = useKcForm<NameDescriptionValues>({ defaultValues: initial });
  const taken = own.map((profile) => profile.name);
  const executors = original?.executors ?? [];

  const submit = async (values: NameDescriptionValues) => {
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
        <NameDescriptionForm
          form={form}
          title={title}
          isNew={isNew}
          readOnly={readOnly}
          taken={taken}
          nameLabel={t("newClientProfileName")}
          nameHelp={t("createClientProfileNameHelperText")}
          saved={saved}
          onSubmit={submit}
          onCancel={() => navigate(toClientPolicies(realm, "profiles"))}
        />
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
