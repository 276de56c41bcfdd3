import { useMessages } from "../../i18n/use-messages.ts";
import { useServerInfoQuery } from "../../runtime/shared-queries.ts";
import { isOlderThan } from "./server-version.ts";
import "./version-messages.ts";

/**
 * A field's note for a server older than the Keycloak version (`since`) that brought the setting, else
 * undefined: the server would store the value and ignore it.
 */
export function useVersionNote(since: string | undefined): string | undefined {
  const { t } = useMessages();
  const version = useServerInfoQuery().data?.systemInfo?.version;
  if (!since || !isOlderThan(version, since)) return undefined;
  return t("versionNoteOlderServer", { since, version });
}
