import type { Db } from "../store/db.ts";
import type { ClientRecord, RealmRecord, UserRecord } from "../store/types.ts";

export function realmByName(db: Db, name: string): RealmRecord | undefined {
  return db.all("realms").find((realm) => realm.realm === name);
}

export function clientByClientId(db: Db, realm: RealmRecord, clientId: string): ClientRecord | undefined {
  for (const client of db.iterate("clients", realm.id)) if (client.clientId === clientId) return client;
  return undefined;
}

export function userByUsername(db: Db, realm: RealmRecord, username: string): UserRecord | undefined {
  const wanted = username.toLowerCase();
  for (const user of db.iterate("users", realm.id)) if (user.username === wanted) return user;
  return undefined;
}

export function userByEmail(db: Db, realm: RealmRecord, email: string): UserRecord | undefined {
  const wanted = email.toLowerCase();
  for (const user of db.iterate("users", realm.id)) if (user.email === wanted) return user;
  return undefined;
}

/** Username first, then email when the realm allows signing in with it (Keycloak's default: allowed). */
export function userByLogin(db: Db, realm: RealmRecord, login: string): UserRecord | undefined {
  const byName = userByUsername(db, realm, login);
  if (byName) return byName;
  if (realm.settings.loginWithEmailAllowed === false || !login.includes("@")) return undefined;
  return userByEmail(db, realm, login);
}

/** A realm setting as a number, or the Keycloak default when unset. */
export function realmNumber(realm: RealmRecord, key: string, fallback: number): number {
  const value = realm.settings[key];
  return typeof value === "number" ? value : typeof value === "string" && value !== "" ? Number(value) : fallback;
}

export function clientAttribute(client: ClientRecord, key: string): string | undefined {
  const attributes = client.rep.attributes as Record<string, string> | undefined;
  return attributes?.[key];
}

export function clientFlag(client: ClientRecord, key: string, fallback: boolean): boolean {
  const value = client.rep[key];
  return typeof value === "boolean" ? value : fallback;
}

export function clientList(client: ClientRecord, key: string): string[] {
  const value = client.rep[key];
  return Array.isArray(value) ? value.map(String) : [];
}
