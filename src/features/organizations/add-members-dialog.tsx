import { useId, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Form, FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/modal.tsx";
import { UserPicker } from "../../core/ui/pickers/index.ts";
import { addMembers, membersKey } from "./member-queries.ts";
import "./messages.ts";

/** Picks realm users (searched on the server) and makes them members; `onClose(true)` after a change. */
export function AddMembersDialog({ orgId, onClose }: { orgId: string; onClose(changed: boolean): void }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const titleId = useId();
  const [userIds, setUserIds] = useState<string[]>([]);
  const [isSaving, setSaving] = useState(false);

  const add = async () => {
    setSaving(true);
    try {
      await addMembers(adminClient, realm, orgId, userIds);
      addAlert(t("organizationUsersAdded", { count: userIds.length }));
      await queryClient.invalidateQueries({ queryKey: membersKey(realm, orgId) });
      onClose(true);
    } catch (error) {
      addError("organizationUsersAddedError", error);
      setSaving(false);
    }
  };

  return (
    <Modal variant="small" isOpen onClose={() => onClose(false)} aria-labelledby={titleId}>
      <ModalHeader title={t("orgAddMembersTitle")} labelId={titleId} />
      <ModalBody>
        <Form onSubmit={(event) => event.preventDefault()}>
          <FormGroup label={t("users")} fieldId="org-add-members-users">
            <UserPicker
              id="org-add-members-users"
              aria-label={t("users")}
              realm={realm}
              values={userIds}
              onChange={setUserIds}
              isMulti
            />
          </FormGroup>
        </Form>
      </ModalBody>
      <ModalFooter>
        <Button onClick={() => void add()} isDisabled={userIds.length === 0 || isSaving} isLoading={isSaving}>
          {t("add")}
        </Button>
        <Button variant="link" onClick={() => onClose(false)}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
