import type { CredentialRecord, GroupRecord, UserRecord } from "../store/types.ts";
import { newId, now } from "../common/ids.ts";
import type { ImportContext } from "./import-context.ts";
import type { CredentialRep, GroupRep, RealmRep, UserRep } from "./representation.ts";
import { hashPassword } from "./password-hash.ts";

export function importGroups(ctx: ImportContext, rep: RealmRep): void {
  const visit = (g: GroupRep, parent: GroupRecord | null, parentPath: string) => {
    const path = `${parentPath}/${g.name}`;
    const record: GroupRecord = {
      id: ctx.idFor("groups", g.id),
      realmId: ctx.realmId,
      name: g.name,
      parentId: parent?.id ?? null,
      attributes: { ...(g.attributes ?? {}) },
      roleIds: ctx.roleIdsFor(g.realmRoles, g.clientRoles, `group ${path}`),
      createdTimestamp: now(),
    };
    if (g.description !== undefined) record.description = g.description;
    ctx.groupIdsByPath.set(path, record.id);
    ctx.put("groups", record);
    for (const child of g.subGroups ?? []) visit(child, record, path);
  };
  for (const g of rep.groups ?? []) visit(g, null, "");
}

/** Stored hashes are kept as they are; plain-text `value` credentials (hand-written imports) are hashed. */
async function importCredentials(reps: CredentialRep[] | undefined): Promise<CredentialRecord[]> {
  const credentials: CredentialRecord[] = [];
  for (const [index, c] of (reps ?? []).entries()) {
    const type = c.type ?? "password";
    let secretData = c.secretData;
    let credentialData = c.credentialData;
    if (secretData === undefined && c.value !== undefined && type === "password") {
      ({ secretData, credentialData } = await hashPassword(c.value));
    }
    if (secretData === undefined) continue;
    credentials.push({
      id: c.id ?? newId(),
      type,
      ...(c.userLabel !== undefined ? { userLabel: c.userLabel } : {}),
      createdDate: c.createdDate ?? now(),
      secretData,
      credentialData: credentialData ?? "{}",
      priority: c.priority ?? (index + 1) * 10,
    });
  }
  return credentials;
}

function attributeLists(attributes: UserRep["attributes"]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(attributes ?? {})) out[k] = Array.isArray(v) ? v.map(String) : [String(v)];
  return out;
}

export async function importUsers(ctx: ImportContext, rep: RealmRep): Promise<void> {
  for (const u of rep.users ?? []) {
    if (!u.username) {
      ctx.warnings.push("user without username skipped");
      continue;
    }
    const username = u.username.toLowerCase();
    const requiredActions = [...(u.requiredActions ?? [])];
    const credentials = await importCredentials(u.credentials);
    if (u.credentials?.some((c) => c.temporary) && !requiredActions.includes("UPDATE_PASSWORD"))
      requiredActions.push("UPDATE_PASSWORD");
    const groupIds: string[] = [];
    for (const path of u.groups ?? []) {
      const id = ctx.groupIdsByPath.get(path.startsWith("/") ? path : `/${path}`);
      if (id) groupIds.push(id);
      else ctx.warnings.push(`user ${username}: unknown group ${path}`);
    }
    const record: UserRecord = {
      id: ctx.idFor("users", u.id),
      realmId: ctx.realmId,
      username,
      enabled: u.enabled ?? true,
      emailVerified: u.emailVerified ?? false,
      attributes: attributeLists(u.attributes),
      requiredActions,
      createdTimestamp: u.createdTimestamp ?? now(),
      notBefore: u.notBefore ?? 0,
      credentials,
      groupIds,
      roleIds: ctx.roleIdsFor(u.realmRoles, u.clientRoles, `user ${username}`),
      federatedIdentities: (u.federatedIdentities ?? []).map((f) => ({
        identityProvider: f.identityProvider,
        userId: f.userId,
        userName: f.userName,
      })),
      consents: [],
    };
    if (u.email) record.email = u.email.toLowerCase();
    if (u.firstName !== undefined) record.firstName = u.firstName;
    if (u.lastName !== undefined) record.lastName = u.lastName;
    if (u.federationLink) record.federationLink = u.federationLink;
    if (u.serviceAccountClientId) {
      const clientInternalId = ctx.clientIds.get(u.serviceAccountClientId);
      if (clientInternalId) record.serviceAccountClientId = clientInternalId;
    }
    for (const consent of u.clientConsents ?? []) {
      record.consents.push({
        clientId: consent.clientId,
        grantedClientScopeIds: (consent.grantedClientScopes ?? [])
          .map((n) => ctx.scopeIds.get(n))
          .filter((id): id is string => !!id),
        createdDate: consent.createdDate ?? now(),
        lastUpdatedDate: consent.lastUpdatedDate ?? now(),
      });
    }
    ctx.userIdsByUsername.set(username, record.id);
    ctx.put("users", record);
  }
}
