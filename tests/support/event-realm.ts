import KcAdminClient from "@keycloak/keycloak-admin-client";
import type { TestServer } from "./server.ts";
import { completeProfile } from "./admin-api.ts";

/** An event as a test compares it: what Keycloak records, without its id and time. */
export type RecordedEvent = Record<string, unknown>;

/**
 * A realm recording `eventTypes`, with one user `username` (password "pw"), reached through Keycloak's admin client
 * set to that realm. Returns the client and the user's id.
 */
export async function eventRealm(
  server: TestServer,
  realm: string,
  eventTypes: string[],
  username: string,
): Promise<{ kc: KcAdminClient; userId: string }> {
  const kc = new KcAdminClient({ baseUrl: server.baseUrl, realmName: "master" });
  await kc.auth({ grantType: "password", clientId: "admin-cli", username: "admin", password: "admin" });
  await kc.realms.create({ realm, enabled: true, eventsEnabled: true, enabledEventTypes: eventTypes });
  kc.setConfig({ realmName: realm });
  const { id: userId } = await kc.users.create({
    username,
    ...completeProfile(username),
    enabled: true,
    credentials: [{ type: "password", value: "pw", temporary: false }],
  });
  return { kc, userId };
}

/** The events `request` leaves in the realm (cleared first). */
export async function eventsOf<T>(
  kc: KcAdminClient,
  realm: string,
  request: () => Promise<T>,
): Promise<{ result: T; events: RecordedEvent[] }> {
  await kc.realms.clearEvents({ realm });
  const result = await request();
  const events = (await kc.realms.findEvents({ realm })).map((e) => ({
    type: e.type,
    error: e.error,
    clientId: e.clientId,
    userId: e.userId,
    sessionId: e.sessionId,
    details: e.details,
  }));
  return { result, events: JSON.parse(JSON.stringify(events)) as RecordedEvent[] };
}
