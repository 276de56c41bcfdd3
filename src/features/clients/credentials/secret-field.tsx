import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { InputGroup, InputGroupItem } from "@patternfly/react-core/dist/esm/components/InputGroup/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import CopyIcon from "@patternfly/react-icons/dist/esm/icons/copy-icon.js";
import EyeIcon from "@patternfly/react-icons/dist/esm/icons/eye-icon.js";
import EyeSlashIcon from "@patternfly/react-icons/dist/esm/icons/eye-slash-icon.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import "../details/client-tab-messages.ts";

export interface SecretFieldProps {
  id: string;
  label: string;
  value: string;
}

/** A read-only secret, masked until shown, with a copy button. */
export function SecretField({ id, label, value }: SecretFieldProps) {
  const { t } = useMessages();
  const [isShown, setShown] = useState(false);
  return (
    <InputGroup>
      <InputGroupItem isFill>
        <TextInput
          id={id}
          aria-label={label}
          type={isShown ? "text" : "password"}
          value={value}
          readOnlyVariant="default"
        />
      </InputGroupItem>
      <InputGroupItem>
        <Button
          variant="control"
          aria-label={isShown ? t("clientsHideSecret") : t("clientsShowSecret")}
          onClick={() => setShown(!isShown)}
          icon={isShown ? <EyeSlashIcon /> : <EyeIcon />}
        />
      </InputGroupItem>
      <InputGroupItem>
        <Button
          variant="control"
          aria-label={`${t("copyToClipboard")} ${label}`}
          onClick={() => void navigator.clipboard.writeText(value).catch(() => undefined)}
          icon={<CopyIcon />}
        />
      </InputGroupItem>
    </InputGroup>
  );
}
