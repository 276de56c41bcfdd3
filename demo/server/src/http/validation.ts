import type { FastifyError } from "fastify";
import { unparsableBody } from "../admin/common/body.ts";
import { HttpError, notFound } from "./errors.ts";

/**
 * Ajv's options for every route schema, chosen to read a body as Keycloak's Jackson does: scalars are coerced
 * ("123" for an int, 5 for a string, "true" for a boolean) but never an array or object; nothing is removed or
 * defaulted, so a handler sees what the client sent.
 */
export const AJV_OPTIONS = {
  coerceTypes: true,
  removeAdditional: false,
  useDefaults: false,
  allErrors: false,
  verbose: true,
} as const;

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The path of the offending field as Keycloak names it (`attributes.x`, `redirectUris[0]`). */
function fieldOf(error: AjvError): string {
  return error.instancePath
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join("")
    .replace(/^\./, "");
}

/**
 * Keycloak's answer to a request that fails its schema:
 * - a body Jackson cannot read into the representation (wrong type, array for object, non-JSON):
 *   400 `{"error":"unknown_error","error_description":"Cannot parse the JSON"}` (KeycloakErrorHandler);
 * - a value longer than its column: 400 with the field and `error-invalid-length`, as the user profile answers;
 * - a query or path parameter JAX-RS cannot convert (`first=abc`): 404, as the JAX-RS spec has it.
 */
export function validationAnswer(error: FastifyError): HttpError {
  const first = error.validation?.[0] as AjvError | undefined;
  if (error.validationContext === "querystring" || error.validationContext === "params") return notFound();
  if (first?.keyword === "maxLength" || first?.keyword === "minLength") {
    const field = fieldOf(first);
    const limit = Number(first.params.limit);
    return new HttpError(400, {
      field,
      errorMessage: "error-invalid-length",
      params: first.keyword === "maxLength" ? [field, 0, limit] : [field, limit, ""],
    });
  }
  return unparsableBody();
}

/** Fastify's own 4xx errors that mean "the body is not what the endpoint reads". */
export function isUnreadableBody(error: FastifyError): boolean {
  return (
    error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
    error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
    error instanceof SyntaxError
  );
}
