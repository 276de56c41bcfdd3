import { useId, useState } from "react";
import type ProtocolMapperRepresentation from "@keycloak/keycloak-admin-client/lib/defs/protocolMapperRepresentation.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../overlays/index.ts";
import "./protocol-mapper-messages.ts";

/** "From predefined mappers": server info's built-in mappers of the protocol that the scope lacks by name. */
export function PredefinedMappersDialog({
  mappers,
  typeNames,
  onAdd,
  onClose,
}: {
  mappers: ProtocolMapperRepresentation[];
  /** Mapper type id to its display name. */
  typeNames: Map<string, string>;
  onAdd(mappers: ProtocolMapperRepresentation[]): Promise<void>;
  onClose(): void;
}) {
  const { t } = useMessages();
  const titleId = useId();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [isAdding, setAdding] = useState(false);
  const sorted = [...mappers].sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""));
  const toggle = (name: string, isSelecting: boolean) => {
    const next = new Set(chosen);
    if (isSelecting) next.add(name);
    else next.delete(name);
    setChosen(next);
  };
  const add = async () => {
    setAdding(true);
    try {
      await onAdd(sorted.filter((mapper) => chosen.has(mapper.name ?? "")));
    } finally {
      setAdding(false);
    }
  };
  return (
    <Modal isOpen variant="medium" onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader
        title={t("addPredefinedMappers")}
        description={t("predefinedMappingDescription")}
        labelId={titleId}
      />
      <ModalBody>
        {sorted.length === 0 ? (
          <Content component="p">{t("noPredefinedMappersLeft")}</Content>
        ) : (
          <Table aria-label={t("predefinedMappers")} variant="compact">
            <Thead>
              <Tr>
                <Th screenReaderText={t("name")} />
                <Th>{t("name")}</Th>
                <Th>{t("mapperType")}</Th>
              </Tr>
            </Thead>
            <Tbody>
              {sorted.map((mapper, rowIndex) => (
                <Tr key={mapper.name}>
                  <Td
                    select={{
                      rowIndex,
                      isSelected: chosen.has(mapper.name ?? ""),
                      onSelect: (_event, isSelecting) => toggle(mapper.name ?? "", isSelecting),
                    }}
                  />
                  <Td dataLabel={t("name")}>{mapper.name}</Td>
                  <Td dataLabel={t("mapperType")}>
                    {typeNames.get(mapper.protocolMapper ?? "") ?? mapper.protocolMapper}
                  </Td>
                </Tr>
              ))}
            </Tbody>
          </Table>
        )}
      </ModalBody>
      <ModalFooter>
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
