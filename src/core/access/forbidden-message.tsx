import { EmptyState, EmptyStateBody } from "@patternfly/react-core/dist/esm/components/EmptyState/index.js";
import { LockIcon } from "@patternfly/react-icons/dist/esm/icons/lock-icon.js";
import { useCoreMessages } from "../i18n/use-messages.ts";
import type { AccessChecker } from "./access-checker.ts";
import { useOptionalAccess } from "./access-context.tsx";
import type { AccessName } from "./access-names.ts";

/** Why the access falls short: what the token or who-am-I granted, or why nothing is known. */
function ForbiddenReason({ access, permissions }: { access: AccessChecker; permissions: string[] }) {
  const { t } = useCoreMessages();
  const basis = access.basis;
  if (!basis) return null;
  if (basis.from === "failure")
    return <p data-testid="forbidden-reason">{t("forbiddenReasonFailure", { message: basis.message })}</p>;
  const missing = permissions.filter((name) => !access.hasAccess(name as AccessName)).join(", ");
  if (!missing) return null;
  const values = { user: basis.user, realm: basis.realm, missing, interpolation: { escapeValue: false } };
  return (
    <p data-testid="forbidden-reason">
      {basis.from === "token"
        ? t("forbiddenReasonToken", { ...values, clientId: basis.clientId })
        : t("forbiddenReasonWhoAmI", values)}
    </p>
  );
}

/** Shown in place of a route the user may not open; lists what is missing and why. */
export function ForbiddenMessage({ permissions }: { permissions: string[] }) {
  const { t } = useCoreMessages();
  const access = useOptionalAccess();
  return (
    <EmptyState titleText={t("forbiddenTitle")} headingLevel="h1" icon={LockIcon} data-testid="forbidden">
      <EmptyStateBody>
        {t("forbidden", { count: permissions.length })} <strong>{permissions.join(", ")}</strong>
        {access && <ForbiddenReason access={access} permissions={permissions} />}
      </EmptyStateBody>
    </EmptyState>
  );
}
