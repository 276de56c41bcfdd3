import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";

/** Every SPI the server reports and its provider ids. */
export function ProvidersTab() {
  const { t } = useMessages();
  const providers = Object.entries(useServerInfo().providers ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Table variant="compact" aria-label={t("providers")}>
      <Thead>
        <Tr>
          <Th>{t("spi")}</Th>
          <Th>{t("providers")}</Th>
        </Tr>
      </Thead>
      <Tbody>
        {providers.map(([spi, value]) => (
          <Tr key={spi}>
            <Td>{spi}</Td>
            <Td>
              {Object.keys(value.providers ?? {})
                .sort()
                .join(", ")}
            </Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}
