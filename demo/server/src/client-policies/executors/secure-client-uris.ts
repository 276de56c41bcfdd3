import type { Executor } from "../types.ts";
import { ClientPolicyError } from "../types.ts";
import { invalidClientMetadata } from "./client-metadata.ts";

/** Client attributes holding one URL, with the name Keycloak gives it in its refusal. */
const SINGLE_URL_ATTRIBUTES: [string, string][] = [
  ["backchannel.logout.url", "logoutUrl"],
  ["frontchannel.logout.url", "frontChannelLogoutUrl"],
  ["jwks.url", "jwksUri"],
  ["ciba.backchannel.client.notification.endpoint", "cibaClientNotificationEndpoint"],
  ["logoUri", "logoUri"],
  ["tosUri", "tosUri"],
  ["policyUri", "policyUri"],
];

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];

/** A `+` entry stands for the redirect URIs (as origins for web origins). */
function resolvePlus(values: string[], redirectUris: string[], asOrigins: boolean): string[] {
  return values.flatMap((value) => {
    if (value !== "+") return [value];
    return redirectUris.map((uri) => {
      if (!asOrigins) return uri;
      try {
        return new URL(uri).origin;
      } catch {
        return uri;
      }
    });
  });
}

function confirmSecure(uris: string[], kind: string): void {
  for (const uri of uris)
    if (uri !== "" && (!uri.startsWith("https://") || uri.includes("*")))
      throw invalidClientMetadata(`Invalid ${kind}`);
}

function confirmClientUris(rep: Record<string, unknown>): void {
  const attributes = (rep.attributes ?? {}) as Record<string, unknown>;
  for (const field of ["rootUrl", "adminUrl", "baseUrl"]) confirmSecure(strings(rep[field]), field);
  for (const [attribute, kind] of SINGLE_URL_ATTRIBUTES.slice(0, 2))
    confirmSecure(strings(attributes[attribute]), kind);
  const redirectUris = strings(rep.redirectUris);
  confirmSecure(redirectUris, "redirectUris");
  confirmSecure(resolvePlus(strings(rep.webOrigins), redirectUris, true), "webOrigins");
  confirmSecure(strings(attributes["jwks.url"]), "jwksUri");
  confirmSecure(
    String(attributes["request.uris"] ?? "")
      .split("##")
      .filter(Boolean),
    "requestUris",
  );
  confirmSecure(strings(attributes["ciba.backchannel.client.notification.endpoint"]), "cibaClientNotificationEndpoint");
  const postLogout = String(attributes["post.logout.redirect.uris"] ?? "")
    .split("##")
    .filter(Boolean);
  confirmSecure(resolvePlus(postLogout, redirectUris, false), "postLogoutUris");
  for (const [attribute, kind] of SINGLE_URL_ATTRIBUTES.slice(4)) confirmSecure(strings(attributes[attribute]), kind);
}

/** Every URL of a client is https and without wildcards; so is the redirect_uri of an authorization request. */
export const secureClientUris: Executor = (ctx) => {
  if (ctx.event === "REGISTER" || ctx.event === "UPDATE") {
    const rep = ctx.proposed!;
    confirmClientUris(rep);
    // The root URL stands in for missing redirect URIs, so that no wildcard one is derived later.
    if (ctx.event === "REGISTER" && typeof rep.rootUrl === "string" && strings(rep.redirectUris).length === 0)
      rep.redirectUris = [rep.rootUrl];
  } else if (ctx.event === "AUTHORIZATION_REQUEST") {
    const redirectUri = ctx.authorization?.redirectUri;
    if (!redirectUri) throw new ClientPolicyError("invalid_request", "no redirect_uri specified.");
    if (redirectUri.includes("*") || !redirectUri.startsWith("https://"))
      throw new ClientPolicyError("invalid_request", "Invalid redirect_uri");
  }
};
