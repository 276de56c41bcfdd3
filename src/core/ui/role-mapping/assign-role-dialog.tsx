import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToggleGroup, ToggleGroupItem } from "@patternfly/react-core/dist/esm/components/ToggleGroup/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../overlays/index.ts";
import { DataTable } from "../table/index.ts";
import { ClientPicker } from "../pickers/client-picker.tsx";
import {
  availableClientRolesPage,
  availableRealmRolesPage,
  availableRolesOfClientPage,
  type RoleHolder,
} from "./role-mapping-api.ts";
import { mappedRoleKey, type MappedRole } from "./role-mapping-types.ts";
import { RoleNameCell } from "./role-name-cell.tsx";
import { SelectionReporter } from "./selection-reporter.tsx";
import "./role-mapping-messages.ts";
import "./assign-role-dialog.css";

export type RoleKind = "realm" | "client";

export interface AssignRoleDialogProps {
  holder: RoleHolder;
  /** Which roles the dialog lists first. */
  initialKind?: RoleKind;
  onAssign(roles: MappedRole[]): void | Promise<void>;
  onClose(): void;
}

/**
 * Lists roles the holder does not have yet: realm roles, or client roles of every client paged and
 * searched on the server (one request per page), or the roles of one client chosen in a picker
 * that searches clients on the server; hands back the chosen ones.
 */
export function AssignRoleDialog({ holder, initialKind = "client", onAssign, onClose }: AssignRoleDialogProps) {
  const { t } = useMessages();
  const [kind, setKind] = useState<RoleKind>(initialKind);
  const [chosen, setChosen] = useState<MappedRole[]>([]);
  const [isAssigning, setAssigning] = useState(false);
  const [client, setClient] = useState<{ id: string; clientId: string }>();
  const loader = (first: number, max: number, search: string) => {
    if (kind === "realm") return availableRealmRolesPage(holder, first, max, search);
    return client
      ? availableRolesOfClientPage(holder, client, first, max, search)
      : availableClientRolesPage(holder, first, max, search);
  };
  const chooseClient = async (ids: string[]) => {
    setChosen([]);
    if (!ids[0]) return setClient(undefined);
    const found = await holder.adminClient.clients.findOne({ realm: holder.realm, id: ids[0] });
    setClient(found?.id ? { id: found.id, clientId: found.clientId ?? "" } : undefined);
  };
  /** Each kind has its own table; what was ticked in the other one is let go. */
  const switchKind = (next: RoleKind) => {
    setKind(next);
    setClient(undefined);
    setChosen([]);
  };
  const assign = async () => {
    setAssigning(true);
    try {
      await onAssign(chosen);
    } finally {
      setAssigning(false);
    }
  };
  return (
    <Modal isOpen variant="medium" onClose={onClose} aria-labelledby="kc-assign-role-title">
      <ModalHeader title={t("assignRoleTitle")} labelId="kc-assign-role-title" />
      <ModalBody>
        <ToggleGroup aria-label={t("assignRoleFilter")}>
          <ToggleGroupItem
            text={t("realmRoles")}
            buttonId="kc-assign-realm-roles"
            isSelected={kind === "realm"}
            onChange={() => switchKind("realm")}
          />
          <ToggleGroupItem
            text={t("clientRoles")}
            buttonId="kc-assign-client-roles"
            isSelected={kind === "client"}
            onChange={() => switchKind("client")}
          />
        </ToggleGroup>
        {kind === "client" && (
          <div className="kc-assign-role-client">
            <ClientPicker
              id="kc-assign-role-client"
              aria-label={t("client")}
              valueField="id"
              realm={holder.realm}
              values={client ? [client.id] : []}
              onChange={(ids) => void chooseClient(ids)}
            />
          </div>
        )}
        <DataTable<MappedRole>
          key={`${kind}-${client?.id ?? "all"}`}
          tableId="assign-roles"
          ariaLabel={t("assignRoleTable")}
          loader={loader}
          rowKey={mappedRoleKey}
          canSelect
          isSearchable
          searchPlaceholder={t("searchByRoleName")}
          emptyState={{ title: t("assignRoleNone") }}
          toolbarActions={({ selected }) => (
            <SelectionReporter selected={selected} rowKey={mappedRoleKey} onChange={setChosen} />
          )}
          columns={[
            { name: "name", title: t("name"), cell: (role) => <RoleNameCell role={role} /> },
            { name: "description", title: t("description"), cell: (role) => role.description ?? "" },
          ]}
        />
      </ModalBody>
      <ModalFooter>
        <Button
          variant="primary"
          isDisabled={chosen.length === 0 || isAssigning}
          isLoading={isAssigning}
          onClick={() => void assign()}
          data-testid="assign-roles"
        >
          {t("assign")}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
