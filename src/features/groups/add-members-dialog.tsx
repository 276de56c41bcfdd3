import { useId, useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Form, FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/modal.tsx";
import { UserPicker } from "../../core/ui/pickers/user-picker.tsx";
import "./messages.ts";

/** Chooses users (server search) to add to a group. */
export function AddMembersDialog({
  groupName,
  realm,
  onAdd,
  onClose,
}: {
  groupName: string;
  realm: string;
  onAdd(userIds: string[]): Promise<void>;
  onClose(): void;
}) {
  const { t } = useMessages();
  const titleId = useId();
  const [userIds, setUserIds] = useState<string[]>([]);
  const [isBusy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      await onAdd(userIds);
      onClose();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Modal isOpen variant="small" onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={t("addMembersTitle", { name: groupName })} labelId={titleId} />
      <ModalBody>
        <Form onSubmit={(event) => event.preventDefault()}>
          <FormGroup label={t("users")} fieldId="kc-add-members-users">
            <UserPicker
              id="kc-add-members-users"
              realm={realm}
              values={userIds}
              onChange={setUserIds}
              aria-label={t("users")}
            />
          </FormGroup>
        </Form>
      </ModalBody>
      <ModalFooter>
        <Button onClick={() => void add()} isDisabled={userIds.length === 0 || isBusy} isLoading={isBusy}>
          {t("add")}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
