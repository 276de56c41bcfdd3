import type { ServerContext } from "../context.ts";
import type { RealmRecord } from "../store/types.ts";
import { HttpError } from "../http/errors.ts";
import { recordEvent } from "../events/record.ts";
import { POLICY_OF } from "./operations.ts";
import { CLIENT_POLICY_REFUSAL } from "./client-policies.ts";
import { refusalDetails } from "../client-policies/events.ts";

export type RegistrationEvent = "CLIENT_REGISTER" | "CLIENT_INFO" | "CLIENT_UPDATE" | "CLIENT_DELETE";

/** Keycloak's event error for each refusal of the registration endpoints. */
const EVENT_ERRORS: Record<string, string> = {
  invalid_token: "invalid_token",
  insufficient_scope: "not_allowed",
  invalid_request: "client_not_found",
};

/**
 * Runs one registration operation and records its event: the type on success, `<type>_ERROR` with Keycloak's error
 * (and the reason of a refused token) when it is refused.
 */
export async function withEvent<T>(
  server: ServerContext,
  realm: RealmRecord,
  ipAddress: string,
  type: RegistrationEvent,
  clientId: string | undefined,
  run: () => Promise<{ result: T; clientId: string }>,
): Promise<T> {
  try {
    const { result, clientId: done } = await run();
    await recordEvent(server, realm, { type, clientId: done, ipAddress });
    return result;
  } catch (error) {
    const refusal = error instanceof HttpError ? CLIENT_POLICY_REFUSAL.get(error) : undefined;
    if (refusal) {
      // Keycloak records a client policy's refusal twice: with the refusal's error, then as not_allowed.
      for (const eventError of [refusal.error, "not_allowed"])
        await recordEvent(server, realm, {
          type: `${type}_ERROR`,
          ...(clientId ? { clientId } : {}),
          ipAddress,
          error: eventError,
          details: refusalDetails(refusal),
        });
      throw error;
    }
    const code = error instanceof HttpError ? String(error.body.error ?? "") : "";
    const eventError = EVENT_ERRORS[code];
    if (eventError) {
      const policy = error instanceof HttpError ? POLICY_OF.get(error) : undefined;
      const description = error instanceof HttpError ? String(error.body.error_description) : "";
      const reason: Record<string, string> | undefined =
        code === "invalid_token"
          ? { reason: description }
          : policy !== undefined
            ? { client_registration_policy: policy }
            : undefined;
      await recordEvent(server, realm, {
        type: `${type}_ERROR`,
        ...(clientId ? { clientId } : {}),
        ipAddress,
        error: eventError,
        ...(reason ? { details: reason } : {}),
      });
    }
    throw error;
  }
}
