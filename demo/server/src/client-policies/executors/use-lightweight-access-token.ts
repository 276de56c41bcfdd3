import type { ClientPolicyEvent, Executor } from "../types.ts";

const TOKEN_ISSUING: ClientPolicyEvent[] = [
  "TOKEN_REQUEST",
  "TOKEN_REFRESH",
  "RESOURCE_OWNER_PASSWORD_CREDENTIALS_REQUEST",
  "SERVICE_ACCOUNT_TOKEN_REQUEST",
];

/** The access tokens issued get only the claims of mappers with "Add to lightweight access token" on. */
export const useLightweightAccessToken: Executor = (ctx) => {
  if (TOKEN_ISSUING.includes(ctx.event) && ctx.effects) ctx.effects.lightweightAccessToken = true;
};
