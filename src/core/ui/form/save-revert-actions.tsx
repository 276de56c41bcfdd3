import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { ActionGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import type { FieldValues } from "react-hook-form";
import { useMessages } from "../../i18n/use-messages.ts";
import { SubmitButton, type SubmitButtonProps } from "./submit-button.tsx";
import "./form-messages.ts";

export interface SaveRevertActionsProps<T extends FieldValues> extends Pick<
  SubmitButtonProps<T>,
  "allowInvalid" | "allowNonDirty"
> {
  /** Puts the form back as it was loaded. */
  onRevert(): void;
  isRevertDisabled?: boolean;
}

/** A form's Save (enabled as SubmitButton decides) and Revert buttons. */
export function SaveRevertActions<T extends FieldValues>({
  onRevert,
  isRevertDisabled,
  ...submit
}: SaveRevertActionsProps<T>) {
  const { t } = useMessages();
  return (
    <ActionGroup>
      <SubmitButton<T> {...submit}>{t("save")}</SubmitButton>
      <Button variant="link" isDisabled={isRevertDisabled} onClick={onRevert}>
        {t("revert")}
      </Button>
    </ActionGroup>
  );
}
