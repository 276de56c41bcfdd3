import { useState } from "react";
import { useFormContext } from "react-hook-form";
import { FileUpload } from "@patternfly/react-core/dist/esm/components/FileUpload/index.js";
import { FormGroup, FormHelperText } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { HelperText, HelperTextItem } from "@patternfly/react-core/dist/esm/components/HelperText/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import type { ProviderFormValues } from "./provider-form-values.ts";
import { importProviderMetadataFile } from "./queries.ts";
import "./messages.ts";

const FIELD_ID = "kc-idp-import-file";

type Status = { kind: "idle" | "busy" | "ok" } | { kind: "error"; message: string };

/**
 * A descriptor (SAML) or discovery document (OIDC) read from a file: the server parses it (multipart
 * import-config), its answer fills the form, its refusal shows under the field and the form stays as typed.
 */
export function DescriptorFileField({ providerId }: { providerId: string }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const { setValue, getValues } = useFormContext<ProviderFormValues>();
  const [filename, setFilename] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  const upload = async (file: File) => {
    setFilename(file.name);
    setStatus({ kind: "busy" });
    try {
      const config = await importProviderMetadataFile(adminClient, realm, providerId, file);
      setValue("config", { ...getValues("config"), ...config }, { shouldDirty: true });
      setStatus({ kind: "ok" });
    } catch (error) {
      setStatus({ kind: "error", message: errorMessage(error) });
    }
  };

  return (
    <FormGroup label={t("importConfig")} fieldId={FIELD_ID}>
      <FileUpload
        id={FIELD_ID}
        filename={filename}
        filenameAriaLabel={t("importConfig")}
        filenamePlaceholder={t("importConfigPlaceholder")}
        browseButtonText={t("browse")}
        clearButtonText={t("clear")}
        hideDefaultPreview
        isLoading={status.kind === "busy"}
        validated={status.kind === "error" ? "error" : "default"}
        onFileInputChange={(_event, file) => void upload(file)}
        onClearClick={() => {
          setFilename("");
          setStatus({ kind: "idle" });
        }}
        aria-describedby={`${FIELD_ID}-helper`}
      />
      <FormHelperText>
        <HelperText id={`${FIELD_ID}-helper`} aria-live="polite">
          {status.kind === "error" ? (
            <HelperTextItem variant="error">{status.message}</HelperTextItem>
          ) : status.kind === "ok" ? (
            <HelperTextItem variant="success">{t("metadataImported")}</HelperTextItem>
          ) : (
            <HelperTextItem>{t("importConfigHelp")}</HelperTextItem>
          )}
        </HelperText>
      </FormHelperText>
    </FormGroup>
  );
}
