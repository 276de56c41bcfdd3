import type { ServerContext } from "../context.ts";
import { isLdapProvider, ldapConfig } from "./ldap-config.ts";
import { syncUsers } from "./ldap-users.ts";

/** How often due syncs are looked for; tests shorten it with KC_PERIODIC_SYNC_CHECK_MS. */
const CHECK_EVERY_MS = Number(process.env.KC_PERIODIC_SYNC_CHECK_MS) || 15_000;

/**
 * While the server runs, LDAP providers with a periodic full or changed-users sync are synced when their period has
 * passed since the last sync (Keycloak's fullSyncPeriod / changedSyncPeriod, in seconds). Returns the stop function.
 */
export function startPeriodicSync(server: ServerContext): () => void {
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const nowSeconds = Math.floor(Date.now() / 1000);
      for (const realm of server.db.all("realms"))
        for (const component of server.db.list("components", realm.id)) {
          if (!isLdapProvider(component)) continue;
          const config = ldapConfig(component);
          if (!config.enabled || !config.importEnabled) continue;
          const due = (period: number) => period > 0 && nowSeconds - config.lastSync >= period;
          const full = due(config.fullSyncPeriod);
          if (!full && !due(config.changedSyncPeriod)) continue;
          await syncUsers(server, realm, component, !full).catch(() => undefined);
        }
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
