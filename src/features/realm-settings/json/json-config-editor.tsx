import { useEffect, useState } from "react";
import { ActionGroup, Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { TextArea } from "@patternfly/react-core/dist/esm/components/TextArea/index.js";
import { FormField, UnsavedChangesGuard } from "../../../core/ui/form/index.ts";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useAccess } from "../../../core/access/access-context.tsx";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import "./json-messages.ts";
import "./json-config-editor.css";

export interface JsonConfigEditorProps {
  id: string;
  label: string;
  value: unknown;
  /** Returns a message when the parsed value is not the expected shape. */
  check?(parsed: unknown): string | undefined;
  /** Saves the parsed value; a throw keeps the text and shows the server's message. */
  onSave(parsed: unknown): Promise<void>;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** A configuration as JSON text: parsed and checked before it is saved; errors stay next to the text. */
export function JsonConfigEditor({ id, label, value, check, onSave }: JsonConfigEditorProps) {
  const { t } = useMessages();
  const canManage = useAccess().hasAccess("manage-realm");
  const [text, setText] = useState(() => pretty(value));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setText(pretty(value)), [value]);
  const dirty = text !== pretty(value);

  const save = async () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (parseError) {
      setError(t("jsonInvalid", { message: (parseError as Error).message }));
      return;
    }
    const problem = check?.(parsed);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await onSave(parsed);
      setError(undefined);
    } catch (saveError) {
      setError(errorMessage(saveError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      aria-label={label}
    >
      <FormField id={id} label={label} error={error}>
        <TextArea
          id={id}
          value={text}
          onChange={(_event, next) => {
            setText(next);
            setError(undefined);
          }}
          rows={24}
          resizeOrientation="vertical"
          className="kc-json-config-editor"
          readOnlyVariant={canManage ? undefined : "default"}
          validated={error ? "error" : "default"}
          aria-invalid={error ? true : undefined}
          spellCheck={false}
        />
      </FormField>
      {canManage && (
        <ActionGroup>
          <Button type="submit" isDisabled={!dirty || busy} isLoading={busy}>
            {t("save")}
          </Button>
          <Button
            variant="link"
            isDisabled={!dirty}
            onClick={() => {
              setText(pretty(value));
              setError(undefined);
            }}
          >
            {t("revert")}
          </Button>
        </ActionGroup>
      )}
      <UnsavedChangesGuard when={dirty && !busy} />
    </Form>
  );
}
