import { randomBytes } from "node:crypto";
import { now } from "../common/ids.ts";

/** A validated authorization request waiting for the user to sign in (Keycloak's authentication session). */
export interface AuthRequest {
  tabId: string;
  realmId: string;
  clientId: string;
  redirectUri: string;
  responseMode: ResponseMode;
  scope: string;
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  loginHint?: string;
  /** Set once the user's credentials were checked while a required action (UPDATE_PASSWORD) is still pending. */
  authenticatedUserId?: string;
  rememberMe?: boolean;
  expires: number;
}

export type ResponseMode = "query" | "fragment" | "form_post";

const pending = new Map<string, AuthRequest>();

export function saveAuthRequest(request: Omit<AuthRequest, "tabId" | "expires">, lifespanSeconds: number): AuthRequest {
  const at = now();
  for (const [id, old] of pending) if (old.expires < at) pending.delete(id);
  const saved: AuthRequest = {
    ...request,
    tabId: randomBytes(16).toString("base64url"),
    expires: at + lifespanSeconds * 1000,
  };
  pending.set(saved.tabId, saved);
  return saved;
}

export function findAuthRequest(tabId: string | undefined, realmId: string): AuthRequest | undefined {
  const request = tabId ? pending.get(tabId) : undefined;
  if (!request || request.realmId !== realmId || request.expires < now()) return undefined;
  return request;
}

export function dropAuthRequest(tabId: string): void {
  pending.delete(tabId);
}
