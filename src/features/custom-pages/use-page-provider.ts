import { useParams } from "react-router";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { UI_PAGE_PROVIDER } from "./paths.ts";

/**
 * The page provider named in the address, as server info describes it (undefined when the server has none), and
 * its name: the message whose key is its id (a provider ships it in its admin theme, as in Keycloak), else the id.
 */
export function usePageProvider() {
  const { t } = useMessages();
  const providerId = useParams().providerId ?? "";
  const provider = useServerInfo().componentTypes?.[UI_PAGE_PROVIDER]?.find((type) => type.id === providerId);
  return { providerId, provider, pageName: t(providerId, { defaultValue: providerId }) };
}
