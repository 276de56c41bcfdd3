import type { FastifyReply } from "fastify";
import { recordEvent } from "../../events/record.ts";
import { escapeHtml, HTML_SECURITY_HEADERS, themePage } from "../html.ts";
import { realmTitle } from "../error-page.ts";
import { errorToClient } from "./after-authentication.ts";
import { requiredActionUrl } from "./login-context.ts";
import type { RequiredActionHandler } from "./required-action-handlers.ts";

const ALIAS = "TERMS_AND_CONDITIONS";

/** TERMS_AND_CONDITIONS: accepting stores the time in the user's `terms_and_conditions` attribute; declining ends the login. */
export const termsAndConditions: RequiredActionHandler = {
  show(ctx) {
    const body = `<p class="kc-realm" id="kc-header-wrapper">${escapeHtml(realmTitle(ctx.realm))}</p>
<h1 id="kc-page-title">Terms and Conditions</h1>
<div id="kc-terms-text" class="kc-info">Terms and conditions to be defined</div>
<form id="kc-terms-form" class="kc-buttons" action="${escapeHtml(requiredActionUrl(ctx, ALIAS))}" method="post">
<input type="submit" id="kc-accept" name="accept" value="Accept">
<input type="submit" id="kc-decline" class="kc-secondary" name="cancel" value="Decline">
</form>`;
    return ctx.reply.status(200).headers(HTML_SECURITY_HEADERS).send(themePage("Terms and Conditions", body));
  },
  async process(ctx, user, form): Promise<"done" | FastifyReply> {
    const event = { clientId: ctx.client.clientId, userId: user.id, ipAddress: ctx.req.ip };
    if (form.cancel !== undefined || form.accept === undefined) {
      await recordEvent(ctx.server, ctx.realm, {
        ...event,
        type: "CUSTOM_REQUIRED_ACTION_ERROR",
        error: "rejected_by_user",
        details: { custom_required_action: ALIAS },
      });
      return errorToClient(ctx, "access_denied");
    }
    const fresh = ctx.server.db.get("users", user.id) ?? user;
    const attributes = { ...fresh.attributes, terms_and_conditions: [String(Math.floor(Date.now() / 1000))] };
    await ctx.server.db.write((tx) => tx.put("users", { ...fresh, attributes }));
    await recordEvent(ctx.server, ctx.realm, {
      ...event,
      type: "CUSTOM_REQUIRED_ACTION",
      details: { custom_required_action: ALIAS },
    });
    return "done";
  },
};
