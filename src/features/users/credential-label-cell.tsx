import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import CheckIcon from "@patternfly/react-icons/dist/esm/icons/check-icon.js";
import PencilAltIcon from "@patternfly/react-icons/dist/esm/icons/pencil-alt-icon.js";
import TimesIcon from "@patternfly/react-icons/dist/esm/icons/times-icon.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import "./messages.ts";

/** A credential's user label, renamed in place (Enter saves, Escape cancels). */
export function CredentialLabelCell({
  label,
  type,
  canEdit,
  onSave,
}: {
  label?: string;
  type: string;
  canEdit: boolean;
  onSave(label: string): Promise<boolean>;
}) {
  const { t } = useMessages();
  const [draft, setDraft] = useState<string>();
  if (draft === undefined) {
    return (
      <>
        {label}
        {canEdit && (
          <Button
            variant="plain"
            aria-label={t("credentialsEditLabel", { type })}
            icon={<PencilAltIcon />}
            onClick={() => setDraft(label ?? "")}
          />
        )}
      </>
    );
  }
  const save = async () => {
    if (await onSave(draft)) setDraft(undefined);
  };
  return (
    <span style={{ display: "inline-flex", alignItems: "center" }}>
      <TextInput
        aria-label={t("userLabel")}
        value={draft}
        autoFocus
        onChange={(_event, value) => setDraft(value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") void save();
          if (event.key === "Escape") setDraft(undefined);
        }}
      />
      <Button variant="plain" aria-label={t("credentialsSaveLabel")} icon={<CheckIcon />} onClick={save} />
      <Button
        variant="plain"
        aria-label={t("credentialsCancelLabel")}
        icon={<TimesIcon />}
        onClick={() => setDraft(undefined)}
      />
    </span>
  );
}
