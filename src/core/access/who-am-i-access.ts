import type { WhoAmI } from "../api/who-am-i.ts";
import { createAccessChecker, type AccessBasis, type AccessChecker } from "./access-checker.ts";

function accessBasis(whoAmI: WhoAmI, realm: string): AccessBasis {
  const user = whoAmI.displayName || whoAmI.userId;
  if (whoAmI.accessFromToken) return { from: "token", clientId: whoAmI.refusal?.clientId ?? "", user, realm };
  if (whoAmI.refusal) return { from: "failure", message: whoAmI.refusal.detail.message };
  return { from: "who-am-I", user, realm };
}

/** The user's access in `realm` as who-am-I (or the token, when who-am-I was refused) states it. */
export function accessFromWhoAmI(whoAmI: WhoAmI, realm: string): AccessChecker {
  return createAccessChecker(whoAmI.realm_access, realm, accessBasis(whoAmI, realm), whoAmI.admin_permissions?.[realm]);
}
