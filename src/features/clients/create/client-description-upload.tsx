import { useState } from "react";
import { FileUpload } from "@patternfly/react-core/dist/esm/components/FileUpload/index.js";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import { adminFetch } from "../../../core/api/admin-fetch.ts";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { FormField, parseJsonText } from "../../../core/ui/form/index.ts";
import "./import-client-messages.ts";

const isXml = (text: string) => text.trimStart().startsWith("<");

/**
 * A client's resource file: Keycloak client JSON is read here; SAML entity descriptor XML goes through the
 * server's client-description-converter (the admin client has no call for it), which answers a client.
 */
export function ClientDescriptionUpload({ onClient }: { onClient: (client: ClientRepresentation) => void }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const [filename, setFilename] = useState("");
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const [isLoading, setLoading] = useState(false);

  const read = async (content: string) => {
    setText(content);
    setError(undefined);
    if (!content.trim()) return;
    if (!isXml(content)) {
      const result = parseJsonText(content);
      if (result.ok && result.value && typeof result.value === "object" && !Array.isArray(result.value))
        onClient(result.value as ClientRepresentation);
      else setError(t("fileInvalidJson", { message: result.ok ? "" : result.message }));
      return;
    }
    setLoading(true);
    try {
      const client = await adminFetch<ClientRepresentation>(
        adminClient,
        `/admin/realms/${encodeURIComponent(realm)}/client-description-converter`,
        {},
        { method: "POST", body: content, headers: { "content-type": "application/xml" } },
      );
      onClient(client);
    } catch (failure) {
      setError(t("clientsDescriptionNotConverted", { error: errorMessage(failure) }));
    } finally {
      setLoading(false);
    }
  };

  return (
    <FormField id="kc-resource-file" label={t("resourceFile")} error={error} helperText={t("clientsResourceFileHint")}>
      <FileUpload
        id="kc-resource-file"
        type="text"
        value={text}
        filename={filename}
        filenameAriaLabel={t("resourceFile")}
        browseButtonText={t("browse")}
        clearButtonText={t("clear")}
        onFileInputChange={(_event, file) => setFilename(file.name)}
        onDataChange={(_event, content) => void read(content)}
        onTextChange={(_event, content) => void read(content)}
        onClearClick={() => {
          setFilename("");
          setText("");
          setError(undefined);
        }}
        isLoading={isLoading}
        allowEditingUploadedText
        dropzoneProps={{ accept: { "application/json": [".json"], "text/xml": [".xml"] } }}
        validated={error ? "error" : "default"}
      />
    </FormField>
  );
}
