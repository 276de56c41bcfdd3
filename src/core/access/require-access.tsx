import type { ReactNode } from "react";
import { ForbiddenMessage } from "./forbidden-message.tsx";
import { ruleNames, satisfies, type AccessRule } from "./access-checker.ts";
import { useAccess } from "./access-context.tsx";

/** Renders children only when the user satisfies the rule; otherwise the forbidden message listing what is needed. */
export function RequireAccess({
  rule,
  children,
  forbidden,
}: {
  rule: AccessRule;
  children: ReactNode;
  forbidden?: (permissions: string[]) => ReactNode;
}) {
  const access = useAccess();
  if (satisfies(access, rule)) return <>{children}</>;
  const permissions = ruleNames(rule);
  return <>{forbidden ? forbidden(permissions) : <ForbiddenMessage permissions={permissions} />}</>;
}
