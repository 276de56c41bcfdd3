import type { ServerContext } from "../../context.ts";
import type { ClientRecord, RealmRecord } from "../../store/types.ts";
import { clientAcrProblems } from "./client-acr.ts";
import { clientUrlProblems, invalidInput } from "./client-urls.ts";

/**
 * Keycloak's validation of a client being created or updated (DefaultClientValidationProvider): its URLs, then its
 * ACR settings; every problem at once, joined by "; ", as 400 `invalid_input`.
 */
export function checkClient(
  server: ServerContext,
  realm: RealmRecord,
  input: Record<string, unknown>,
  stored?: ClientRecord,
): void {
  const problems = [...clientUrlProblems(input), ...clientAcrProblems(server, realm, input, stored)];
  if (problems.length > 0) throw invalidInput(problems.join("; "));
}
