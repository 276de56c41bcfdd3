import { useParams } from "react-router";
import type ClientProfilesRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientProfilesRepresentation.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { toEditProfile } from "./paths.ts";
import { ProviderEntryForm } from "./provider-entry-form.tsx";
import { QueryState } from "./query-state.tsx";
import { useClientProfiles } from "./use-client-policies.ts";
import "./client-policies-messages.ts";

const EXECUTOR_TYPE = "org.keycloak.services.clientpolicy.executor.ClientPolicyExecutorProvider";

/** `client-policies/:profileName/add-executor` and `client-policies/:profileName/edit-profile/:executorName`. */
export default function ExecutorPage() {
  const { query } = useClientProfiles();
  return <QueryState query={query}>{(data) => <ExecutorScreen data={data} />}</QueryState>;
}

function ExecutorScreen({ data }: { data: ClientProfilesRepresentation }) {
  const { t } = useMessages();
  const { profileName = "", executorName } = useParams();
  const { realm, save } = useClientProfiles();
  const { addAlert, addError } = useAlerts();
  const canManage = useAccess().hasAccess("manage-realm");
  const own = data.profiles ?? [];
  const globalProfile = data.globalProfiles?.find((profile) => profile.name === profileName);
  const profile = own.find((entry) => entry.name === profileName) ?? globalProfile;
  const executor = profile?.executors?.find((entry) => entry.executor === executorName);
  if (!profile || (executorName && !executor))
    return (
      <PageSection>
        <Alert variant="danger" isInline title={t("cpNotFound", { name: executorName ?? profileName })} />
      </PageSection>
    );
  return (
    <ProviderEntryForm
      key={executorName ?? ""}
      title={executor ? t("cpEditExecutor") : t("addExecutor")}
      providerType={EXECUTOR_TYPE}
      typeLabel={t("executorType")}
      entry={executor ? { type: executor.executor ?? "", configuration: executor.configuration } : undefined}
      takenTypes={(profile.executors ?? []).map((entry) => entry.executor ?? "")}
      isReadOnly={!!globalProfile || !canManage}
      backTo={toEditProfile(realm, profileName)}
      onSave={async ({ type, configuration }) => {
        const executors = executor
          ? (profile.executors ?? []).map((entry) =>
              entry.executor === executorName ? { executor: type, configuration } : entry,
            )
          : [...(profile.executors ?? []), { executor: type, configuration }];
        try {
          await save(own.map((entry) => (entry.name === profileName ? { ...entry, executors } : entry)));
          addAlert(t(executor ? "updateExecutorSuccess" : "addExecutorSuccess"));
          return true;
        } catch (error) {
          addError(executor ? "updateClientProfilesError" : "addExecutorError", error);
          return false;
        }
      }}
    />
  );
}
