import { useEffect, useState, type ReactNode } from "react";
import { Spinner } from "@patternfly/react-core/dist/esm/components/Spinner/index.js";
import { errorMessage } from "../../api/api-error.ts";
import { useMessages } from "../../i18n/use-messages.ts";

/** An expanded row's body: fetched when the row is first expanded, never before. */
export function ExpandedRowDetail<T>({ row, load }: { row: T; load(row: T): Promise<ReactNode> }) {
  const { t } = useMessages();
  const [detail, setDetail] = useState<{ content?: ReactNode; error?: unknown }>();
  useEffect(() => {
    let current = true;
    load(row).then(
      (content) => current && setDetail({ content }),
      (error: unknown) => current && setDetail({ error }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row]);
  if (!detail) return <Spinner size="md" aria-label={t("tableDetailLoading")} />;
  if (detail.error) return <span role="alert">{errorMessage(detail.error)}</span>;
  return <>{detail.content}</>;
}
