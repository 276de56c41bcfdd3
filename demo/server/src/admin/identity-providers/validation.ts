import { badRequest } from "../../http/errors.ts";
import { objectBody, stringMapOf } from "../common/body.ts";
import { catalog } from "../server-info/catalog.ts";
import { checkOidcConfig } from "./oidc-config-checks.ts";
import { checkProviderUrls } from "./provider-urls.ts";
import { checkSamlConfig } from "./saml-config-checks.ts";
import { storedIdentityProviderFields, withoutEmptyValues } from "./representation.ts";

const ALIAS_PATTERN = /^[A-Za-z0-9._~-]+$/;

/** Reads an IdentityProviderRepresentation into the record's alias and rep (every other field). */
export function readIdentityProvider(body: unknown): { alias: string; rep: Record<string, unknown> } {
  const input = objectBody(body);
  const alias = typeof input.alias === "string" ? input.alias.trim() : "";
  if (!alias) throw badRequest("Alias must be specified");
  if (!ALIAS_PATTERN.test(alias)) throw badRequest("Invalid alias");
  if (typeof input.providerId !== "string" || !input.providerId) throw badRequest("Invalid identity provider id");
  if (!catalog().identityProviders.some((provider) => provider.id === input.providerId))
    throw badRequest(`Invalid identity provider id [${input.providerId}]`);
  const { alias: _alias, internalId: _internalId, config, ...rest } = input;
  const checkedConfig = withoutEmptyValues(stringMapOf(config));
  checkProviderUrls(checkedConfig);
  checkOidcConfig(input.providerId, checkedConfig);
  checkSamlConfig(input.providerId, checkedConfig);
  return { alias, rep: storedIdentityProviderFields({ ...rest, config: checkedConfig }) };
}
