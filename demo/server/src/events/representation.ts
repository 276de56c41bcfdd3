import type { AdminEventRecord, EventRecord } from "../store/types.ts";

export function eventRepresentation(event: EventRecord): Record<string, unknown> {
  return {
    id: event.id,
    time: event.time,
    type: event.type,
    realmId: event.realmId,
    clientId: event.clientId,
    userId: event.userId,
    sessionId: event.sessionId,
    ipAddress: event.ipAddress,
    error: event.error,
    details: event.details,
  };
}

export function adminEventRepresentation(event: AdminEventRecord): Record<string, unknown> {
  return {
    id: event.id,
    time: event.time,
    realmId: event.realmId,
    authDetails: event.authDetails,
    operationType: event.operationType,
    resourceType: event.resourceType,
    resourcePath: event.resourcePath,
    representation: event.representation,
    error: event.error,
  };
}
