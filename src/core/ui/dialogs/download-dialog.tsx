import { useId } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { CodeBlock, CodeBlockCode } from "@patternfly/react-core/dist/esm/components/CodeBlock/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../overlays/modal.tsx";
import { downloadFile } from "./download-file.ts";
import "./dialog-messages.ts";

export interface DownloadDialogProps {
  isOpen: boolean;
  onClose(): void;
  /** The file name offered, e.g. `${clientId}.json`. */
  filename: string;
  /** What goes in the file; serialised as indented JSON. */
  content: unknown;
  title?: string;
}

/** Shows JSON and downloads it as a file. */
export function DownloadDialog({ isOpen, onClose, filename, content, title }: DownloadDialogProps) {
  const { t } = useMessages();
  const titleId = useId();
  const text = JSON.stringify(content, null, 2);
  return (
    <Modal variant="medium" isOpen={isOpen} onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader
        title={title ?? t("downloadTitle", { name: filename })}
        labelId={titleId}
        description={t("downloadDescription")}
      />
      <ModalBody tabIndex={0} aria-label={filename}>
        <CodeBlock>
          <CodeBlockCode>{text}</CodeBlockCode>
        </CodeBlock>
      </ModalBody>
      <ModalFooter>
        <Button
          variant="primary"
          onClick={() => {
            downloadFile(filename, text);
            onClose();
          }}
        >
          {t("download")}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
