import type { ServerContext } from "../context.ts";
import type { RealmRecord } from "../store/types.ts";

export interface ProviderButton {
  alias: string;
  displayName: string;
  url: string;
}

/** The broker's start address for a login in progress (Keycloak's /broker/{alias}/login). */
export function brokerLoginUrl(realm: RealmRecord, alias: string, clientId: string, tabId: string): string {
  const query = new URLSearchParams({ client_id: clientId, tab_id: tabId });
  return `/realms/${encodeURIComponent(realm.realm)}/broker/${encodeURIComponent(alias)}/login?${query}`;
}

/** The login page's provider buttons: enabled, not hidden, not link-only; by display order, then name. */
export function providerButtons(
  server: ServerContext,
  realm: RealmRecord,
  clientId: string,
  tabId: string,
): ProviderButton[] {
  return server.db
    .list("identityProviders", realm.id)
    .filter((idp) => {
      const config = (idp.rep.config ?? {}) as Record<string, string>;
      return (
        idp.rep.enabled !== false &&
        idp.rep.hideOnLogin !== true &&
        config.hideOnLoginPage !== "true" &&
        idp.rep.linkOnly !== true &&
        !idp.rep.organizationId
      );
    })
    .map((idp) => {
      const config = (idp.rep.config ?? {}) as Record<string, string>;
      const order = Number.parseInt(config.guiOrder ?? "", 10);
      const displayName =
        typeof idp.rep.displayName === "string" && idp.rep.displayName ? idp.rep.displayName : idp.alias;
      return { idp, order: Number.isFinite(order) ? order : Number.MAX_SAFE_INTEGER, displayName };
    })
    .sort((a, b) => a.order - b.order || a.displayName.localeCompare(b.displayName))
    .map(({ idp, displayName }) => ({
      alias: idp.alias,
      displayName,
      url: brokerLoginUrl(realm, idp.alias, clientId, tabId),
    }));
}
