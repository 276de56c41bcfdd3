import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { CopyToClipboardField } from "../../../core/ui/form/copy-to-clipboard-field.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../../core/ui/overlays/modal.tsx";
import "./keys-messages.ts";

export interface KeyValueDialogProps {
  /** Message key of what is shown: `publicKey` or `certificate`. */
  what: "publicKey" | "certificate";
  kid: string;
  value: string;
  onClose(): void;
}

/** A key's public key or certificate (base64), read-only with a copy button. */
export function KeyValueDialog({ what, kid, value, onClose }: KeyValueDialogProps) {
  const { t } = useMessages();
  return (
    <Modal variant="medium" isOpen onClose={onClose} aria-labelledby="kc-key-value-title">
      <ModalHeader title={t(what)} labelId="kc-key-value-title" />
      <ModalBody>
        <CopyToClipboardField
          id="kc-key-value"
          label={t("rsKeyValueDialogLabel", { what: t(what), kid })}
          value={value}
        />
      </ModalBody>
      <ModalFooter>
        <Button variant="primary" onClick={onClose}>
          {t("close")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
