import { useState } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Content } from "@patternfly/react-core/dist/esm/components/Content/index.js";
import { PageSection } from "@patternfly/react-core/dist/esm/components/Page/index.js";
import { SearchInput } from "@patternfly/react-core/dist/esm/components/SearchInput/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { Toolbar, ToolbarContent, ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useRuntime } from "../../core/runtime/runtime-context.tsx";
import { useWhoAmI } from "../../core/runtime/realm-scope.tsx";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import { CreateRealmForm } from "./create-realm-form.tsx";
import { fetchRealmPage, realmListKey } from "./queries.ts";
import { displayText } from "../../core/ui/text/display-text.ts";
import "./messages.ts";

const PAGE_SIZE = 10;

export default function RealmsPage() {
  const { t } = useMessages();
  const { adminClient, authRealm } = useRuntime();
  const whoAmI = useWhoAmI();
  const [search, setSearch] = useState("");
  const [first, setFirst] = useState(0);
  const [creating, setCreating] = useState(false);
  const page = useQuery({
    queryKey: realmListKey(search, first, PAGE_SIZE),
    queryFn: () => fetchRealmPage(adminClient, authRealm, search, first, PAGE_SIZE),
  });
  const rows = page.data?.slice(0, PAGE_SIZE) ?? [];
  const hasNext = (page.data?.length ?? 0) > PAGE_SIZE;
  return (
    <>
      <PageSection>
        <Title headingLevel="h1">{t("realmsTitle")}</Title>
        <Content component="p">{t("realmExplain")}</Content>
      </PageSection>
      <PageSection>
        {creating ? (
          <CreateRealmForm onCancel={() => setCreating(false)} />
        ) : (
          <>
            <Toolbar>
              <ToolbarContent>
                <ToolbarItem>
                  <SearchInput
                    aria-label={t("realmSearch")}
                    placeholder={t("realmSearch")}
                    value={search}
                    onChange={(_e, value) => {
                      setSearch(value);
                      setFirst(0);
                    }}
                    onClear={() => setSearch("")}
                  />
                </ToolbarItem>
                {whoAmI.createRealm && (
                  <ToolbarItem>
                    <Button onClick={() => setCreating(true)}>{t("createRealm")}</Button>
                  </ToolbarItem>
                )}
                <ToolbarItem align={{ default: "alignEnd" }}>
                  <Button
                    variant="plain"
                    isDisabled={first === 0}
                    onClick={() => setFirst(Math.max(0, first - PAGE_SIZE))}
                  >
                    {t("previousPage")}
                  </Button>
                  <Button variant="plain" isDisabled={!hasNext} onClick={() => setFirst(first + PAGE_SIZE)}>
                    {t("nextPage")}
                  </Button>
                </ToolbarItem>
              </ToolbarContent>
            </Toolbar>
            {page.isPending ? (
              <LoadingSpinner />
            ) : rows.length === 0 ? (
              <Content component="p">{t("noRealms")}</Content>
            ) : (
              <Table aria-label={t("realmsTitle")} variant="compact">
                <Thead>
                  <Tr>
                    <Th>{t("realmName")}</Th>
                    <Th>{t("displayName")}</Th>
                  </Tr>
                </Thead>
                <Tbody>
                  {rows.map((realm) => (
                    <Tr key={realm.name}>
                      <Td>
                        <Link to={`/${realm.name}`}>{realm.name}</Link>
                      </Td>
                      <Td>{displayText(realm.displayName)}</Td>
                    </Tr>
                  ))}
                </Tbody>
              </Table>
            )}
          </>
        )}
      </PageSection>
    </>
  );
}
