import { useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import {
  EmptyState,
  EmptyStateActions,
  EmptyStateBody,
  EmptyStateFooter,
} from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { SearchInput } from "@patternfly/react-core/dist/esm/components/SearchInput/index.js";
import SearchIcon from "@patternfly/react-icons/dist/esm/icons/search-icon.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import "./messages.ts";

/** With user federation the realm is never listed unfiltered: the administrator searches first. */
export function FederatedUserSearch({
  onSearch,
  canCreate,
  onCreate,
}: {
  onSearch(text: string): void;
  canCreate: boolean;
  onCreate(): void;
}) {
  const { t } = useMessages();
  const [text, setText] = useState("");
  return (
    <EmptyState titleText={t("startBySearchingAUser")} headingLevel="h2" icon={SearchIcon}>
      <EmptyStateBody>{t("searchForUserDescription")}</EmptyStateBody>
      <EmptyStateFooter>
        <SearchInput
          aria-label={t("searchForUser")}
          placeholder={t("searchForUser")}
          value={text}
          onChange={(_event, value) => setText(value)}
          onSearch={(_event, value) => value.trim() && onSearch(value.trim())}
          onClear={() => setText("")}
        />
        {canCreate && (
          <EmptyStateActions>
            <Button variant="primary" onClick={onCreate}>
              {t("createUser")}
            </Button>
          </EmptyStateActions>
        )}
      </EmptyStateFooter>
    </EmptyState>
  );
}
