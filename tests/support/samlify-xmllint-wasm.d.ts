declare module "@authenio/samlify-xmllint-wasm" {
  /** samlify's schema validator: resolves when the XML is valid against the SAML schemas, rejects otherwise. */
  export function validate(xml: string): Promise<true>;
}
