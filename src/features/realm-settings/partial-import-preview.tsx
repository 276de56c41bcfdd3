import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Spinner } from "@patternfly/react-core/dist/esm/components/Spinner/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { errorTexts } from "../../core/api/api-error.ts";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { PREVIEW_LIMIT, previewImport } from "./partial-import-preview.ts";
import type { ImportPolicy, ImportResource } from "./partial-import-resources.ts";
import "./partial-import-preview-messages.ts";

/**
 * Before importing: per chosen resource, how many the file holds, how many are new and how many the realm
 * already has, and what the chosen policy does with those.
 */
export function PartialImportPreview({
  realm,
  file,
  fileVersion,
  resources,
  policy,
}: {
  realm: string;
  file: unknown;
  fileVersion: number;
  resources: readonly ImportResource[];
  policy: ImportPolicy;
}) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const query = useQuery({
    queryKey: [realm, "partial-import-preview", fileVersion, resources.join(",")],
    queryFn: () => previewImport(adminClient, realm, file, resources),
    staleTime: Infinity,
    gcTime: 0,
  });

  const body = () => {
    if (query.isPending)
      return (
        <Content component="p">
          <Spinner size="sm" aria-hidden /> {t("rsImportPreviewChecking")}
        </Content>
      );
    if (query.error)
      return (
        <Alert variant="warning" isInline title={t("rsImportPreviewFailed", { error: errorTexts(query.error).text })} />
      );
    const rows = resources.map((resource) => ({ resource, ...query.data[resource]! }));
    const existing = rows.reduce((sum, row) => sum + row.existing, 0);
    return (
      <>
        <Table aria-label={t("rsImportPreview")} variant="compact">
          <Thead>
            <Tr>
              <Th>{t("resource")}</Th>
              <Th>{t("rsImportPreviewInFile")}</Th>
              <Th>{t("rsImportPreviewNew")}</Th>
              <Th>{t("rsImportPreviewExisting")}</Th>
            </Tr>
          </Thead>
          <Tbody>
            {rows.map((row) => (
              <Tr key={row.resource}>
                <Td dataLabel={t("resource")}>{t(row.resource)}</Td>
                <Td dataLabel={t("rsImportPreviewInFile")}>{row.inFile}</Td>
                <Td dataLabel={t("rsImportPreviewNew")}>{row.checked - row.existing}</Td>
                <Td dataLabel={t("rsImportPreviewExisting")}>{row.existing}</Td>
              </Tr>
            ))}
          </Tbody>
        </Table>
        {existing > 0 && (
          <Alert
            variant={policy === "FAIL" ? "warning" : "info"}
            isInline
            isPlain
            title={t(`rsImportPreview${policy}`)}
          />
        )}
        {rows.some((row) => row.checked < row.inFile) && (
          <Content component="p">{t("rsImportPreviewPartial", { limit: PREVIEW_LIMIT })}</Content>
        )}
      </>
    );
  };

  return (
    <FormGroup label={t("rsImportPreview")} fieldId="kc-import-preview" role="group">
      <div aria-live="polite">{body()}</div>
    </FormGroup>
  );
}
