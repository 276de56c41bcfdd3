import type { ServerContext } from "../context.ts";
import { importRealm } from "../realm/import.ts";
import type { RealmRep } from "../realm/representation.ts";
import { templateUserProfile } from "../realm/template.ts";
import { SEED_PASSWORD_HASHES } from "./seed-password-hashes.ts";
import { demoPeople } from "./demo-people.ts";

export function demoRealmRep(): RealmRep {
  return {
    realm: "demo",
    displayName: "Demo",
    enabled: true,
    organizationsEnabled: true,
    eventsEnabled: true,
    adminEventsEnabled: true,
    adminEventsDetailsEnabled: true,
    internationalizationEnabled: true,
    supportedLocales: ["en", "de", "fr"],
    defaultLocale: "en",
    roles: {
      realm: [
        { name: "user", description: "Regular user" },
        { name: "auditor", description: "Can read audit data" },
        {
          name: "manager",
          description: "Manages a team",
          composite: true,
          composites: { realm: ["user", "auditor"], client: { portal: ["viewer"] } },
        },
      ],
      client: {
        portal: [
          { name: "viewer", description: "Reads portal content" },
          {
            name: "editor",
            description: "Edits portal content",
            composite: true,
            composites: { client: { portal: ["viewer"] } },
          },
        ],
        "backend-api": [{ name: "read" }, { name: "write" }],
        "orders-service": [{ name: "uma_protection" }],
      },
    },
    groups: [
      {
        name: "Engineering",
        attributes: { costCenter: ["1000"] },
        realmRoles: ["user"],
        subGroups: [
          {
            name: "Backend",
            subGroups: [
              {
                name: "Platform",
                clientRoles: { "backend-api": ["read", "write"] },
                subGroups: [{ name: "Core", subGroups: [{ name: "Kernel" }] }],
              },
            ],
          },
          { name: "Frontend", clientRoles: { portal: ["viewer"] } },
        ],
      },
      { name: "Sales", attributes: { costCenter: ["2000"] }, subGroups: [{ name: "EMEA" }, { name: "Americas" }] },
      { name: "Support", realmRoles: ["auditor"] },
    ],
    defaultGroups: ["/Support"],
    clients: [
      {
        clientId: "spa",
        name: "Single-page app",
        publicClient: true,
        standardFlowEnabled: true,
        directAccessGrantsEnabled: false,
        // Keycloak lets a loopback redirect URI without a port match any port (RFC 8252) and never reads ':*' as one.
        redirectUris: ["http://127.0.0.1:*/*", "http://localhost:*/*", "http://127.0.0.1/*", "http://localhost/*"],
        webOrigins: ["+"],
        attributes: { "pkce.code.challenge.method": "S256", "post.logout.redirect.uris": "+" },
        protocol: "openid-connect",
      },
      {
        clientId: "portal",
        name: "Customer portal",
        publicClient: false,
        secret: "portal-secret",
        clientAuthenticatorType: "client-secret",
        serviceAccountsEnabled: true,
        standardFlowEnabled: true,
        redirectUris: ["http://127.0.0.1:*/*"],
        webOrigins: ["+"],
        protocol: "openid-connect",
        attributes: {},
      },
      {
        clientId: "backend-api",
        name: "Backend API",
        bearerOnly: true,
        publicClient: false,
        protocol: "openid-connect",
        attributes: {},
      },
      {
        clientId: "orders-service",
        name: "Orders service",
        description: "Resource server with authorization services",
        publicClient: false,
        secret: "orders-secret",
        clientAuthenticatorType: "client-secret",
        serviceAccountsEnabled: true,
        authorizationServicesEnabled: true,
        standardFlowEnabled: true,
        redirectUris: ["http://127.0.0.1:*/*"],
        webOrigins: ["+"],
        protocol: "openid-connect",
        attributes: {},
      },
      {
        clientId: "https://sp.example.com/saml",
        name: "SAML service provider",
        protocol: "saml",
        rootUrl: "https://sp.example.com",
        adminUrl: "https://sp.example.com/saml",
        redirectUris: ["https://sp.example.com/*"],
        frontchannelLogout: true,
        attributes: {
          "saml.authnstatement": "true",
          "saml.server.signature": "true",
          "saml.client.signature": "false",
          "saml.signature.algorithm": "RSA_SHA256",
          saml_name_id_format: "username",
          saml_signature_canonicalization_method: "http://www.w3.org/2001/10/xml-exc-c14n#",
        },
      },
    ],
    users: [
      ...demoPeople(),
      {
        username: "helpdesk",
        email: "helpdesk@example.com",
        firstName: "Help",
        lastName: "Desk",
        enabled: true,
        emailVerified: true,
        credentials: [{ type: "password", ...SEED_PASSWORD_HASHES.helpdesk }],
        realmRoles: ["default-roles-demo"],
        clientRoles: { "realm-management": ["query-users", "view-users", "query-groups"] },
      },
      {
        username: "service-account-portal",
        enabled: true,
        serviceAccountClientId: "portal",
        realmRoles: ["default-roles-demo"],
        clientRoles: {
          "realm-management": [
            "manage-users",
            "view-users",
            "query-users",
            "query-groups",
            "view-realm",
            "view-clients",
          ],
        },
      },
      {
        username: "service-account-orders-service",
        enabled: true,
        serviceAccountClientId: "orders-service",
        realmRoles: ["default-roles-demo"],
        clientRoles: { "orders-service": ["uma_protection"] },
      },
    ],
    organizations: [
      {
        name: "Acme",
        alias: "acme",
        description: "Acme Corporation",
        domains: [{ name: "acme.example.com", verified: true }],
        members: [{ username: "alice.anderson" }, { username: "bob.brown" }, { username: "carol.chen" }],
      },
      {
        name: "Globex",
        alias: "globex",
        description: "Globex Corporation",
        redirectUrl: "https://globex.example.com",
        domains: [{ name: "globex.example.com", verified: false }],
        members: [{ username: "david.dubois" }, { username: "erin.eriksen" }],
      },
    ],
    // the default user profile with unmanaged attributes enabled, so the demo users' extra attributes show
    components: templateUserProfile("demo", (config) => ({ ...config, unmanagedAttributePolicy: "ENABLED" })),
  };
}

export async function seedDemoRealm(server: ServerContext): Promise<void> {
  await importRealm(server, demoRealmRep());
}
