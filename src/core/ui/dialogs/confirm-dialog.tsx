import { useId, type ReactNode } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../overlays/modal.tsx";
import "./dialog-messages.ts";

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  /** What happens if the user confirms. */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Destructive actions get a danger button and a warning icon. */
  variant?: "default" | "destructive";
  onConfirm(): void;
  onCancel(): void;
  isConfirmDisabled?: boolean;
}

/** Asks before doing something; Escape and the close button cancel. */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel,
  variant = "default",
  onConfirm,
  onCancel,
  isConfirmDisabled,
}: ConfirmDialogProps) {
  const { t } = useMessages();
  const titleId = useId();
  const bodyId = useId();
  const isDestructive = variant === "destructive";
  return (
    <Modal
      variant="small"
      isOpen={isOpen}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
    >
      <ModalHeader title={title} labelId={titleId} titleIconVariant={isDestructive ? "warning" : undefined} />
      {children && <ModalBody id={bodyId}>{children}</ModalBody>}
      <ModalFooter>
        <Button
          variant={isDestructive ? "danger" : "primary"}
          onClick={onConfirm}
          isDisabled={isConfirmDisabled}
          data-testid="confirm"
        >
          {confirmLabel ?? (isDestructive ? t("delete") : t("confirm"))}
        </Button>
        <Button variant="link" onClick={onCancel} data-testid="cancel">
          {cancelLabel ?? t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
