import { useState } from "react";
import { useNavigate } from "react-router";
import { Controller, useForm } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import type RealmRepresentation from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import { ActionGroup, Form, FormGroup, FormHelperText } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { HelperText, HelperTextItem } from "@patternfly/react-core/dist/esm/components/HelperText/index.js";
import { Switch } from "@patternfly/react-core/dist/esm/components/Switch/index.js";
import { TextInput } from "@patternfly/react-core/dist/esm/components/TextInput/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useRuntime } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { createRealm } from "./queries.ts";

interface CreateRealmValues {
  realm: string;
  enabled: boolean;
  importFile?: FileList;
}

async function readImport(files: FileList | undefined): Promise<RealmRepresentation> {
  const file = files?.[0];
  return file ? (JSON.parse(await file.text()) as RealmRepresentation) : {};
}

/** Name (required), enabled, optional JSON import; on success opens the new realm. */
export function CreateRealmForm({ onCancel }: { onCancel(): void }) {
  const { t } = useMessages();
  const { adminClient } = useRuntime();
  const queryClient = useQueryClient();
  const { addAlert } = useAlerts();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string>();
  const { register, control, handleSubmit, formState } = useForm<CreateRealmValues>({
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { realm: "", enabled: true },
  });

  const submit = handleSubmit(async ({ realm, enabled, importFile }) => {
    setServerError(undefined);
    let imported: RealmRepresentation;
    try {
      imported = await readImport(importFile);
    } catch {
      setServerError(t("realmImportInvalid"));
      return;
    }
    try {
      // A file's realm created under another name is a copy: it takes a new id instead of conflicting with its source's.
      const { id, ...copied } = imported;
      await createRealm(adminClient, { ...(imported.realm === realm ? { id } : {}), ...copied, realm, enabled });
      await queryClient.invalidateQueries({ queryKey: ["realm-list"] });
      await queryClient.invalidateQueries({ queryKey: ["realm-names"] });
      await queryClient.invalidateQueries({ queryKey: ["who-am-i"] });
      addAlert(t("saveRealmSuccess"));
      navigate(`/${realm}`);
    } catch (error) {
      setServerError(t("saveRealmError", { error: errorMessage(error) }));
    }
  });

  const nameError = formState.errors.realm?.message;
  return (
    <Form onSubmit={submit} noValidate aria-label={t("createRealmTitle")}>
      {serverError && <Alert variant="danger" isInline title={serverError} />}
      <FormGroup label={t("realmName")} isRequired fieldId="create-realm-name">
        <TextInput
          id="create-realm-name"
          validated={nameError ? "error" : "default"}
          {...register("realm", {
            required: t("realmNameRequired"),
            validate: (v) => v.trim() !== "" || t("realmNameRequired"),
          })}
        />
        {nameError && (
          <FormHelperText>
            <HelperText>
              <HelperTextItem variant="error">{nameError}</HelperTextItem>
            </HelperText>
          </FormHelperText>
        )}
      </FormGroup>
      <FormGroup label={t("enabled")} fieldId="create-realm-enabled">
        <Controller
          name="enabled"
          control={control}
          render={({ field }) => (
            <Switch
              id="create-realm-enabled"
              isChecked={field.value}
              onChange={(_e, checked) => field.onChange(checked)}
              aria-label={t("enabled")}
            />
          )}
        />
      </FormGroup>
      <FormGroup label={t("realmImportFile")} fieldId="create-realm-import">
        <input id="create-realm-import" type="file" accept="application/json,.json" {...register("importFile")} />
      </FormGroup>
      <ActionGroup>
        <Button type="submit" isDisabled={formState.isSubmitting} isLoading={formState.isSubmitting}>
          {t("create")}
        </Button>
        <Button variant="link" onClick={onCancel}>
          {t("cancel")}
        </Button>
      </ActionGroup>
    </Form>
  );
}
