import { randomBytes, randomInt } from "node:crypto";
import type { ServerContext } from "../context.ts";
import type { ClientRecord, RealmRecord } from "../store/types.ts";
import { clientAttribute } from "./lookup.ts";

/** A device authorization (RFC 8628) from its request until the device takes its tokens (Keycloak's device code model). */
export interface DeviceAuthorization {
  deviceCode: string;
  /** The user code without its dash, upper case. */
  userCode: string;
  realmId: string;
  clientId: string;
  /** The scope the device asked for, as sent. */
  scope?: string;
  nonce?: string;
  expires: number;
  /** Seconds the device must wait between polls. */
  interval: number;
  lastPoll?: number;
  status: "pending" | "approved" | "denied";
  userId?: string;
  sessionId?: string;
  /** The consent form's one-time code while the signed-in user decides. */
  consentCode?: string;
  /** The LOGIN event's details, recorded when the user grants access. */
  loginDetails?: Record<string, string>;
}

/** Keycloak's default user codes: eight capital letters, shown as two groups of four. */
const USER_CODE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const stores = new WeakMap<ServerContext, Map<string, DeviceAuthorization>>();

function store(server: ServerContext): Map<string, DeviceAuthorization> {
  let devices = stores.get(server);
  if (!devices) stores.set(server, (devices = new Map()));
  // An expired one stays a while so that its device hears expired_token rather than an unknown code.
  const at = Date.now();
  for (const [code, device] of devices) if (device.expires + 600_000 < at) devices.delete(code);
  return devices;
}

export const displayUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** As typed by the user: dashes and spaces dropped, case ignored. */
export const normalizeUserCode = (typed: string) => typed.replace(/[\s-]/g, "").toUpperCase();

/**
 * The device code's lifespan and polling interval in seconds: the client's "oauth2.device.code.lifespan" /
 * "oauth2.device.polling.interval" when set, else the realm's oauth2DeviceCodeLifespan / oauth2DevicePollingInterval
 * (Keycloak's defaults 600 and 5).
 */
export function deviceSettings(realm: RealmRecord, client: ClientRecord): { lifespan: number; interval: number } {
  const read = (clientKey: string, realmKey: string, fallback: number) => {
    for (const value of [clientAttribute(client, clientKey), realm.settings[realmKey]]) {
      const seconds = Number(value);
      if (value !== undefined && value !== "" && Number.isInteger(seconds) && seconds > 0) return seconds;
    }
    return fallback;
  };
  return {
    lifespan: read("oauth2.device.code.lifespan", "oauth2DeviceCodeLifespan", 600),
    interval: read("oauth2.device.polling.interval", "oauth2DevicePollingInterval", 5),
  };
}

export function createDeviceAuthorization(
  server: ServerContext,
  request: Pick<DeviceAuthorization, "realmId" | "clientId" | "scope" | "nonce" | "interval"> & { lifespan: number },
): DeviceAuthorization {
  const { lifespan, ...rest } = request;
  const userCode = Array.from({ length: 8 }, () => USER_CODE_LETTERS[randomInt(USER_CODE_LETTERS.length)]).join("");
  const device: DeviceAuthorization = {
    ...rest,
    deviceCode: randomBytes(32).toString("base64url"),
    userCode,
    expires: Date.now() + lifespan * 1000,
    status: "pending",
  };
  store(server).set(device.deviceCode, device);
  return device;
}

export function deviceByCode(server: ServerContext, realm: RealmRecord, deviceCode: string) {
  const device = store(server).get(deviceCode);
  return device?.realmId === realm.id ? device : undefined;
}

export function deviceByUserCode(server: ServerContext, realm: RealmRecord, userCode: string) {
  const wanted = normalizeUserCode(userCode);
  for (const device of store(server).values())
    if (device.realmId === realm.id && device.userCode === wanted) return device;
  return undefined;
}

export function deviceByConsentCode(server: ServerContext, realm: RealmRecord, consentCode: string) {
  for (const device of store(server).values())
    if (device.realmId === realm.id && device.consentCode === consentCode) return device;
  return undefined;
}

export function forgetDevice(server: ServerContext, device: DeviceAuthorization): void {
  store(server).delete(device.deviceCode);
}
