import type { AdminEventRecord, EventRecord } from "../store/types.ts";
import { badRequest } from "../http/errors.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** `yyyy-MM-dd` (or epoch milliseconds) as Keycloak's event queries read dateFrom / dateTo; dateTo covers its whole day. */
export function parseDateBound(value: string | undefined, label: "From" | "To"): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value) && value.length > 8) return Number(value);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (Number.isNaN(time)) throw badRequest(`Invalid value for 'Date(${label})', expected format is yyyy-MM-dd`);
  return label === "To" ? time + DAY_MS - 1 : time;
}

export interface EventFilter {
  types: string[];
  client?: string;
  user?: string;
  ipAddress?: string;
  from?: number;
  to?: number;
}

export function matchesEvent(event: EventRecord, filter: EventFilter): boolean {
  if (filter.types.length && !filter.types.includes(event.type)) return false;
  if (filter.client && event.clientId !== filter.client) return false;
  if (filter.user && event.userId !== filter.user) return false;
  if (filter.ipAddress && event.ipAddress !== filter.ipAddress) return false;
  if (filter.from !== undefined && event.time < filter.from) return false;
  if (filter.to !== undefined && event.time > filter.to) return false;
  return true;
}

export interface AdminEventFilter {
  operationTypes: string[];
  resourceTypes: string[];
  resourcePath?: string;
  authRealm?: string;
  authClient?: string;
  authUser?: string;
  authIpAddress?: string;
  from?: number;
  to?: number;
}

/** resourcePath with `*` standing for any run of characters, matched against the whole path. */
function pathPattern(resourcePath: string): RegExp {
  const escaped = resourcePath.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", ".*");
  return new RegExp(`^${escaped}$`);
}

export function adminEventMatcher(filter: AdminEventFilter): (event: AdminEventRecord) => boolean {
  const path = filter.resourcePath ? pathPattern(filter.resourcePath) : undefined;
  return (event) => {
    if (filter.operationTypes.length && !filter.operationTypes.includes(event.operationType)) return false;
    if (filter.resourceTypes.length && !filter.resourceTypes.includes(event.resourceType)) return false;
    if (path && !path.test(event.resourcePath)) return false;
    if (filter.authRealm && event.authDetails.realmId !== filter.authRealm) return false;
    if (filter.authClient && event.authDetails.clientId !== filter.authClient) return false;
    if (filter.authUser && event.authDetails.userId !== filter.authUser) return false;
    if (filter.authIpAddress && event.authDetails.ipAddress !== filter.authIpAddress) return false;
    if (filter.from !== undefined && event.time < filter.from) return false;
    if (filter.to !== undefined && event.time > filter.to) return false;
    return true;
  };
}
