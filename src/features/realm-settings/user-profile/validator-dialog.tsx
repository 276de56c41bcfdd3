import { useState } from "react";
import { FormProvider } from "react-hook-form";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Form, FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useServerInfo } from "../../../core/runtime/shared-queries.ts";
import {
  DynamicComponents,
  fromComponentConfig,
  type ConfigFormValues,
  type ConfigProperty,
} from "../../../core/ui/dynamic/index.ts";
import { toPlainConfig } from "../plain-config.ts";
import { useKcForm } from "../../../core/ui/form/index.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader, SingleSelect } from "../../../core/ui/overlays/index.ts";
import "./user-profile-messages.ts";

const VALIDATOR_TYPE = "org.keycloak.validate.Validator";
/** Picks a validator from server info and fills in its settings. */
export function ValidatorDialog({
  taken,
  onAdd,
  onClose,
}: {
  taken: string[];
  onAdd(name: string, config: Record<string, unknown>): void;
  onClose(): void;
}) {
  const { t } = useMessages();
  const validators = (useServerInfo().componentTypes?.[VALIDATOR_TYPE] ?? []).filter(
    (validator) => !taken.includes(validator.id),
  );
  const [type, setType] = useState<string>(validators[0]?.id ?? "");
  const properties = (validators.find((validator) => validator.id === type)?.properties ?? []) as ConfigProperty[];
  const form = useKcForm<{ config: ConfigFormValues }>({ defaultValues: { config: fromComponentConfig(properties) } });
  const choose = (next: string) => {
    setType(next);
    const chosen = (validators.find((validator) => validator.id === next)?.properties ?? []) as ConfigProperty[];
    form.reset({ config: fromComponentConfig(chosen) });
  };
  const add = form.handleSubmit((values) => {
    onAdd(type, toPlainConfig(properties, values.config));
    onClose();
  });
  return (
    <Modal variant="medium" isOpen onClose={onClose} aria-labelledby="kc-validator-dialog-title">
      <ModalHeader
        title={type ? t("addValidatorRole", { validatorName: type }) : t("addValidator")}
        labelId="kc-validator-dialog-title"
      />
      <ModalBody>
        <FormProvider {...form}>
          <Form
            id="kc-validator-form"
            isHorizontal
            onSubmit={(event) => {
              // The dialog sits inside the attribute form in React's tree: its submit must not reach that form.
              event.preventDefault();
              event.stopPropagation();
              void add();
            }}
          >
            <FormGroup label={t("validatorType")} fieldId="kc-validator-type">
              <SingleSelect
                id="kc-validator-type"
                options={validators.map((validator) => ({
                  value: validator.id,
                  label: validator.id,
                  description: validator.helpText,
                }))}
                value={type}
                onChange={choose}
              />
            </FormGroup>
            <DynamicComponents key={type} properties={properties} />
          </Form>
        </FormProvider>
      </ModalBody>
      <ModalFooter>
        <Button type="submit" form="kc-validator-form" isDisabled={!type}>
          {t("add")}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
