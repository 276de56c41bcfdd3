import { DOMParser, XMLSerializer } from "@xmldom/xmldom";
import type { SamlConfig } from "@node-saml/node-saml";
import { signAuthnRequestPost } from "@node-saml/node-saml/lib/saml-post-signing.js";
import { isValidSamlSigningOptions } from "@node-saml/node-saml/lib/types.js";
import { UnverifiedResponseSaml } from "./saml-unverified-response.ts";

const SAML_PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";
const SAML_ASSERTION = "urn:oasis:names:tc:SAML:2.0:assertion";
/** The ProtocolBinding node-saml writes into every AuthnRequest. */
const NODE_SAML_PROTOCOL_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";

/**
 * node-saml's service provider with the AuthnRequest Keycloak's SAML broker sends: node-saml writes the requested
 * AuthnContext's ClassRefs only, so the DeclRefs ("AuthnContext DeclRefs") are added after them, and it always asks
 * for the response by HTTP-POST, so the ProtocolBinding is set to the one the provider's settings ask for
 * (`protocolBinding`), through node-saml's protected request generator, before node-saml signs a POST-binding request
 * (the redirect binding is signed later, over the query, by node-saml too).
 */
export class BrokerSaml extends UnverifiedResponseSaml {
  constructor(
    options: SamlConfig,
    private readonly authnContextDeclRefs: string[] = [],
    private readonly protocolBinding = NODE_SAML_PROTOCOL_BINDING,
  ) {
    super(
      authnContextDeclRefs.length
        ? { ...options, disableRequestedAuthnContext: false, authnContext: options.authnContext ?? [] }
        : options,
    );
  }

  protected override async generateAuthorizeRequestAsync(isPassive: boolean, isHttpPostBinding: boolean) {
    if (!this.authnContextDeclRefs.length && this.protocolBinding === NODE_SAML_PROTOCOL_BINDING)
      return super.generateAuthorizeRequestAsync(isPassive, isHttpPostBinding);
    const xml = await super.generateAuthorizeRequestAsync(isPassive, false);
    const doc = new DOMParser().parseFromString(xml, "text/xml");
    doc.documentElement?.setAttribute("ProtocolBinding", this.protocolBinding);
    const requested = doc.getElementsByTagNameNS(SAML_PROTOCOL, "RequestedAuthnContext")[0];
    if (this.authnContextDeclRefs.length && !requested) throw new Error("node-saml wrote no RequestedAuthnContext");
    for (const declRef of this.authnContextDeclRefs) {
      const element = doc.createElementNS(SAML_ASSERTION, "saml:AuthnContextDeclRef");
      element.appendChild(doc.createTextNode(declRef));
      requested!.appendChild(element);
    }
    const request = new XMLSerializer().serializeToString(doc);
    return isHttpPostBinding && isValidSamlSigningOptions(this.options)
      ? signAuthnRequestPost(request, this.options)
      : request;
  }
}
