import { useId, useState } from "react";
import { FormProvider } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import type { PartialImportResponse } from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Checkbox } from "@patternfly/react-core/dist/esm/components/Checkbox/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { Form, FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { errorMessage } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { FileUploadControl } from "../../core/ui/form/file-upload-control.tsx";
import { useKcForm } from "../../core/ui/form/use-kc-form.ts";
import { Modal, ModalBody, ModalFooter, ModalHeader } from "../../core/ui/overlays/modal.tsx";
import { SingleSelect } from "../../core/ui/overlays/single-select.tsx";
import {
  countResources,
  importRequest,
  IMPORT_RESOURCES,
  type ImportPolicy,
  type ImportResource,
} from "./partial-import-resources.ts";
import { PartialImportPreview } from "./partial-import-preview.tsx";
import { partialImport } from "./queries.ts";
import "./messages.ts";

const POLICIES: ImportPolicy[] = ["FAIL", "SKIP", "OVERWRITE"];
const ACTION_TEXT = { ADDED: "added", SKIPPED: "skipped", OVERWRITTEN: "overwritten" } as const;

/** A realm export file, the resources to take from it, and what to do with existing ones; then the results. */
export function PartialImportDialog({ realm, onClose }: { realm: string; onClose(): void }) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert } = useAlerts();
  const titleId = useId();
  const form = useKcForm<{ file: unknown }>({ defaultValues: { file: undefined } });
  const file = form.watch("file");
  const counts = countResources(file);
  const present = IMPORT_RESOURCES.filter((resource) => counts[resource] > 0);
  const [chosen, setChosen] = useState<Set<ImportResource>>(new Set());
  const [policy, setPolicy] = useState<ImportPolicy>("FAIL");
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<PartialImportResponse>();
  /** Why the server refused the import (it changes nothing then): shown in the dialog, the choices kept. */
  const [failure, setFailure] = useState<string>();
  const [fileVersion, setFileVersion] = useState(0);
  const chosenPresent = present.filter((resource) => chosen.has(resource));

  const toggle = (resource: ImportResource, checked: boolean) => {
    setFailure(undefined);
    setChosen((current) => {
      const next = new Set(current);
      if (checked) next.add(resource);
      else next.delete(resource);
      return next;
    });
  };

  const run = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const response = await partialImport(adminClient, realm, importRequest(file, new Set(chosenPresent), policy));
      setResults(response);
      addAlert(t("importAdded", { count: response.added }));
      await queryClient.invalidateQueries();
    } catch (error) {
      setFailure(t("importFail", { error: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal variant="medium" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={t("partialImport")} labelId={titleId} description={t("partialImportHeaderText")} />
      <ModalBody>
        {results ? (
          <ImportResults results={results} />
        ) : (
          <FormProvider {...form}>
            <Form onSubmit={(event) => event.preventDefault()}>
              <FileUploadControl<{ file: unknown }>
                name="file"
                label={t("resourceFile")}
                onParsed={(value) => {
                  setFileVersion((version) => version + 1);
                  const inFile = countResources(value);
                  setChosen(new Set(IMPORT_RESOURCES.filter((resource) => inFile[resource] > 0)));
                }}
              />
              {file !== undefined && present.length === 0 && (
                <Alert variant="warning" isInline title={t("rsNoResourcesInFile")} />
              )}
              {present.length > 0 && (
                <FormGroup label={t("chooseResources")} role="group" isStack fieldId="kc-import-resources">
                  {present.map((resource) => (
                    <Checkbox
                      key={resource}
                      id={`kc-import-${resource}`}
                      label={t("rsResourceCount", { resource: t(resource), count: counts[resource] })}
                      isChecked={chosen.has(resource)}
                      onChange={(_event, checked) => toggle(resource, checked)}
                    />
                  ))}
                </FormGroup>
              )}
              {present.length > 0 && (
                <FormGroup label={t("ifResourceExists")} fieldId="kc-import-policy">
                  <SingleSelect
                    id="kc-import-policy"
                    options={POLICIES.map((value) => ({ value, label: t(value) }))}
                    value={policy}
                    onChange={(value) => {
                      setFailure(undefined);
                      setPolicy(value as ImportPolicy);
                    }}
                  />
                </FormGroup>
              )}
              {chosenPresent.length > 0 && (
                <PartialImportPreview
                  realm={realm}
                  file={file}
                  fileVersion={fileVersion}
                  resources={chosenPresent}
                  policy={policy}
                />
              )}
              {failure && (
                // Brought into view: the dialog body may be scrolled to the file at the top.
                <div ref={(node) => node?.scrollIntoView({ block: "nearest" })}>
                  <Alert variant="danger" isInline role="alert" title={failure} />
                </div>
              )}
            </Form>
          </FormProvider>
        )}
      </ModalBody>
      <ModalFooter>
        {results ? (
          <Button variant="primary" onClick={onClose}>
            {t("close")}
          </Button>
        ) : (
          <>
            <Button
              variant="primary"
              isDisabled={chosenPresent.length === 0 || busy}
              isLoading={busy}
              onClick={() => void run()}
            >
              {t("import")}
            </Button>
            <Button variant="link" onClick={onClose}>
              {t("cancel")}
            </Button>
          </>
        )}
      </ModalFooter>
    </Modal>
  );
}

function ImportResults({ results }: { results: PartialImportResponse }) {
  const { t } = useMessages();
  return (
    <>
      <Content component="p">
        {[
          t("importAdded", { count: results.added }),
          t("importSkipped", { count: results.skipped }),
          t("importOverwritten", { count: results.overwritten }),
        ].join(" ")}
      </Content>
      <Table aria-label={t("rsImportResults")} variant="compact">
        <Thead>
          <Tr>
            <Th>{t("action")}</Th>
            <Th>{t("type")}</Th>
            <Th>{t("name")}</Th>
          </Tr>
        </Thead>
        <Tbody>
          {results.results.map((result) => (
            <Tr key={`${result.resourceType}-${result.id}-${result.resourceName}`}>
              <Td dataLabel={t("action")}>
                {t(ACTION_TEXT[result.action as keyof typeof ACTION_TEXT] ?? result.action)}
              </Td>
              <Td dataLabel={t("type")}>{result.resourceType}</Td>
              <Td dataLabel={t("name")}>{result.resourceName}</Td>
            </Tr>
          ))}
        </Tbody>
      </Table>
    </>
  );
}
