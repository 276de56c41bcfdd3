import { useLocation, useNavigate, useParams } from "react-router";
import { FormProvider } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { SubmitButton, UnsavedChangesGuard, useKcForm, useNavigateWhenSaved } from "../../core/ui/form/index.ts";
import { toIdentityProvider, toIdentityProviders } from "./paths.ts";
import { providerName } from "./provider-catalogue.ts";
import { toFormValues, toRepresentation, type ProviderFormValues } from "./provider-form-values.ts";
import { ProviderSettingsFields } from "./provider-settings-fields.tsx";
import { createIdentityProvider, identityProvidersKey } from "./queries.ts";
import "./messages.ts";

/** The provider type of `identity-providers/{keycloak-oidc|oidc|saml|:providerId}/add`. */
function useProviderId(): string {
  const { providerId } = useParams();
  const { pathname } = useLocation();
  return providerId ?? /identity-providers\/([^/]+)\/add$/.exec(pathname)?.[1] ?? "";
}

/** Adds a provider of one type; on success opens it, on failure keeps what was typed. */
export default function AddIdentityProviderPage() {
  const { t } = useMessages();
  const providerId = useProviderId();
  const serverInfo = useServerInfo();
  const title =
    providerId === "oidc"
      ? t("addOpenIdProvider")
      : providerId === "keycloak-oidc"
        ? t("addKeycloakOpenIdProvider")
        : providerId === "saml"
          ? t("addSamlProvider")
          : t("addIdentityProvider", { provider: providerName(serverInfo, providerId) });
  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{title}</Title>
      </PageSection>
      <PageSection>
        <AddProviderForm key={providerId} providerId={providerId} title={title} />
      </PageSection>
    </>
  );
}

function AddProviderForm({ providerId, title }: { providerId: string; title: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const form = useKcForm<ProviderFormValues>({ defaultValues: toFormValues(undefined, providerId) });
  const { saved, navigateSaved } = useNavigateWhenSaved();

  const submit = form.handleSubmit(async (values) => {
    try {
      const provider = toRepresentation(values, providerId, undefined);
      await createIdentityProvider(adminClient, realm, provider);
      await queryClient.invalidateQueries({ queryKey: identityProvidersKey(realm) });
      addAlert(t("createIdentityProviderSuccess"));
      navigateSaved(toIdentityProvider(realm, providerId, provider.alias ?? ""));
    } catch (error) {
      addError("createError", error);
    }
  });

  return (
    <FormProvider {...form}>
      <Form onSubmit={submit} noValidate aria-label={title} isWidthLimited>
        <ProviderSettingsFields providerId={providerId} isNew />
        <ActionGroup>
          <SubmitButton allowInvalid allowNonDirty>
            {t("add")}
          </SubmitButton>
          <Button variant="link" onClick={() => navigate(toIdentityProviders(realm))}>
            {t("cancel")}
          </Button>
        </ActionGroup>
        <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitting && !saved} />
      </Form>
    </FormProvider>
  );
}
