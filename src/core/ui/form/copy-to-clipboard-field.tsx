import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { InputGroup, InputGroupItem } from "@patternfly/react-core/dist/esm/components/InputGroup/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import CopyIcon from "@patternfly/react-icons/dist/esm/icons/copy-icon.js";
import { useMessages } from "../../i18n/use-messages.ts";
import { Tooltip } from "../overlays/tooltip.tsx";
import { FormField } from "./form-field.tsx";
import { fieldId } from "./control-props.ts";

export interface CopyToClipboardFieldProps {
  label: string;
  value: string;
  id?: string;
  labelHelp?: string;
}

/** A read-only value with a copy button (its tooltip renders inside the shadow root). */
export function CopyToClipboardField({ label, value, id = fieldId(label), labelHelp }: CopyToClipboardFieldProps) {
  const { t } = useMessages();
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setStatus("copied");
    } catch {
      setStatus("failed");
    }
  };
  const tip =
    status === "copied" ? t("copySuccess") : status === "failed" ? t("clipboardCopyError") : t("copyToClipboard");
  return (
    <FormField id={id} label={label} labelHelp={labelHelp}>
      <InputGroup>
        <InputGroupItem isFill>
          <TextInput id={id} value={value} readOnlyVariant="default" />
        </InputGroupItem>
        <InputGroupItem>
          <Tooltip content={tip} onTooltipHidden={() => setStatus("idle")}>
            <Button
              variant="control"
              aria-label={`${t("copyToClipboard")}: ${label}`}
              onClick={() => void copy()}
              icon={<CopyIcon />}
            />
          </Tooltip>
        </InputGroupItem>
      </InputGroup>
      <span className="pf-v6-screen-reader" aria-live="polite">
        {status === "idle" ? "" : tip}
      </span>
    </FormField>
  );
}
