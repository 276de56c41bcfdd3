import type { FastifyRequest } from "fastify";
import { HttpError } from "../../http/errors.ts";

type Query = Record<string, string | string[] | undefined>;

export const paramsOf = (req: FastifyRequest) => req.params as Record<string, string>;
export const queryOf = (req: FastifyRequest) => (req.query ?? {}) as Query;

export function stringParam(query: Query, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
}

export function boolParam(query: Query, name: string): boolean | undefined {
  const value = stringParam(query, name);
  return value === undefined ? undefined : value.toLowerCase() === "true";
}

export function intParam(query: Query, name: string): number | undefined {
  const value = stringParam(query, name);
  if (value === undefined || value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isInteger(number) ? number : undefined;
}

/** The JSON object body of a request, or 400 when it is something else. */
export function objectBody(req: FastifyRequest): Record<string, unknown> {
  const body = req.body;
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new HttpError(400, { error: "unknown_error", errorMessage: "Invalid request body" });
  return body as Record<string, unknown>;
}

/** Keycloak's answer to a JAX-RS WebApplicationException (e.g. BadRequestException("Empty password")). */
export const webError = (status: number, message: string) => new HttpError(status, { error: message, errorMessage: message });

/** Keycloak's answer to an unexpected exception. */
export const unknownError = () =>
  new HttpError(500, { error: "unknown_error", error_description: "For more on this error consult the server log." });
