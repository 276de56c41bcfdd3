import { useEffect, useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { useRuntime } from "./runtime-context.tsx";
import { serverInfoQuery } from "./shared-queries.ts";
import { reportStartupError, startupErrorDetail } from "./startup-error.ts";

/**
 * `kc-error` for a failed server-info call and for realm texts that could not be loaded. It only watches server info:
 * what reads it fetches it, so an element whose screens do not read it never asks for it.
 */
export function StartupErrorReporter({ host, i18n }: { host: HTMLElement; i18n: I18n }) {
  const serverInfo = useQuery({ ...serverInfoQuery(useRuntime()), enabled: false });
  const error = serverInfo.error;
  useEffect(() => {
    if (error) reportStartupError(host, error, startupErrorDetail("server-info", error));
  }, [host, error]);
  useEffect(() => {
    const onFailure = (language: string, namespace: string, reason: unknown) => {
      const message = `Could not load texts for ${namespace}/${language}: ${reason instanceof Error ? reason.message : String(reason)}`;
      const status = /: (\d{3})$/.exec(message)?.[1];
      const detail = { stage: "translations" as const, message, ...(status ? { status: Number(status) } : {}) };
      reportStartupError(host, detail, detail);
    };
    i18n.on("failedLoading", onFailure);
    return () => i18n.off("failedLoading", onFailure);
  }, [host, i18n]);
  return null;
}

/** `kc-error` (stage token, or network) when the runtime could not start or the login page sent an error back. */
export function useStartFailureReport(host: HTMLElement, error: unknown, urlError: string | undefined): void {
  const failure = useMemo(
    () => (urlError ? { detail: { stage: "token" as const, message: urlError } } : undefined),
    [urlError],
  );
  useEffect(() => {
    if (failure) reportStartupError(host, failure, failure.detail);
    else if (error)
      reportStartupError(host, typeof error === "object" ? error : { error }, startupErrorDetail("token", error));
  }, [host, error, failure]);
}
