import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Label, LabelGroup } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { GroupPickerDialog, type PickedGroup } from "../../core/ui/pickers/index.ts";
import "./messages.ts";

/** The create form's 'Join groups': chips of the chosen groups' paths and the kit's group picker. */
export function GroupsToJoin({ groups, onChange }: { groups: PickedGroup[]; onChange(groups: PickedGroup[]): void }) {
  const { t } = useMessages();
  const [isPicking, setPicking] = useState(false);
  return (
    <FormGroup label={t("userGroupsToJoin")} fieldId="kc-user-join-groups" role="group">
      {groups.length > 0 && (
        <LabelGroup>
          {groups.map((group) => (
            <Label
              key={group.id}
              onClose={() => onChange(groups.filter((other) => other.id !== group.id))}
              closeBtnAriaLabel={t("userRemoveGroup", { path: group.path })}
            >
              {group.path}
            </Label>
          ))}
        </LabelGroup>
      )}
      <Button id="kc-user-join-groups" variant="secondary" onClick={() => setPicking(true)}>
        {t("joinGroups")}
      </Button>
      {isPicking && (
        <GroupPickerDialog
          isMulti
          disabledIds={groups.map((group) => group.id)}
          onClose={() => setPicking(false)}
          onSelect={(picked) => {
            onChange([...groups, ...picked.filter((group) => !groups.some((other) => other.id === group.id))]);
            setPicking(false);
          }}
        />
      )}
    </FormGroup>
  );
}
