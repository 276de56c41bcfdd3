import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import "./client-policies-messages.ts";

/** A spinner while the query loads, the server's message when it fails, else `children` with the data. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children(data: T): ReactNode }) {
  const { t } = useMessages();
  if (query.isPending) return <LoadingSpinner />;
  if (query.error || query.data === undefined)
    return (
      <Alert
        variant="danger"
        isInline
        title={t("cpLoadFailed", { message: errorMessage(query.error) })}
        data-testid="client-policies-error"
      />
    );
  return children(query.data);
}
