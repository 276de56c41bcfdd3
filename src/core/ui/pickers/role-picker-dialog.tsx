import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ToggleGroup, ToggleGroupItem } from "@patternfly/react-core/dist/esm/components/ToggleGroup/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { useAdminClient } from "../../runtime/runtime-context.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../overlays/index.ts";
import { DataTable } from "../table/index.ts";
import { ClientPicker } from "./client-picker.tsx";
import { usePickerRealm } from "./picker-realm.ts";
import "./picker-messages.ts";

export interface PickedRole {
  name: string;
  /** The client's clientId for a client role. */
  clientId?: string;
}

/** A role as component settings name it: `role` for a realm role, `clientId.role` for a client role. */
export const roleReference = (role: PickedRole) => (role.clientId ? `${role.clientId}.${role.name}` : role.name);

interface RoleRow {
  id: string;
  name: string;
  description?: string;
}

/** Picks one role: a realm role, or a role of a client chosen first; both lists paged and searched on the server. */
export function RolePickerDialog({
  realm,
  onSelect,
  onClose,
}: {
  realm?: string;
  onSelect(role: PickedRole): void;
  onClose(): void;
}) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const pickerRealm = usePickerRealm(realm);
  const [kind, setKind] = useState<"realm" | "client">("realm");
  const [client, setClient] = useState<{ id: string; clientId: string }>();
  const loader = async (first: number, max: number, search: string): Promise<RoleRow[]> => {
    const roles =
      kind === "realm"
        ? await adminClient.roles.find({ realm: pickerRealm, first, max, search, briefRepresentation: true })
        : client
          ? await adminClient.clients.listRoles({ realm: pickerRealm, id: client.id, first, max, search } as {
              realm: string;
              id: string;
            })
          : [];
    return roles.map((role) => ({ id: role.id ?? "", name: role.name ?? "", description: role.description }));
  };
  return (
    <Modal isOpen variant="small" onClose={onClose} aria-labelledby="kc-role-picker-title">
      <ModalHeader title={t("selectARole")} labelId="kc-role-picker-title" />
      <ModalBody>
        <ToggleGroup aria-label={t("pickerRoleKind")}>
          <ToggleGroupItem
            text={t("realmRoles")}
            buttonId="kc-role-picker-realm"
            isSelected={kind === "realm"}
            onChange={() => setKind("realm")}
          />
          <ToggleGroupItem
            text={t("clientRoles")}
            buttonId="kc-role-picker-client"
            isSelected={kind === "client"}
            onChange={() => setKind("client")}
          />
        </ToggleGroup>
        {kind === "client" && <ClientPickerById realm={pickerRealm} onChange={setClient} />}
        {(kind === "realm" || client) && (
          <DataTable<RoleRow>
            key={`${kind}:${client?.id ?? ""}`}
            ariaLabel={t("selectARole")}
            loader={loader}
            rowKey={(row) => row.id}
            isSearchable
            columns={[
              {
                name: "name",
                title: t("role"),
                cell: (row) => (
                  <Button
                    variant="link"
                    isInline
                    onClick={() =>
                      onSelect({ name: row.name, clientId: kind === "client" ? client?.clientId : undefined })
                    }
                  >
                    {row.name}
                  </Button>
                ),
              },
              { name: "description", title: t("description"), cell: (row) => row.description ?? "" },
            ]}
          />
        )}
      </ModalBody>
      <ModalFooter>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}

/** The client picker, resolving the chosen clientId to the client's internal id. */
function ClientPickerById({
  realm,
  onChange,
}: {
  realm: string;
  onChange(client: { id: string; clientId: string } | undefined): void;
}) {
  const adminClient = useAdminClient();
  const [values, setValues] = useState<string[]>([]);
  const choose = async (next: string[]) => {
    setValues(next);
    if (!next[0]) return onChange(undefined);
    const [found] = await adminClient.clients.find({ realm, clientId: next[0], search: false, max: 1 });
    onChange(found?.id ? { id: found.id, clientId: next[0] } : undefined);
  };
  return <ClientPicker realm={realm} values={values} onChange={(next) => void choose(next)} />;
}
