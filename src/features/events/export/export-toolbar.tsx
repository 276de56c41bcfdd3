import { useRef, useState } from "react";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Progress } from "@patternfly/react-core/dist/esm/components/Progress/index.js";
import { ToolbarItem } from "@patternfly/react-core/dist/esm/components/Toolbar/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useAlerts } from "../../../core/ui/alerts/alerts-context.tsx";
import { EXPORT_PAGE_SIZE, exportEvents, type ExportColumn, type ExportFormat } from "./export-events.ts";
import { openExportSink } from "./export-sink.ts";

interface ExportToolbarProps<T> {
  /** File name without extension. */
  filename: string;
  columns: ExportColumn<T>[];
  fetchPage(first: number, max: number): Promise<T[]>;
}

/** Export the current search as CSV or JSON (all pages), with a progress bar and cancel. */
export function ExportToolbar<T>({ filename, columns, fetchPage }: ExportToolbarProps<T>) {
  const { t } = useMessages();
  const alerts = useAlerts();
  const [running, setRunning] = useState<{ format: ExportFormat; exported: number }>();
  const controller = useRef<AbortController>(undefined);

  const start = async (format: ExportFormat) => {
    const abort = (controller.current = new AbortController());
    try {
      const sink = await openExportSink(`${filename}.${format}`, format === "csv" ? "text/csv" : "application/json");
      setRunning({ format, exported: 0 });
      const count = await exportEvents({
        format,
        columns,
        fetchPage,
        sink,
        signal: abort.signal,
        onProgress: (exported) => setRunning({ format, exported }),
      });
      alerts.addAlert(t("eventsExported", { count }));
    } catch (error) {
      if (abort.signal.aborted) alerts.addAlert(t("eventsExportCancelled"), "info");
      else if (!(error instanceof DOMException && error.name === "AbortError"))
        alerts.addError("eventsExportError", error);
    } finally {
      setRunning(undefined);
    }
  };

  if (running)
    return (
      <>
        <ToolbarItem style={{ minWidth: "16rem" }}>
          <Progress
            title={t("eventsExporting", { count: running.exported })}
            aria-label={t("eventsExporting", { count: running.exported })}
            measureLocation="none"
            value={(100 * running.exported) / (running.exported + EXPORT_PAGE_SIZE)}
            size="sm"
          />
        </ToolbarItem>
        <ToolbarItem>
          <Button variant="link" onClick={() => controller.current?.abort()}>
            {t("cancel")}
          </Button>
        </ToolbarItem>
      </>
    );
  return (
    <>
      <ToolbarItem>
        <Button variant="secondary" onClick={() => void start("csv")}>
          {t("eventsExportCsv")}
        </Button>
      </ToolbarItem>
      <ToolbarItem>
        <Button variant="secondary" onClick={() => void start("json")}>
          {t("eventsExportJson")}
        </Button>
      </ToolbarItem>
    </>
  );
}
