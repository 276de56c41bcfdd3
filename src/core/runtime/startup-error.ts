import { errorMessage, responseStatus } from "../api/api-error.ts";
import { TokenSourceError } from "../auth/token-source-error.ts";

/** Where an element's start failed. */
export type StartupStage = "token" | "who-am-I" | "server-info" | "translations" | "network";

/** The `detail` of a `kc-error` event. */
export interface KcErrorDetail {
  stage: StartupStage;
  /** The HTTP status the server answered, when it answered. */
  status?: number;
  message: string;
}

/**
 * Classifies a failed call made while starting: a token source failure or a token the server
 * rejected (401) is `token` whatever call it was for, a call that got no answer is `network`,
 * anything else belongs to the stage that made it.
 */
export function startupErrorDetail(stage: StartupStage, error: unknown): KcErrorDetail {
  const message = errorMessage(error);
  if (error instanceof TokenSourceError)
    return error.status ? { stage: "token", status: error.status, message } : { stage: "token", message };
  const status = responseStatus(error);
  if (status === 401) return { stage: "token", status, message };
  if (status === undefined && error instanceof TypeError) return { stage: "network", message };
  return status === undefined ? { stage, message } : { stage, status, message };
}

const reported = new WeakMap<EventTarget, WeakSet<object>>();

/**
 * Dispatches `kc-error` (bubbling, composed) from the element, once per failure object, so a
 * cached failure that a remounted screen reads again is not announced twice.
 */
export function reportStartupError(host: EventTarget, failure: object, detail: KcErrorDetail): void {
  let seen = reported.get(host);
  if (!seen) reported.set(host, (seen = new WeakSet()));
  if (seen.has(failure)) return;
  seen.add(failure);
  host.dispatchEvent(new CustomEvent<KcErrorDetail>("kc-error", { bubbles: true, composed: true, detail }));
}
