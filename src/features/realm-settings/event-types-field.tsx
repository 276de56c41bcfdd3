import { useId, useState } from "react";
import { useController, useFormContext } from "react-hook-form";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { MultiSelect } from "../../core/ui/form/multi-select.tsx";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/modal.tsx";
import "./messages.ts";

/** The realm's saved user event types: a table with a remove button per type, and a dialog that adds more. */
export function EventTypesField({ name, allTypes }: { name: "enabledEventTypes"; allTypes: string[] }) {
  const { t } = useMessages();
  const { control } = useFormContext<{ enabledEventTypes: string[] }>();
  const { field } = useController({ control, name });
  const saved = (field.value ?? []) as string[];
  const [adding, setAdding] = useState(false);
  return (
    <FormGroup label={t("eventType")} fieldId="kc-event-types" role="group">
      <Button variant="secondary" onClick={() => setAdding(true)} id="kc-event-types">
        {t("addSavedTypes")}
      </Button>
      <Table aria-label={t("eventType")} variant="compact">
        <Thead>
          <Tr>
            <Th>{t("eventType")}</Th>
            <Th screenReaderText={t("rsRowActions")} />
          </Tr>
        </Thead>
        <Tbody>
          {saved.map((type) => (
            <Tr key={type}>
              <Td dataLabel={t("eventType")}>{type}</Td>
              <Td isActionCell>
                <Button
                  variant="link"
                  aria-label={t("rsRemoveEventType", { type })}
                  onClick={() => field.onChange(saved.filter((item) => item !== type))}
                >
                  {t("remove")}
                </Button>
              </Td>
            </Tr>
          ))}
        </Tbody>
      </Table>
      {adding && (
        <AddEventTypesDialog
          available={allTypes.filter((type) => !saved.includes(type))}
          onAdd={(types) => {
            field.onChange([...saved, ...types]);
            setAdding(false);
          }}
          onClose={() => setAdding(false)}
        />
      )}
    </FormGroup>
  );
}

function AddEventTypesDialog({
  available,
  onAdd,
  onClose,
}: {
  available: string[];
  onAdd(types: string[]): void;
  onClose(): void;
}) {
  const { t } = useMessages();
  const titleId = useId();
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <Modal variant="small" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={t("addSavedTypes")} labelId={titleId} />
      <ModalBody>
        <FormGroup label={t("eventType")} fieldId="kc-add-event-types">
          <MultiSelect
            id="kc-add-event-types"
            options={available.map((type) => ({ value: type, label: type }))}
            value={chosen}
            onChange={setChosen}
            isTypeahead
            placeholder={t("searchEventType")}
          />
        </FormGroup>
      </ModalBody>
      <ModalFooter>
        <Button variant="primary" isDisabled={chosen.length === 0} onClick={() => onAdd(chosen)}>
          {t("add")}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
