import { FormProvider } from "react-hook-form";
import { useQuery } from "@tanstack/react-query";
import { ActionGroup, Form, FormSection } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useAlerts } from "../../../../core/ui/alerts/alerts-context.tsx";
import { SelectControl, SubmitButton, useKcForm } from "../../../../core/ui/form/index.ts";
import type { ClientTabProps } from "../client-tab-props.ts";
import "../client-tab-messages.ts";

interface OverridesForm {
  browser: string;
  directGrant: string;
}

/** Browser and direct grant flow overrides, chosen from the realm's top-level flows ("" = the realm's binding). */
export function ClientFlowOverridesSection({ client, canManage, onSave }: ClientTabProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const flows = useQuery({
    queryKey: ["authentication", realm, "flows"],
    queryFn: () => adminClient.authenticationManagement.getFlows({ realm }),
  });
  const overrides = client.authenticationFlowBindingOverrides ?? {};
  const form = useKcForm<OverridesForm>({
    values: { browser: String(overrides.browser ?? ""), directGrant: String(overrides.direct_grant ?? "") },
  });
  const options = [
    { value: "", label: t("clientsInheritFromRealm") },
    ...(flows.data ?? []).map((flow) => ({ value: flow.id ?? "", label: flow.alias ?? "" })),
  ];

  const save = async (values: OverridesForm) => {
    const next: Record<string, string> = {};
    if (values.browser) next.browser = values.browser;
    if (values.directGrant) next.direct_grant = values.directGrant;
    try {
      await onSave({ authenticationFlowBindingOverrides: next });
      form.reset(values);
      alerts.addAlert(t("clientSaveSuccess"));
    } catch (error) {
      alerts.addError("clientSaveError", error);
    }
  };

  return (
    <FormProvider {...form}>
      <Form isHorizontal onSubmit={form.handleSubmit(save)} aria-label={t("authenticationOverrides")}>
        <FormSection title={t("authenticationOverrides")} titleElement="h2">
          <p>{t("authenticationOverridesHelp")}</p>
          <SelectControl<OverridesForm>
            name="browser"
            label={t("browserFlow")}
            options={options}
            isDisabled={!canManage}
          />
          {client.protocol !== "saml" && (
            <SelectControl<OverridesForm>
              name="directGrant"
              label={t("directGrant")}
              options={options}
              isDisabled={!canManage}
            />
          )}
          {canManage && (
            <ActionGroup>
              <SubmitButton<OverridesForm>>{t("save")}</SubmitButton>
            </ActionGroup>
          )}
        </FormSection>
      </Form>
    </FormProvider>
  );
}
