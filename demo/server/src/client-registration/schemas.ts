import { Type } from "typebox";
import { AnyObject, Bool, Name, Representation, Str, StrList } from "../admin/common/schemas.ts";

/** RFC 7591 client metadata as Keycloak's OIDCClientRepresentation reads it (unknown fields are ignored). */
export const OidcClientMetadataSchema = Representation("OIDCClientRepresentation", {
  client_id: Name(),
  client_secret: Str(),
  client_name: Str(),
  client_uri: Str(),
  logo_uri: Str(),
  policy_uri: Str(),
  tos_uri: Str(),
  redirect_uris: StrList(),
  post_logout_redirect_uris: StrList(),
  default_acr_values: StrList(),
  response_types: StrList(),
  grant_types: StrList(),
  token_endpoint_auth_method: Name(),
  scope: Str(),
  jwks_uri: Str(),
  jwks: AnyObject(),
  contacts: StrList(),
  subject_type: Name(),
  sector_identifier_uri: Str(),
  backchannel_logout_uri: Str(),
  backchannel_logout_session_required: Bool(),
  backchannel_logout_revoke_offline_tokens: Bool(),
  frontchannel_logout_uri: Str(),
  frontchannel_logout_session_required: Bool(),
  require_pushed_authorization_requests: Bool(),
  tls_client_certificate_bound_access_tokens: Bool(),
  dpop_bound_access_tokens: Bool(),
  registration_access_token: Str(),
  registration_client_uri: Str(),
});

export const ClientIdParams = Type.Object({ realm: Type.String(), clientId: Type.String() });
