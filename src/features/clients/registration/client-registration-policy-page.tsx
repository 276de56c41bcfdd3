import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { FormProvider } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type ComponentRepresentation from "@keycloak/keycloak-admin-client/lib/defs/componentRepresentation.js";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useRealmQuery, useServerInfo } from "../../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import {
  DynamicComponents,
  fromComponentConfig,
  toComponentConfig,
  type ConfigFormValues,
} from "../../../core/ui/dynamic/index.ts";
import {
  FormField,
  SubmitButton,
  TextControl,
  UnsavedChangesGuard,
  useValuesForm,
  useNavigateWhenSaved,
} from "../../../core/ui/form/index.ts";
import {
  REGISTRATION_POLICY_TYPE,
  registrationPolicyKeys,
  registrationPolicyProviders,
} from "./client-registration-queries.ts";
import { toClientRegistration, toClientRegistrationPolicy, type ClientRegistrationTab } from "../paths.ts";
import "../list/client-list-tabs-messages.ts";

interface PolicyForm {
  name: string;
  config: ConfigFormValues;
}

/**
 * `clients/client-registration/:subTab/:providerId` (create) and `.../:providerId/:id` (edit): the policy's
 * name and its provider's settings as server info describes them.
 */
export default function ClientRegistrationPolicyPage() {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const params = useParams();
  const subTab: ClientRegistrationTab = params.subTab === "authenticated" ? "authenticated" : "anonymous";
  const providerId = params.providerId ?? "";
  const id = params.id;
  const provider = registrationPolicyProviders(useServerInfo()).find((type) => type.id === providerId);
  const properties = useMemo(() => provider?.properties ?? [], [provider]);
  const realmId = useRealmQuery(realm).data?.id;
  const policy = useQuery({
    queryKey: registrationPolicyKeys.one(realm, id ?? ""),
    queryFn: () => adminClient.components.findOne({ realm, id: id! }),
    enabled: !!id,
  });
  const initial = useMemo<PolicyForm>(
    () => ({ name: policy.data?.name ?? "", config: fromComponentConfig(properties, policy.data?.config) }),
    [policy.data, properties],
  );
  const form = useValuesForm<PolicyForm>(initial);
  const { reset } = form;

  const save = async (values: PolicyForm) => {
    const representation: ComponentRepresentation = {
      name: values.name.trim(),
      providerId,
      providerType: REGISTRATION_POLICY_TYPE,
      subType: subTab,
      parentId: policy.data?.parentId ?? realmId,
      config: toComponentConfig(properties, values.config),
    };
    try {
      if (id) {
        await adminClient.components.update({ realm, id }, { ...policy.data, ...representation, id });
        alerts.addAlert(t("providerUpdatedSuccess"));
        reset(values);
        await queryClient.invalidateQueries({ queryKey: registrationPolicyKeys.all(realm) });
      } else {
        const created = await adminClient.components.create({ realm, ...representation });
        alerts.addAlert(t("providerCreateSuccess"));
        await queryClient.invalidateQueries({ queryKey: registrationPolicyKeys.all(realm) });
        navigateSaved(toClientRegistrationPolicy(realm, subTab, providerId, created.id));
      }
    } catch (error) {
      alerts.addError(id ? "providerUpdatedError" : "providerCreateError", error);
    }
  };

  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{id ? (policy.data?.name ?? providerId) : t("createPolicy")}</Title>
        {provider?.helpText && <Content component="p">{provider.helpText}</Content>}
      </PageSection>
      <PageSection>
        <FormProvider {...form}>
          <Form isHorizontal onSubmit={form.handleSubmit(save)} style={{ maxWidth: "60rem" }}>
            <FormField id="kc-policy-provider" label={t("provider")}>
              <TextInput id="kc-policy-provider" value={providerId} readOnlyVariant="default" />
            </FormField>
            <TextControl<PolicyForm> name="name" label={t("name")} rules={{ required: true }} />
            <DynamicComponents properties={properties} />
            <ActionGroup>
              <SubmitButton<PolicyForm>>{t("save")}</SubmitButton>
              <Button variant="link" onClick={() => navigate(toClientRegistration(realm, subTab))}>
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
