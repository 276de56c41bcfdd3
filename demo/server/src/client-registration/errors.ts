import { HttpError } from "../http/errors.ts";

/** Keycloak's ErrorResponseException body of the registration endpoints: an OAuth error code and its description. */
export const registrationError = (status: number, error: string, description: string) =>
  new HttpError(status, { error, error_description: description });

export const invalidToken = (description: string) => registrationError(401, "invalid_token", description);
export const insufficientScope = (description = "Forbidden") =>
  registrationError(403, "insufficient_scope", description);
export const invalidClientMetadata = (description: string) =>
  registrationError(400, "invalid_client_metadata", description);
export const clientNotFound = () => registrationError(404, "invalid_request", "Client not found");
