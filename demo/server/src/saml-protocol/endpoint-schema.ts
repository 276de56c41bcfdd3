/**
 * The fields the SAML endpoint reads, from the query (HTTP-Redirect binding) or the form body (HTTP-POST binding).
 * Each is a string; a repeated query parameter is a list of strings, of which Keycloak's JAX-RS reads the first.
 * Other fields are allowed and ignored, as Keycloak ignores them.
 */
const Field = { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] } as const;

export const SamlMessageFields = {
  type: "object",
  properties: {
    SAMLRequest: Field,
    SAMLResponse: Field,
    RelayState: Field,
    SigAlg: Field,
    Signature: Field,
  },
} as const;

type FieldValue = string | string[] | undefined;

export interface SamlFields {
  SAMLRequest?: FieldValue;
  SAMLResponse?: FieldValue;
  RelayState?: FieldValue;
  SigAlg?: FieldValue;
  Signature?: FieldValue;
}

/** A field's value as JAX-RS's @QueryParam / @FormParam gives it: the first of a repeated one. */
export const firstValue = (value: FieldValue): string | undefined => (Array.isArray(value) ? value[0] : value);

/** Whether a POST carries a form, the only body Keycloak's endpoint consumes. */
export const isFormBody = (contentType: string | undefined) =>
  (contentType ?? "").split(";")[0]!.trim().toLowerCase() === "application/x-www-form-urlencoded";
