import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Form, FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient, useRuntime } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/modal.tsx";
import { toRealmDashboard } from "./paths.ts";
import { deleteRealm, realmSettingsKey } from "./queries.ts";
import "./messages.ts";

/** Deleting a realm asks for its name, typed exactly, before the delete button works. */
export function DeleteRealmDialog({ realm, onClose }: { realm: string; onClose(): void }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const { authRealm } = useRuntime();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { addAlert, addError } = useAlerts();
  const titleId = useId();
  const inputId = useId();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (typed !== realm) return;
    setBusy(true);
    try {
      await deleteRealm(adminClient, realm);
      addAlert(t("deletedSuccessRealmSetting"));
      queryClient.removeQueries({ queryKey: realmSettingsKey(realm) });
      await queryClient.invalidateQueries({ queryKey: ["realm-names"] });
      onClose();
      navigate(toRealmDashboard(authRealm));
    } catch (error) {
      addError("deletedErrorRealmSetting", error);
      setBusy(false);
    }
  };

  return (
    <Modal variant="small" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={t("deleteConfirmTitle")} labelId={titleId} titleIconVariant="warning" />
      <ModalBody>
        <Content component="p">{t("deleteConfirmRealmSetting")}</Content>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            void remove();
          }}
        >
          <FormGroup label={t("rsTypeRealmName", { name: realm })} fieldId={inputId}>
            <TextInput id={inputId} value={typed} onChange={(_event, value) => setTyped(value)} autoComplete="off" />
          </FormGroup>
        </Form>
      </ModalBody>
      <ModalFooter>
        <Button variant="danger" isDisabled={typed !== realm || busy} onClick={() => void remove()}>
          {t("delete")}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
