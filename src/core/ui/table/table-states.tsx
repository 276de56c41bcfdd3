import type { ReactNode } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import {
  EmptyState,
  EmptyStateActions,
  EmptyStateBody,
  EmptyStateFooter,
} from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import SearchIcon from "@patternfly/react-icons/dist/esm/icons/search-icon.js";
import ExclamationCircleIcon from "@patternfly/react-icons/dist/esm/icons/exclamation-circle-icon.js";
import PlusCircleIcon from "@patternfly/react-icons/dist/esm/icons/plus-circle-icon.js";
import { errorMessage } from "../../api/api-error.ts";
import { useMessages } from "../../i18n/use-messages.ts";
import "./table-messages.ts";

export interface TableEmptyStateProps {
  title?: string;
  message?: ReactNode;
  /** The primary action offered when there is nothing yet (e.g. "Create user"). */
  primaryAction?: { title: string; onClick(): void };
}

/** Shown when the list has no rows at all and nothing is searched. */
export function TableEmptyState({ title, message, primaryAction }: TableEmptyStateProps) {
  const { t } = useMessages();
  return (
    <EmptyState
      titleText={title ?? t("tableEmptyTitle")}
      headingLevel="h2"
      icon={PlusCircleIcon}
      data-testid="table-empty"
    >
      {message && <EmptyStateBody>{message}</EmptyStateBody>}
      {primaryAction && (
        <EmptyStateFooter>
          <EmptyStateActions>
            <Button variant="primary" onClick={primaryAction.onClick}>
              {primaryAction.title}
            </Button>
          </EmptyStateActions>
        </EmptyStateFooter>
      )}
    </EmptyState>
  );
}

/** Shown when a search finds nothing; offers to clear the search. */
export function TableNoResultsState({ onClear }: { onClear(): void }) {
  const { t } = useMessages();
  return (
    <EmptyState titleText={t("noSearchResults")} headingLevel="h2" icon={SearchIcon} data-testid="table-no-results">
      <EmptyStateBody>{t("noSearchResultsInstructions")}</EmptyStateBody>
      <EmptyStateFooter>
        <EmptyStateActions>
          <Button variant="link" onClick={onClear}>
            {t("clearAllFilters")}
          </Button>
        </EmptyStateActions>
      </EmptyStateFooter>
    </EmptyState>
  );
}

/** Shown when the loader failed: the server's message and a retry. */
export function TableErrorState({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useMessages();
  return (
    <EmptyState
      titleText={t("tableErrorTitle")}
      headingLevel="h2"
      icon={ExclamationCircleIcon}
      status="danger"
      data-testid="table-error"
    >
      <EmptyStateBody>{errorMessage(error)}</EmptyStateBody>
      <EmptyStateFooter>
        <EmptyStateActions>
          <Button variant="primary" onClick={onRetry}>
            {t("tryAgain")}
          </Button>
        </EmptyStateActions>
      </EmptyStateFooter>
    </EmptyState>
  );
}
