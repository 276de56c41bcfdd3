import { useId, useState } from "react";
import type ClientScopeRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientScopeRepresentation.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { ToggleGroup, ToggleGroupItem } from "@patternfly/react-core/dist/esm/components/ToggleGroup/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/index.ts";
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
  const [type, setType] = useState<AssignedType>("default");
  const [isAdding, setAdding] = useState(false);
  const toggle = (id: string, isSelecting: boolean) => {
    const next = new Set(chosen);
    if (isSelecting) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  const add = async () => {
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
        <ToggleGroup aria-label={t("addClientScopeAs")}>
          <ToggleGroupItem
            text={t("defaultLanguage")}
            isSelected={type === "default"}
            onChange={() => setType("default")}
          />
          <ToggleGroupItem
            text={t("scopeTypeOptional")}
            isSelected={type === "optional"}
            onChange={() => setType("optional")}
          />
        </ToggleGroup>
        <Button variant="primary" onClick={add} isDisabled={chosen.size === 0 || isAdding} isLoading={isAdding}>
          {t("add")}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
