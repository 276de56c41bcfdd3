import { useParams } from "react-router";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { UI_PAGE_PROVIDER } from "./paths.ts";

/** The page provider named in the address, as server info describes it (undefined when the server has none). */
export function usePageProvider() {
  const providerId = useParams().providerId ?? "";
  const provider = useServerInfo().componentTypes?.[UI_PAGE_PROVIDER]?.find((type) => type.id === providerId);
  return { providerId, provider };
}
