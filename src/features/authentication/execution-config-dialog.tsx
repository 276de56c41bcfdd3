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
import {
  DynamicComponents,
  fromComponentConfig,
  toComponentConfig,
  type ConfigFormValues,
  type ConfigProperty,
} from "../../core/ui/dynamic/index.ts";
import { SubmitButton, TextControl, useKcForm } from "../../core/ui/form/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/index.ts";
import { authenticationKey, fetchConfig, fetchConfigDescription, type AuthenticatorConfig } from "./queries.ts";
import "./messages.ts";

interface ConfigValues {
  alias: string;
  config: ConfigFormValues;
}

/** Keycloak keeps an authenticator's multi-valued settings as one string joined with `##`. */
const flatten = (config: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(config).map(([key, values]) => [key, values.join("##")]));
const expand = (config: Record<string, string> = {}) =>
  Object.fromEntries(
    Object.entries(config).map(([key, value]) => [key, value.includes("##") ? value.split("##") : value]),
  );

/** An execution's config: its alias and the provider's settings (config description), created or updated. */
export function ExecutionConfigDialog({
  name,
  providerId,
  configId,
  isReadOnly,
  onSave,
  onClose,
}: {
  name: string;
  providerId: string;
  configId?: string;
  isReadOnly: boolean;
  onSave(config: AuthenticatorConfig): Promise<boolean>;
  onClose(): void;
}) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const query = useQuery({
    queryKey: [...authenticationKey(realm), "config", providerId, configId ?? ""],
    queryFn: async () => {
      const [description, config] = await Promise.all([
        fetchConfigDescription(adminClient, realm, providerId),
        configId ? fetchConfig(adminClient, realm, configId) : Promise.resolve(undefined),
      ]);
      return { properties: (description.properties ?? []) as ConfigProperty[], config };
    },
  });
  const titleId = useId();
  return (
    <Modal isOpen variant="medium" onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={t("executionConfig", { name })} labelId={titleId} />
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
          properties={query.data.properties}
          config={query.data.config}
          isReadOnly={isReadOnly}
          onSave={onSave}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ConfigForm({
  properties,
  config,
  isReadOnly,
  onSave,
  onClose,
}: {
  properties: ConfigProperty[];
  config?: AuthenticatorConfig;
  isReadOnly: boolean;
  onSave(config: AuthenticatorConfig): Promise<boolean>;
  onClose(): void;
}) {
  const { t } = useMessages();
  const formId = useId();
  const form = useKcForm<ConfigValues>({
    defaultValues: { alias: config?.alias ?? "", config: fromComponentConfig(properties, expand(config?.config)) },
  });
  const submit = async (values: ConfigValues) => {
    const saved = await onSave({
      alias: values.alias.trim(),
      config: flatten(toComponentConfig(properties, values.config)),
    });
    if (saved) onClose();
  };
  return (
    <>
      <ModalBody>
        <FormProvider {...form}>
          <Form id={formId} onSubmit={form.handleSubmit(submit)}>
            <TextControl<ConfigValues>
              name="alias"
              label={t("alias")}
              labelHelp={t("authenticationAliasHelp")}
              isDisabled={isReadOnly || Boolean(config)}
              rules={{ required: true }}
            />
            {properties.length === 0 && <p>{t("authnNoConfigProperties")}</p>}
            <DynamicComponents properties={properties} isReadOnly={isReadOnly} />
          </Form>
        </FormProvider>
      </ModalBody>
      <ModalFooter>
        {!isReadOnly && (
          <FormProvider {...form}>
            <SubmitButton<ConfigValues> form={formId} allowInvalid>
              {t("save")}
            </SubmitButton>
          </FormProvider>
        )}
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </>
  );
}
