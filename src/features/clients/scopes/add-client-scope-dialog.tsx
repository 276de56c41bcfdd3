import { useId, useState, type Ref } from "react";
import type ClientScopeRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientScopeRepresentation.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { MenuToggle, type MenuToggleElement } from "@patternfly/react-core/dist/esm/components/MenuToggle/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import {
  Dropdown,
  DropdownItem,
  DropdownList,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
} from "../../../core/ui/overlays/index.ts";
import type { AssignedType } from "./client-scopes-queries.ts";
import "./client-scopes-messages.ts";

/** "Add client scope": the realm's scopes of the client's protocol not yet assigned, added as default or optional. */
export function AddClientScopeDialog({
  clientName,
  scopes,
  onAdd,
  onClose,
}: {
  clientName: string;
  scopes: ClientScopeRepresentation[];
  onAdd(scopeIds: string[], type: AssignedType): Promise<void>;
  onClose(): void;
}) {
  const { t } = useMessages();
  const titleId = useId();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [isAddOpen, setAddOpen] = useState(false);
  const [isAdding, setAdding] = useState(false);
  const toggle = (id: string, isSelecting: boolean) => {
    const next = new Set(chosen);
    if (isSelecting) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  const add = async (type: AssignedType) => {
    setAddOpen(false);
    setAdding(true);
    try {
      await onAdd([...chosen], type);
    } finally {
      setAdding(false);
    }
  };
  return (
    <Modal isOpen variant="medium" onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={t("addClientScopesTo", { clientName })} labelId={titleId} />
      <ModalBody>
        {scopes.length === 0 ? (
          <Content component="p">{t("emptyAddClientScopesInstructions")}</Content>
        ) : (
          <Table aria-label={t("availableClientScopes")} variant="compact">
            <Thead>
              <Tr>
                <Th screenReaderText={t("name")} />
                <Th>{t("name")}</Th>
                <Th>{t("description")}</Th>
              </Tr>
            </Thead>
            <Tbody>
              {scopes.map((scope, rowIndex) => (
                <Tr key={scope.id}>
                  <Td
                    select={{
                      rowIndex,
                      isSelected: chosen.has(scope.id!),
                      onSelect: (_event, isSelecting) => toggle(scope.id!, isSelecting),
                    }}
                  />
                  <Td dataLabel={t("name")}>{scope.name}</Td>
                  <Td dataLabel={t("description")}>{scope.description}</Td>
                </Tr>
              ))}
            </Tbody>
          </Table>
        )}
      </ModalBody>
      <ModalFooter>
        <Dropdown
          isOpen={isAddOpen}
          onOpenChange={setAddOpen}
          popperProps={{ direction: "up" }}
          shouldFocusToggleOnSelect
          toggle={(toggleRef: Ref<MenuToggleElement>) => (
            <MenuToggle
              ref={toggleRef}
              variant="primary"
              isDisabled={chosen.size === 0 || isAdding}
              isExpanded={isAddOpen}
              onClick={() => setAddOpen(!isAddOpen)}
            >
              {t("add")}
            </MenuToggle>
          )}
        >
          <DropdownList>
            <DropdownItem onClick={() => add("default")}>{t("defaultLanguage")}</DropdownItem>
            <DropdownItem onClick={() => add("optional")}>{t("scopeTypeOptional")}</DropdownItem>
          </DropdownList>
        </Dropdown>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
