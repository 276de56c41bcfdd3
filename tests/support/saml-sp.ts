import { SAML, type Profile } from "@node-saml/node-saml";
import * as xmllint from "@authenio/samlify-xmllint-wasm";
import { certificatePem } from "./test-certificate.ts";

export interface SamlSp {
  /** Its entity ID: the SAML client's client ID, the audience the IdP's assertions name. */
  entityId: string;
  /** Its assertion consumer URL (the Response's Destination and Recipient). */
  acsUrl: string;
  /**
   * Checks a posted SAMLResponse as this SP does: valid against the SAML schema, then the signatures by the IdP's
   * certificate, issuer, audience and times.
   */
  validate(samlResponse: string, idpCertificate?: string): Promise<Profile>;
}

/**
 * A SAML service provider on node-saml, the test's own view of an application the server signs users in to: it
 * trusts the IdP's (the realm's) signing certificate, wants the response signed and, when asked, the assertion too.
 */
export function samlServiceProvider(options: {
  entityId: string;
  acsUrl: string;
  idpEntityId: string;
  idpCertificate: string;
  wantAssertionsSigned: boolean;
}): SamlSp {
  return {
    entityId: options.entityId,
    acsUrl: options.acsUrl,
    async validate(samlResponse, idpCertificate = options.idpCertificate) {
      await xmllint.validate(Buffer.from(samlResponse, "base64").toString("utf8"));
      const sp = new SAML({
        callbackUrl: options.acsUrl,
        issuer: options.entityId,
        audience: options.entityId,
        idpIssuer: options.idpEntityId,
        idpCert: certificatePem(idpCertificate),
        wantAuthnResponseSigned: true,
        wantAssertionsSigned: options.wantAssertionsSigned,
        validateInResponseTo: "never" as never,
      });
      const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: samlResponse });
      if (!profile) throw new Error("the response carries no profile");
      return profile;
    },
  };
}
