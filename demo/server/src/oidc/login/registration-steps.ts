import { flowByAlias } from "../../admin/authentication/lookup.ts";
import { stepName } from "./authenticators.ts";
import type { LoginContext } from "./login-context.ts";

/** What the realm's bound registration flow asks of the register page (Keycloak's form actions). */
export interface RegistrationSteps {
  password: boolean;
  terms: boolean;
}

const FORM = "registration-page-form";
const PROFILE = "registration-user-creation";
const PASSWORD = "registration-password-action";
const TERMS = "registration-terms-and-conditions";

const enabled = (requirement: string) => requirement !== "DISABLED";

/**
 * The steps of the realm's `registrationFlow` (by its definition, not a fixed list): the register page's form actions,
 * or the reason this server cannot run it (a missing flow, no user creation, a step it does not have such as reCAPTCHA).
 */
export function registrationSteps(ctx: LoginContext): RegistrationSteps | { unsupported: string } {
  const alias =
    typeof ctx.realm.settings.registrationFlow === "string" ? ctx.realm.settings.registrationFlow : "registration";
  const flow = flowByAlias(ctx.server, ctx.realm, alias);
  if (!flow) return { unsupported: `The realm's registration flow "${alias}" does not exist.` };
  const steps = { profile: false, password: false, terms: false };
  for (const execution of flow.executions.filter((e) => enabled(e.requirement))) {
    const form =
      execution.authenticatorFlow && execution.flowId ? ctx.server.db.get("authFlows", execution.flowId) : undefined;
    if (!form || execution.authenticator !== FORM)
      return {
        unsupported: `The registration step ${stepName(execution.authenticator)} is not supported by this server.`,
      };
    for (const action of form.executions.filter((e) => enabled(e.requirement))) {
      if (action.authenticator === PROFILE) steps.profile = true;
      else if (action.authenticator === PASSWORD) steps.password = true;
      else if (action.authenticator === TERMS) steps.terms = true;
      else
        return {
          unsupported: `The registration step ${stepName(action.authenticator)} is not supported by this server.`,
        };
    }
  }
  if (!steps.profile)
    return { unsupported: `The realm's registration flow "${alias}" has no step that creates the user.` };
  return { password: steps.password, terms: steps.terms };
}
