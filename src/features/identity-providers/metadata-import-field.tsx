import { useState } from "react";
import { useFormContext } from "react-hook-form";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { FormGroup, FormHelperText } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { HelperText, HelperTextItem } from "@patternfly/react-core/dist/esm/components/HelperText/index.js";
import { InputGroup, InputGroupItem } from "@patternfly/react-core/dist/esm/components/InputGroup/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import { errorTexts } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import type { ProviderFormValues } from "./provider-form-values.ts";
import { importProviderMetadata } from "./queries.ts";
import "./messages.ts";

const FIELD_ID = "kc-idp-metadata-url";

/**
 * The discovery endpoint (OIDC) or entity descriptor URL (SAML): Import asks the server to read it; its answer
 * fills the form, its refusal shows under the field and leaves the form as it was.
 */
export function MetadataImportField({ providerId }: { providerId: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { watch, setValue, getValues } = useFormContext<ProviderFormValues>();
  const [status, setStatus] = useState<{ kind: "idle" | "busy" | "ok" } | { kind: "error"; message: string }>({
    kind: "idle",
  });
  const url = watch("metadataUrl");
  const label = providerId === "saml" ? t("samlEntityDescriptor") : t("discoveryEndpoint");

  const runImport = async () => {
    if (!url.trim()) return;
    setStatus({ kind: "busy" });
    try {
      const config = await importProviderMetadata(adminClient, realm, providerId, url.trim());
      const current = getValues("config");
      setValue("config", { ...current, ...config }, { shouldDirty: true });
      setStatus({ kind: "ok" });
    } catch (error) {
      setStatus({ kind: "error", message: errorTexts(error).text });
    }
  };

  return (
    <FormGroup label={label} fieldId={FIELD_ID}>
      <InputGroup>
        <InputGroupItem isFill>
          <TextInput
            id={FIELD_ID}
            type="url"
            value={url}
            onChange={(_event, value) => {
              setValue("metadataUrl", value, { shouldDirty: true });
              setStatus({ kind: "idle" });
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                void runImport();
              }
            }}
            validated={status.kind === "error" ? "error" : status.kind === "ok" ? "success" : "default"}
            aria-describedby={`${FIELD_ID}-helper`}
          />
        </InputGroupItem>
        <InputGroupItem>
          <Button variant="control" onClick={runImport} isDisabled={!url.trim() || status.kind === "busy"}>
            {t("import")}
          </Button>
        </InputGroupItem>
      </InputGroup>
      <FormHelperText>
        <HelperText id={`${FIELD_ID}-helper`} aria-live="polite">
          {status.kind === "error" ? (
            <HelperTextItem variant="error">{status.message}</HelperTextItem>
          ) : status.kind === "ok" ? (
            <HelperTextItem variant="success">{t("metadataImported")}</HelperTextItem>
          ) : (
            <HelperTextItem>{t("discoveryEndpointHelp")}</HelperTextItem>
          )}
        </HelperText>
      </FormHelperText>
    </FormGroup>
  );
}
