import { useNavigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useAccess } from "../../../core/access/access-context.tsx";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useServerInfo } from "../../../core/runtime/shared-queries.ts";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { toKeysTab } from "../paths.ts";
import { KeyProviderForm } from "./key-provider-form.tsx";
import { keyProviderTypes, keysKeys } from "./keys-queries.ts";
import "./keys-messages.ts";
import "../realm-settings.css";

/** `realm-settings/keys/providers/:id/:providerType/settings`: one key provider's settings. */
export default function KeyProviderPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const navigate = useNavigate();
  const { id = "", providerType = "" } = useParams();
  const canManage = useAccess().hasAccess("manage-realm");
  const type = keyProviderTypes(useServerInfo()).find((candidate) => candidate.id === providerType);
  const provider = useQuery({
    queryKey: keysKeys.provider(realm, id),
    queryFn: async () => (await adminClient.components.findOne({ realm, id }, { catchNotFound: true })) ?? null,
  });
  const back = () => navigate(toKeysTab(realm, "providers"));

  const failure = provider.error
    ? t("rsKeysLoadFailed", { message: errorMessage(provider.error) })
    : provider.data === null
      ? t("rsKeyProviderNotFound")
      : !type
        ? t("rsKeyProviderUnknownType", { type: providerType })
        : undefined;

  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{provider.data?.name ?? providerType}</Title>
        {type?.helpText && <Content component="p">{type.helpText}</Content>}
      </PageSection>
      <PageSection>
        {provider.isPending ? (
          <LoadingSpinner />
        ) : failure || !type || !provider.data ? (
          <Alert variant="danger" isInline title={failure} data-testid="key-provider-error" />
        ) : (
          <KeyProviderForm
            type={type}
            realmId={provider.data.parentId ?? ""}
            provider={provider.data}
            isReadOnly={!canManage}
            onSaved={() => void provider.refetch()}
            onCancel={back}
            guardsNavigation
          />
        )}
      </PageSection>
    </>
  );
}
