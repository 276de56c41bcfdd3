import type { AuthSession } from "./auth-session.ts";
import { withOpenIdScope } from "./scope.ts";

/** What makes two sign-ins on a page the same one. */
export interface SignInTarget {
  serverUrl: string;
  realm: string;
  clientId: string;
  scope?: string;
}

const signIns = new Map<string, Promise<AuthSession>>();

const signInKey = (target: SignInTarget) =>
  JSON.stringify([target.serverUrl.replace(/\/$/, ""), target.realm, target.clientId, withOpenIdScope(target.scope)]);

/** Whether the page has started (and not failed) this sign-in: the console page starts it before its element exists. */
export function signInStarted(target: SignInTarget): boolean {
  return signIns.has(signInKey(target));
}

/**
 * The page's sign-in for `target`, started with `start` when there is none yet; a failed one is forgotten, so a
 * later call ('try again') starts a new one. Kept apart from keycloak-js, so that elements given a token by their
 * page never load it.
 */
export function joinSignIn(target: SignInTarget, start: () => Promise<AuthSession>): Promise<AuthSession> {
  const key = signInKey(target);
  let signIn = signIns.get(key);
  if (!signIn) {
    signIn = start();
    signIns.set(key, signIn);
    signIn.catch(() => signIns.delete(key));
  }
  return signIn;
}
