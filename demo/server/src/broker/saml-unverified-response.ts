import { SAML, type Profile } from "@node-saml/node-saml";
import { decryptXml, parseDomFromString, parseXml2JsFromString, xpath } from "@node-saml/node-saml/lib/xml.js";

const SUCCESS = "urn:oasis:names:tc:SAML:2.0:status:Success";
const XMLDSIG = "http://www.w3.org/2000/09/xmldsig#";

/**
 * node-saml with the one path it lacks: a SAMLResponse whose signatures are not checked, for a provider whose
 * "Validate Signatures" is off (Keycloak then skips verification entirely). Everything else — InResponseTo,
 * decryption, the assertion's conditions, audience, subject confirmation and profile — is node-saml's own code.
 */
export class UnverifiedResponseSaml extends SAML {
  /**
   * The profile of a response read without verifying signatures. `wantAssertionsSigned` still requires the
   * assertion to carry a signature, as Keycloak's SAMLEndpoint does, though it is not verified.
   */
  async readUnverifiedResponseAsync(xml: string, wantAssertionsSigned: boolean): Promise<Profile | null> {
    const doc = await parseDomFromString(xml);
    const inResponseTo = xpath.selectAttributes(doc, "/*[local-name()='Response']/@InResponseTo")[0]?.nodeValue ?? null;
    try {
      await this.validateInResponseTo(inResponseTo);
      const status = xpath.selectAttributes(
        doc,
        "/*[local-name()='Response']/*[local-name()='Status']/*[local-name()='StatusCode']/@Value",
      )[0]?.nodeValue;
      if (status !== SUCCESS) throw new Error(`SAML provider answered status ${status ?? "none"}`);
      const assertions = xpath.selectElements(doc, "/*[local-name()='Response']/*[local-name()='Assertion']");
      const encrypted = xpath.selectElements(doc, "/*[local-name()='Response']/*[local-name()='EncryptedAssertion']");
      if (assertions.length + encrypted.length !== 1) throw new Error("Expected exactly one assertion");
      let assertion = assertions[0];
      if (!assertion) {
        if (!this.options.decryptionPvk) throw new Error("No decryption key for encrypted SAML response");
        const decrypted = await parseDomFromString(
          await decryptXml(encrypted[0]!.toString(), this.options.decryptionPvk),
        );
        assertion = xpath.selectElements(decrypted, "/*[local-name()='Assertion']")[0];
        if (!assertion) throw new Error("Invalid EncryptedAssertion content");
      }
      const signed = xpath
        .selectElements(assertion, "./*[local-name()='Signature']")
        .some((element) => element.namespaceURI === XMLDSIG);
      if (wantAssertionsSigned && !signed) throw new Error("Invalid signature: the assertion is not signed");
      return (await this.processValidlySignedAssertionAsync(assertion.toString(), xml, inResponseTo)).profile;
    } catch (error) {
      if (inResponseTo && this.mustValidateInResponseTo(true)) await this.cacheProvider.removeAsync(inResponseTo);
      throw error;
    }
  }

  /** An IdP's LogoutRequest read without verifying its signature ("Validate Signatures" off). */
  async readUnverifiedLogoutRequestAsync(xml: string): Promise<Profile | null> {
    const dom = await parseDomFromString(xml);
    const doc = await parseXml2JsFromString(xml);
    return (await this.processValidlySignedPostRequestAsync(doc, dom)).profile;
  }
}
