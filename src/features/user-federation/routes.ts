import { lazyPage } from "../../core/routing/lazy-page.ts";
import type { ConsoleRoute } from "../../core/routing/console-route.ts";

const UserFederationPage = lazyPage(() => import("./user-federation-page.tsx"));
const LdapProviderPage = lazyPage(() => import("./ldap/ldap-provider-page.tsx"));
const KerberosProviderPage = lazyPage(() => import("./kerberos/kerberos-provider-page.tsx"));
const LdapMapperPage = lazyPage(() => import("./ldap/ldap-mapper-page.tsx"));
const CustomProviderPage = lazyPage(() => import("./custom-provider-page.tsx"));

const route = (path: string, component: ConsoleRoute["component"]): ConsoleRoute => ({
  path,
  access: "view-realm",
  component,
  breadcrumb: "userFederation",
});

/** Spec §2 User federation (view-realm): the cards page, the LDAP and Kerberos forms, other provider types. */
export const userFederationRoutes: ConsoleRoute[] = [
  route("user-federation", UserFederationPage),
  route("user-federation/ldap", UserFederationPage),
  route("user-federation/kerberos", UserFederationPage),
  route("user-federation/ldap/new", LdapProviderPage),
  route("user-federation/ldap/:id", LdapProviderPage),
  route("user-federation/ldap/:id/:tab", LdapProviderPage),
  route("user-federation/ldap/:id/mappers/:mapperId", LdapMapperPage),
  route("user-federation/kerberos/new", KerberosProviderPage),
  route("user-federation/kerberos/:id", KerberosProviderPage),
  route("user-federation/:providerId/new", CustomProviderPage),
  route("user-federation/:providerId/:id", CustomProviderPage),
];
