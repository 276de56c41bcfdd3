import { randomUUID } from "node:crypto";

export const newId = (): string => randomUUID();

/**
 * How far the server's clock runs ahead of the machine's, as Keycloak's `Time` offset: tests that check timeouts
 * restart the server with KC_CLOCK_OFFSET_MS instead of waiting for them.
 */
const CLOCK_OFFSET_MS = Number(process.env.KC_CLOCK_OFFSET_MS) || 0;

export const now = (): number => Date.now() + CLOCK_OFFSET_MS;
