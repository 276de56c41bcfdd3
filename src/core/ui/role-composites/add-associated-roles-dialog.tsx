import { useId, useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToggleGroup, ToggleGroupItem } from "@patternfly/react-core/dist/esm/components/ToggleGroup/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { useCurrentRealm } from "../../runtime/current-realm.tsx";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../overlays/modal.tsx";
import { SelectionReporter } from "../role-mapping/selection-reporter.tsx";
import { DataTable } from "../table/index.ts";
import { fetchAvailableClientRolesPage, fetchAvailableRealmRolesPage, type RoleRow } from "./composite-roles-api.ts";
import { RoleNameWithClient } from "./role-name-with-client.tsx";
import { RoleDescription } from "./role-description.tsx";
import "./composite-roles-messages.ts";

type Kind = "realm" | "client";

/**
 * Realm roles or client roles (of every client, one request per page) to add to a role;
 * hands back the ticked ones.
 */
export function AddAssociatedRolesDialog({
  roleId,
  title,
  onAdd,
  onClose,
}: {
  roleId: string;
  title: string;
  onAdd(roles: RoleRow[]): Promise<void>;
  onClose(): void;
}) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const titleId = useId();
  const [kind, setKind] = useState<Kind>("realm");
  const [chosen, setChosen] = useState<RoleRow[]>([]);
  const [isBusy, setBusy] = useState(false);
  const loader = (first: number, max: number, search: string) =>
    kind === "realm"
      ? fetchAvailableRealmRolesPage(adminClient, realm, roleId, first, max, search)
      : fetchAvailableClientRolesPage(adminClient, realm, roleId, first, max, search);
  const switchKind = (next: Kind) => {
    setKind(next);
    setChosen([]);
  };
  const add = async () => {
    setBusy(true);
    try {
      await onAdd(chosen);
      onClose();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Modal isOpen variant="medium" onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={title} labelId={titleId} />
      <ModalBody>
        <DataTable<RoleRow>
          key={kind}
          tableId={`add-associated-${kind}`}
          ariaLabel={t("availableRolesLabel")}
          loader={loader}
          rowKey={(row) => row.id}
          canSelect
          isSearchable
          searchPlaceholder={t("searchForRoles")}
          columns={[
            { name: "name", title: t("roleName"), cell: (row) => <RoleNameWithClient row={row} /> },
            {
              name: "description",
              title: t("description"),
              cell: (row) => <RoleDescription text={row.description} />,
            },
          ]}
          emptyState={{ title: t("availableRolesEmpty") }}
          toolbarActions={({ selected }) => (
            <>
              <SelectionReporter selected={selected} rowKey={(row) => row.id} onChange={setChosen} />
              <ToolbarItem>
                <ToggleGroup aria-label={t("roleKindFilter")}>
                  <ToggleGroupItem
                    text={t("realmRoles")}
                    buttonId="kc-associated-kind-realm"
                    isSelected={kind === "realm"}
                    onChange={() => switchKind("realm")}
                  />
                  <ToggleGroupItem
                    text={t("clientRoles")}
                    buttonId="kc-associated-kind-client"
                    isSelected={kind === "client"}
                    onChange={() => switchKind("client")}
                  />
                </ToggleGroup>
              </ToolbarItem>
            </>
          )}
        />
      </ModalBody>
      <ModalFooter>
        <Button onClick={() => void add()} isDisabled={chosen.length === 0 || isBusy} isLoading={isBusy}>
          {t("add")}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
