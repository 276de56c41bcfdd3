import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Form, FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { ClientPicker, GroupPickerDialog, UserPicker, type PickedGroup } from "../../core/ui/pickers/index.ts";
import "./pickers-section-messages.ts";

/** The user, client and group pickers against the realm; the chosen users drive the sections below. */
export function PickersDemoSection({
  users,
  onUsersChange,
}: {
  users: string[];
  onUsersChange(users: string[]): void;
}) {
  const { t } = useMessages();
  const [clients, setClients] = useState<string[]>([]);
  const [groups, setGroups] = useState<PickedGroup[]>([]);
  const [isGroupPickerOpen, setGroupPickerOpen] = useState(false);
  const chosen = (values: string[]) =>
    values.length ? t("cataloguePickersChosen", { values: values.join(", ") }) : t("cataloguePickersNothing");
  return (
    <Form onSubmit={(event) => event.preventDefault()}>
      <FormGroup label={t("cataloguePickersUsers")} fieldId="catalogue-user-picker">
        <UserPicker id="catalogue-user-picker" values={users} onChange={onUsersChange} />
      </FormGroup>
      <FormGroup label={t("cataloguePickersClients")} fieldId="catalogue-client-picker">
        <ClientPicker id="catalogue-client-picker" values={clients} onChange={setClients} />
        <Content component="p" data-testid="chosen-clients">
          {chosen(clients)}
        </Content>
      </FormGroup>
      <FormGroup label={t("cataloguePickersGroups")} fieldId="catalogue-group-picker">
        <Button id="catalogue-group-picker" variant="secondary" onClick={() => setGroupPickerOpen(true)}>
          {t("cataloguePickersChooseGroups")}
        </Button>
        <Content component="p" data-testid="chosen-groups">
          {chosen(groups.map((group) => group.path))}
        </Content>
      </FormGroup>
      {isGroupPickerOpen && (
        <GroupPickerDialog
          isMulti
          onClose={() => setGroupPickerOpen(false)}
          onSelect={(picked) => {
            setGroups(picked);
            setGroupPickerOpen(false);
          }}
        />
      )}
    </Form>
  );
}
