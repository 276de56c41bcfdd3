import { useId } from "react";
import { useQuery } from "@tanstack/react-query";
import { FormProvider } from "react-hook-form";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { SelectControl, SubmitButton, TextAreaControl, TextControl, useKcForm } from "../../core/ui/form/index.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/index.ts";
import { authenticationKey, fetchFormProviders, type NewSubFlow } from "./queries.ts";
import "./messages.ts";

/** "Add a sub-flow": name, description, generic or form flow (with its form provider). */
export function AddSubFlowDialog({
  title,
  onAdd,
  onClose,
}: {
  title: string;
  onAdd(sub: NewSubFlow): Promise<boolean>;
  onClose(): void;
}) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const titleId = useId();
  const formId = useId();
  const forms = useQuery({
    queryKey: [...authenticationKey(realm), "form-providers"],
    queryFn: () => fetchFormProviders(adminClient, realm),
    staleTime: Infinity,
  });
  const form = useKcForm<NewSubFlow>({
    defaultValues: { alias: "", description: "", type: "basic-flow", provider: "registration-page-form" },
  });
  const type = form.watch("type");
  const submit = async (values: NewSubFlow) => {
    if (await onAdd({ ...values, alias: values.alias.trim() })) onClose();
  };
  return (
    <Modal isOpen variant="small" onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={title} labelId={titleId} />
      <ModalBody>
        <FormProvider {...form}>
          <Form id={formId} onSubmit={form.handleSubmit(submit)}>
            <TextControl<NewSubFlow>
              name="alias"
              label={t("name")}
              rules={{ required: { value: true, message: t("authnFlowNameRequired") } }}
            />
            <TextAreaControl<NewSubFlow> name="description" label={t("description")} />
            <SelectControl<NewSubFlow>
              name="type"
              label={t("flowType")}
              labelHelp={t("flowTypeHelp")}
              options={[
                { value: "basic-flow", label: t("authnGenericFlow") },
                { value: "form-flow", label: t("authnFormFlow") },
              ]}
            />
            {type === "form-flow" && (
              <SelectControl<NewSubFlow>
                name="provider"
                label={t("provider")}
                options={(forms.data ?? []).map((provider) => ({
                  value: provider.id ?? "",
                  label: provider.displayName ?? provider.id ?? "",
                }))}
              />
            )}
          </Form>
        </FormProvider>
      </ModalBody>
      <ModalFooter>
        <FormProvider {...form}>
          <SubmitButton<NewSubFlow> form={formId} allowInvalid>
            {t("add")}
          </SubmitButton>
        </FormProvider>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
