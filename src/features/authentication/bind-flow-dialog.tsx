import { useId, useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Form, FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { FormSelect, FormSelectOption } from "@patternfly/react-core/dist/esm/components/FormSelect/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/index.ts";
import { REALM_BINDINGS, type RealmBinding } from "./queries.ts";
import "./messages.ts";

/** Client-flow flows bind as client authentication; every other flow to one of the user-facing purposes. */
const bindingsFor = (providerId: string | undefined): RealmBinding[] =>
  providerId === "client-flow"
    ? ["clientAuthenticationFlow"]
    : REALM_BINDINGS.filter((binding) => binding !== "clientAuthenticationFlow");

/** "Bind flow": choose the realm purpose this flow is used for. Stays open when the save fails. */
export function BindFlowDialog({
  alias,
  providerId,
  onBind,
  onClose,
}: {
  alias: string;
  providerId?: string;
  onBind(binding: RealmBinding): Promise<boolean>;
  onClose(): void;
}) {
  const { t } = useMessages();
  const titleId = useId();
  const selectId = useId();
  const choices = bindingsFor(providerId);
  const [binding, setBinding] = useState<RealmBinding>(choices[0]!);
  const [isBusy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const done = await onBind(binding);
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Modal isOpen variant="small" onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={`${t("bindFlow")}: ${alias}`} labelId={titleId} />
      <ModalBody>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <FormGroup label={t("chooseBindingType")} fieldId={selectId}>
            <FormSelect id={selectId} value={binding} onChange={(_event, value) => setBinding(value as RealmBinding)}>
              {choices.map((choice) => (
                <FormSelectOption key={choice} value={choice} label={t(`authnBindingLabel_${choice}`)} />
              ))}
            </FormSelect>
          </FormGroup>
        </Form>
      </ModalBody>
      <ModalFooter>
        <Button onClick={() => void save()} isLoading={isBusy} isDisabled={isBusy}>
          {t("save")}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
