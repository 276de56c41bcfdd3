import { useId } from "react";
import { useQuery } from "@tanstack/react-query";
import { FormProvider } from "react-hook-form";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import {
  DynamicComponents,
  fromComponentConfig,
  toComponentConfig,
  type ConfigFormValues,
  type ConfigProperty,
} from "../../core/ui/dynamic/index.ts";
import { SubmitButton, useKcForm } from "../../core/ui/form/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/index.ts";
import { authenticationKey, fetchRequiredActionConfig, saveRequiredActionConfig } from "./queries.ts";
import "./messages.ts";

/** A required action's settings (e.g. the maximum age of authentication), from its config description. */
export function RequiredActionConfigDialog({ alias, name, onClose }: { alias: string; name: string; onClose(): void }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const titleId = useId();
  const query = useQuery({
    queryKey: [...authenticationKey(realm), "required-action-config", alias],
    queryFn: () => fetchRequiredActionConfig(adminClient, realm, alias),
  });
  return (
    <Modal isOpen variant="small" onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={t("requiredActionConfig", { name })} labelId={titleId} />
      {query.isPending && (
        <ModalBody>
          <LoadingSpinner />
        </ModalBody>
      )}
      {query.error && (
        <ModalBody>
          <Alert variant="danger" isInline title={t("authnConfigLoadFailed", { message: errorMessage(query.error) })} />
        </ModalBody>
      )}
      {query.data && (
        <ConfigForm
          alias={alias}
          properties={query.data.properties as ConfigProperty[]}
          config={query.data.config}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ConfigForm({
  alias,
  properties,
  config,
  onClose,
}: {
  alias: string;
  properties: ConfigProperty[];
  config: Record<string, string>;
  onClose(): void;
}) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { addAlert, addError } = useAlerts();
  const formId = useId();
  const form = useKcForm<{ config: ConfigFormValues }>({
    defaultValues: { config: fromComponentConfig(properties, config) },
  });
  const submit = async (values: { config: ConfigFormValues }) => {
    const flat = Object.fromEntries(
      Object.entries(toComponentConfig(properties, values.config)).map(([key, list]) => [key, list.join("##")]),
    );
    try {
      await saveRequiredActionConfig(adminClient, realm, alias, flat);
      addAlert(t("configSaveSuccess"));
      onClose();
    } catch (error) {
      addError("configSaveError", error);
    }
  };
  return (
    <>
      <ModalBody>
        <FormProvider {...form}>
          <Form id={formId} onSubmit={form.handleSubmit(submit)}>
            <DynamicComponents properties={properties} />
          </Form>
        </FormProvider>
      </ModalBody>
      <ModalFooter>
        <FormProvider {...form}>
          <SubmitButton form={formId}>{t("save")}</SubmitButton>
        </FormProvider>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </>
  );
}
