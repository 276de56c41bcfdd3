import type { ReactNode } from "react";
import { ForbiddenMessage } from "./forbidden-message.tsx";
import { ruleNames, satisfies, type AccessRule } from "./access-checker.ts";
import { useAccess } from "./access-context.tsx";

/** Renders children only when the user satisfies the rule; otherwise the forbidden message. */
export function RequireAccess({ rule, children }: { rule: AccessRule; children: ReactNode }) {
  const access = useAccess();
  if (satisfies(access, rule)) return <>{children}</>;
  return <ForbiddenMessage permissions={ruleNames(rule)} />;
}
