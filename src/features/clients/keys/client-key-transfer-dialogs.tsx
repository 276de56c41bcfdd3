import { useState } from "react";
import { FormProvider, useWatch } from "react-hook-form";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { FileUpload } from "@patternfly/react-core/dist/esm/components/FileUpload/index.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useServerInfo } from "../../../core/runtime/shared-queries.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { FormField, PasswordControl, SelectControl, TextControl, useKcForm } from "../../../core/ui/form/index.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../../core/ui/overlays/modal.tsx";
import "./client-key-transfer-messages.ts";

/** Keycloak's archive formats for a client certificate that need no store password. */
const OIDC_FORMATS = ["Certificate PEM", "Public Key PEM", "JSON Web Key Set"];
const SAML_FORMATS = ["Certificate PEM"];

interface KeyForm {
  format: string;
  keyAlias: string;
  keyPassword: string;
  storePassword: string;
}

const useKeystoreTypes = () => useServerInfo().cryptoInfo?.supportedKeystoreTypes ?? [];

interface DialogProps {
  clientId: string;
  attr: string;
  isSaml: boolean;
  onClose: () => void;
  onDone?: () => void;
}

/** "Import key": a certificate, public key or JWKS file (or a Java keystore with its alias and password). */
export function ImportKeyDialog({ clientId, attr, isSaml, onClose, onDone }: DialogProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const keystores = useKeystoreTypes();
  const formats = [...(isSaml ? SAML_FORMATS : OIDC_FORMATS), ...keystores];
  const form = useKcForm<KeyForm>({
    defaultValues: { format: formats[0], keyAlias: "", keyPassword: "", storePassword: "" },
  });
  const format = useWatch({ control: form.control, name: "format" });
  const isKeystore = keystores.includes(format);
  const [file, setFile] = useState<File>();

  const submit = form.handleSubmit(async (values) => {
    if (!file) return;
    const data = new FormData();
    data.append("keystoreFormat", values.format);
    if (isKeystore) {
      data.append("keyAlias", values.keyAlias);
      data.append("storePassword", values.storePassword);
    }
    data.append("file", file);
    try {
      await adminClient.clients.uploadCertificate({ realm, id: clientId, attr }, data);
      alerts.addAlert(t("importSuccess"));
      onDone?.();
      onClose();
    } catch (error) {
      alerts.addError("importError", error);
    }
  });

  return (
    <Modal variant="small" isOpen onClose={onClose} aria-labelledby="kc-import-key-title">
      <ModalHeader title={t("importKey")} labelId="kc-import-key-title" />
      <ModalBody>
        <FormProvider {...form}>
          <Form id="kc-import-key-form" onSubmit={submit}>
            <SelectControl<KeyForm>
              name="format"
              label={t("archiveFormat")}
              options={formats.map((value) => ({ value, label: value }))}
            />
            {isKeystore && (
              <>
                <TextControl<KeyForm> name="keyAlias" label={t("keyAlias")} rules={{ required: true }} />
                <PasswordControl<KeyForm> name="storePassword" label={t("storePassword")} rules={{ required: true }} />
              </>
            )}
            <FormField id="kc-import-key-file" label={t("importFile")} isRequired>
              <FileUpload
                id="kc-import-key-file"
                filename={file?.name ?? ""}
                filenameAriaLabel={t("importFile")}
                browseButtonText={t("browse")}
                clearButtonText={t("clear")}
                onFileInputChange={(_event, chosen) => setFile(chosen)}
                onClearClick={() => setFile(undefined)}
                hideDefaultPreview
              />
            </FormField>
          </Form>
        </FormProvider>
      </ModalBody>
      <ModalFooter>
        <Button type="submit" form="kc-import-key-form" isDisabled={!file || form.formState.isSubmitting}>
          {t("importKey")}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}

const saveBytes = (filename: string, bytes: ArrayBuffer) => {
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/octet-stream" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename, rel: "noopener" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

/** "Export": the client's key pair as a keystore in one of the server's formats. */
export function ExportKeyDialog({ clientId, attr, onClose }: DialogProps) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const alerts = useAlerts();
  const keystores = useKeystoreTypes();
  const form = useKcForm<KeyForm>({
    defaultValues: { format: keystores[0] ?? "JKS", keyAlias: "", keyPassword: "", storePassword: "" },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const bytes = await adminClient.clients.downloadKey(
        { realm, id: clientId, attr },
        {
          format: values.format,
          keyAlias: values.keyAlias,
          keyPassword: values.keyPassword,
          storePassword: values.storePassword,
          realmCertificate: false,
        },
      );
      saveBytes(`keystore.${values.format === "PKCS12" ? "p12" : values.format.toLowerCase()}`, bytes);
      alerts.addAlert(t("clientsKeyExportSuccess"));
      onClose();
    } catch (error) {
      alerts.addError("clientsKeyExportError", error);
    }
  });

  return (
    <Modal variant="small" isOpen onClose={onClose} aria-labelledby="kc-export-key-title">
      <ModalHeader title={t("clientsKeyExportTitle")} labelId="kc-export-key-title" />
      <ModalBody>
        <FormProvider {...form}>
          <Form id="kc-export-key-form" onSubmit={submit}>
            <SelectControl<KeyForm>
              name="format"
              label={t("archiveFormat")}
              options={keystores.map((value) => ({ value, label: value }))}
            />
            <TextControl<KeyForm> name="keyAlias" label={t("keyAlias")} rules={{ required: true }} />
            <PasswordControl<KeyForm> name="keyPassword" label={t("keyPassword")} rules={{ required: true }} />
            <PasswordControl<KeyForm> name="storePassword" label={t("storePassword")} rules={{ required: true }} />
          </Form>
        </FormProvider>
      </ModalBody>
      <ModalFooter>
        <Button type="submit" form="kc-export-key-form" isDisabled={form.formState.isSubmitting}>
          {t("export")}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
