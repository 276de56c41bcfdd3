import { useId, useState } from "react";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Form, FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { downloadFile } from "../../core/ui/dialogs/download-file.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/modal.tsx";
import { partialExport } from "./queries.ts";
import "./messages.ts";

/** Exports the realm's configuration, optionally with groups and roles and with clients, as `realm-export.json`. */
export function PartialExportDialog({ realm, onClose }: { realm: string; onClose(): void }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const { addAlert, addError } = useAlerts();
  const titleId = useId();
  const [exportGroupsAndRoles, setGroupsAndRoles] = useState(false);
  const [exportClients, setClients] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const exported = await partialExport(adminClient, realm, { exportClients, exportGroupsAndRoles });
      downloadFile("realm-export.json", JSON.stringify(exported, null, 2));
      addAlert(t("exportSuccess"));
      onClose();
    } catch (error) {
      addError("exportFail", error);
      setBusy(false);
    }
  };

  return (
    <Modal variant="small" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={t("partialExport")} labelId={titleId} />
      <ModalBody>
        <Content component="p">{t("partialExportHeaderText")}</Content>
        <Form isHorizontal onSubmit={(event) => event.preventDefault()}>
          <FormGroup label={t("includeGroupsAndRoles")} fieldId="kc-export-groups-and-roles" hasNoPaddingTop>
            <Switch
              id="kc-export-groups-and-roles"
              aria-label={t("includeGroupsAndRoles")}
              isChecked={exportGroupsAndRoles}
              onChange={(_event, checked) => setGroupsAndRoles(checked)}
            />
          </FormGroup>
          <FormGroup label={t("includeClients")} fieldId="kc-export-clients" hasNoPaddingTop>
            <Switch
              id="kc-export-clients"
              aria-label={t("includeClients")}
              isChecked={exportClients}
              onChange={(_event, checked) => setClients(checked)}
            />
          </FormGroup>
        </Form>
        {(exportGroupsAndRoles || exportClients) && (
          <Alert variant="warning" isInline title={t("exportWarningTitle")}>
            {t("exportWarningDescription")}
          </Alert>
        )}
      </ModalBody>
      <ModalFooter>
        <Button variant="primary" isDisabled={busy} isLoading={busy} onClick={() => void run()}>
          {t("export")}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
