import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import CheckIcon from "@patternfly/react-icons/dist/esm/icons/check-icon.js";
import PencilAltIcon from "@patternfly/react-icons/dist/esm/icons/pencil-alt-icon.js";
import TimesIcon from "@patternfly/react-icons/dist/esm/icons/times-icon.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import type { Translation } from "./localization-queries.ts";
import "./localization-messages.ts";

export interface TranslationValueCellProps {
  entry: Translation;
  canEdit: boolean;
  /** Saves the new text; throws to stay in editing with what was typed. */
  onSave(value: string): Promise<void>;
}

/** A realm text, edited in place: Enter or the check saves, Escape or the cross cancels. */
export function TranslationValueCell({ entry, canEdit, onSave }: TranslationValueCellProps) {
  const { t } = useMessages();
  const [draft, setDraft] = useState<string>();
  const [isSaving, setSaving] = useState(false);
  if (draft === undefined)
    return (
      <span className="kc-translation-value">
        <bdi>{entry.value}</bdi>
        {canEdit && (
          <Button
            variant="plain"
            size="sm"
            icon={<PencilAltIcon />}
            aria-label={t("rsL10nEditValue", { key: entry.key })}
            onClick={() => setDraft(entry.value)}
          />
        )}
      </span>
    );
  const save = async () => {
    setSaving(true);
    try {
      await onSave(draft);
      setDraft(undefined);
    } catch {
      /* the alert shows the server's message; the text stays as typed */
    } finally {
      setSaving(false);
    }
  };
  return (
    <span className="kc-translation-value">
      <TextInput
        aria-label={t("translationValue")}
        value={draft}
        autoFocus
        onChange={(_event, value) => setDraft(value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") void save();
          if (event.key === "Escape") setDraft(undefined);
        }}
      />
      <Button
        variant="plain"
        icon={<CheckIcon />}
        aria-label={t("rsL10nSaveValue", { key: entry.key })}
        isDisabled={isSaving}
        onClick={() => void save()}
      />
      <Button
        variant="plain"
        icon={<TimesIcon />}
        aria-label={t("rsL10nCancelEdit", { key: entry.key })}
        onClick={() => setDraft(undefined)}
      />
    </span>
  );
}
