import { useId } from "react";
import type { ProtocolMapperTypeRepresentation } from "@keycloak/keycloak-admin-client/lib/defs/serverInfoRepesentation.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../overlays/index.ts";
import "./protocol-mapper-messages.ts";

/** "By configuration": the protocol's mapper types from server info; choosing one opens its form. */
export function MapperTypeDialog({
  types,
  onChoose,
  onClose,
}: {
  types: ProtocolMapperTypeRepresentation[];
  onChoose(type: ProtocolMapperTypeRepresentation): void;
  onClose(): void;
}) {
  const { t } = useMessages();
  const titleId = useId();
  const sorted = [...types].sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""));
  return (
    <Modal isOpen variant="medium" onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={t("addMapper")} description={t("chooseAMapperType")} labelId={titleId} />
      <ModalBody>
        <Table aria-label={t("mapperTypes")} variant="compact">
          <Thead>
            <Tr>
              <Th>{t("name")}</Th>
              <Th>{t("description")}</Th>
            </Tr>
          </Thead>
          <Tbody>
            {sorted.map((type) => (
              <Tr key={type.id}>
                <Td dataLabel={t("name")}>
                  <Button variant="link" isInline onClick={() => onChoose(type)}>
                    {type.name}
                  </Button>
                </Td>
                <Td dataLabel={t("description")}>{type.helpText}</Td>
              </Tr>
            ))}
          </Tbody>
        </Table>
      </ModalBody>
      <ModalFooter>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
