import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createHash, randomBytes } from "node:crypto";
import * as samlifyModule from "samlify";
import * as xmllintValidator from "@authenio/samlify-xmllint-wasm";
import { DOMParser } from "@xmldom/xmldom";
import { signXml, validateSignature } from "@node-saml/node-saml/lib/xml.js";
import { testCertificate, type TestCertificate } from "./test-certificate.ts";

// samlify is CommonJS: under ESM its SamlLib and Utility are only on the default export
const samlify = ((samlifyModule as unknown as { default?: typeof samlifyModule }).default ??
  samlifyModule) as typeof samlifyModule;
samlify.setSchemaValidator(xmllintValidator);

const POST = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";
const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const BASIC = "urn:oasis:names:tc:SAML:2.0:attrname-format:basic";
const ARTIFACT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Artifact";
const SAML_PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";
const SOAP_ENVELOPE = "http://schemas.xmlsoap.org/soap/envelope/";

type HttpRequest = { query?: Record<string, string>; body?: Record<string, string>; octetString?: string };

export interface SamlIdpUser {
  password: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Sent as the multi-valued `role` attribute. */
  roles?: string[];
  /** More attributes, by name, whose value is XML sent as it is (not escaped), as IdPs send structured values. */
  xmlAttributes?: Record<string, string>;
}

export interface SamlIdp {
  url: string;
  /** The IdP's metadata (EntityDescriptor with its signing certificate and SSO services). */
  metadataUrl: string;
  entityId: string;
  /** Its signing certificate, base64 DER as Keycloak's `signingCertificate` holds it. */
  readonly signingCertificate: string;
  /** Signs with a new key from now on (and its metadata says so), as an IdP rotating its key. */
  rotateSigningKey(): void;
  /** Trusts the service provider whose descriptor this URL serves (read again on every request). */
  trustServiceProvider(descriptorUrl: string): void;
  /** AuthnRequests received: binding and whether they carried a signature. */
  requests: { binding: "redirect" | "post"; signed: boolean; issuer: string; xml: string }[];
  /** Sign-ins answered: the NameID and the SessionIndex of each assertion. */
  logins: { nameID: string; sessionIndex: string }[];
  /** What the service providers POSTed to the Single Logout Service. */
  logouts: SamlLogoutMessage[];
  /**
   * A LogoutRequest of this IdP for the service provider whose descriptor URL is given: signed, base64 for the POST
   * binding, or, with `binding: "redirect"`, the whole URL to the SP's Single Logout Service with a signed query.
   */
  logoutRequest(
    descriptorUrl: string,
    nameID: string,
    sessionIndex?: string,
    options?: { binding?: "post" | "redirect"; relayState?: string },
  ): Promise<string>;
  /**
   * An unsolicited signed login response for the user, as this IdP's IdP-initiated SSO sends it to the service
   * provider whose descriptor URL is given, addressed to `destination`: base64 for the POST binding.
   */
  unsolicitedResponse(descriptorUrl: string, username: string, destination: string): Promise<string>;
  /** Users signed in at the IdP (its session cookie), by username. */
  signedIn(): string[];
  /** The ArtifactResolves its Artifact Resolution Service (`/artifact`, SOAP) received. */
  artifactResolves: SamlArtifactResolve[];
  /**
   * How `/artifact` answers from now on: the ArtifactResponse signed by the IdP's key (default), another key, or not
   * at all; `editResponse` rewrites the Response XML it carries; `messageName` names another message instead.
   */
  artifactAnswer: { sign: "idp" | "other" | "none"; editResponse?: (xml: string) => string; messageName?: string };
  close(): Promise<void>;
}

export interface SamlArtifactResolve {
  issuer?: string;
  destination?: string;
  artifact?: string;
  signed: boolean;
  /** Whether its signature verified with the signing certificate of the service provider that issued it. */
  signatureValid: boolean;
  soapAction?: string;
}

export interface SamlLogoutMessage {
  kind: "LogoutRequest" | "LogoutResponse";
  /** How it came: by an auto-submitted form or a redirect (set for what reached `/slo`). */
  binding?: "post" | "redirect";
  issuer?: string;
  nameID?: string;
  sessionIndex?: string;
  inResponseTo?: string;
  status?: string;
  signed: boolean;
}

/** A second, unrelated signing certificate (what an administrator pasted by mistake). */
export function otherSigningCertificate(): string {
  return base64Der(testCertificate());
}

function base64Der(certificate: TestCertificate): string {
  return certificate.cert.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, "");
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

async function formOf(req: IncomingMessage): Promise<{ raw: string; fields: Record<string, string> }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  return { raw, fields: Object.fromEntries(new URLSearchParams(raw)) };
}

function page(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`,
  );
}

/**
 * A SAML 2.0 identity provider on a free port, built on samlify: it serves its metadata, takes AuthnRequests by
 * redirect or POST binding (checking their signature when the service provider's descriptor says it signs), shows
 * its own sign-in form (skipped while its session cookie lasts, unless the request forces authentication), offers
 * single logout (`/logout`: a LogoutRequest to the service provider signed in last; `/slo`: the service providers'
 * LogoutRequests and LogoutResponses by either binding), and posts a signed response (the assertion signed when the SP wants it, else the message)
 * with the user's email, name and roles as attributes back to the service provider's assertion consumer.
 * With `signResponses: false` it posts the same response without any signature (an IdP that does not sign).
 */
export async function startSamlIdp(
  users: Record<string, SamlIdpUser>,
  { encryptAssertions = false, signResponses = true } = {},
): Promise<SamlIdp> {
  let certificate = testCertificate();
  const descriptorUrls: string[] = [];
  const requests: SamlIdp["requests"] = [];
  const logins: SamlIdp["logins"] = [];
  const logouts: SamlLogoutMessage[] = [];
  const pending = new Map<
    string,
    { sp: samlifyModule.ServiceProviderInstance; requestId: string; relayState: string; artifact: boolean }
  >();
  /** Login responses an artifact stands for, until resolved once. */
  const artifacts = new Map<string, { sp: samlifyModule.ServiceProviderInstance; xml: string }>();
  const artifactResolves: SamlArtifactResolve[] = [];
  const artifactAnswer: SamlIdp["artifactAnswer"] = { sign: "idp" };
  /** Sign-ins at the IdP, by session cookie: the user and the service providers it answered for them. */
  const sessions = new Map<
    string,
    { username: string; sps: { sp: samlifyModule.ServiceProviderInstance; nameID: string; sessionIndex: string }[] }
  >();
  let cookieName = "";
  const sessionOf = (req: IncomingMessage) => {
    const id = new RegExp(`(?:^|;\\s*)${cookieName}=([^;]+)`).exec(req.headers.cookie ?? "")?.[1];
    return id ? { id, session: sessions.get(id) } : undefined;
  };
  const clearSession = (req: IncomingMessage, res: ServerResponse) => {
    const current = sessionOf(req);
    if (current) sessions.delete(current.id);
    res.setHeader("set-cookie", `${cookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    return current?.session;
  };

  async function serviceProviderAt(url: string) {
    // the SP validates signatures of this IdP's logout requests and responses
    return samlify.ServiceProvider({
      metadata: await (await fetch(url)).text(),
      wantLogoutRequestSigned: true,
      wantLogoutResponseSigned: true,
    });
  }

  async function serviceProviders(): Promise<samlifyModule.ServiceProviderInstance[]> {
    return Promise.all(descriptorUrls.map(async (url) => serviceProviderAt(url)));
  }

  /** The trusted service provider that sent a request: by its assertion consumer URL, else by its entity ID. */
  async function serviceProviderFor(issuer: string, acs: string | undefined) {
    const all = await serviceProviders();
    return (
      all.find((sp) => acs && sp.entityMeta.getAssertionConsumerService("post") === acs) ??
      all.find((sp) => sp.entityMeta.getEntityID() === issuer)
    );
  }

  async function takeRequest(
    req: IncomingMessage,
    res: ServerResponse,
    binding: "redirect" | "post",
    request: HttpRequest,
  ) {
    const encoded =
      binding === "redirect" ? String(request.query?.SAMLRequest ?? "") : String(request.body?.SAMLRequest ?? "");
    const issuer = peekIssuer(encoded, binding);
    const acs = /AssertionConsumerServiceURL="([^"]+)"/.exec(inflated(encoded, binding))?.[1];
    const sp = issuer ? await serviceProviderFor(issuer, acs?.replace(/&amp;/g, "&")) : undefined;
    if (!sp)
      return page(
        res,
        400,
        "Unknown service provider",
        `<h1>Unknown service provider</h1><p>${escapeHtml(issuer ?? "")}</p>`,
      );
    let parsed;
    try {
      parsed = await idp.parseLoginRequest(sp, binding, request);
    } catch (error) {
      return page(res, 400, "Refused request", `<h1>Refused request</h1><p>${escapeHtml(String(error))}</p>`);
    }
    const relayState = String((binding === "redirect" ? request.query : request.body)?.RelayState ?? "");
    const signed =
      Boolean((binding === "redirect" ? request.query : request.body)?.Signature) ||
      /<(?:\w+:)?Signature[\s>]/.test(inflated(encoded, binding));
    requests.push({ binding, signed, issuer: issuer!, xml: inflated(encoded, binding) });
    const key = randomBytes(12).toString("hex");
    const artifact = new RegExp(`ProtocolBinding="${ARTIFACT}"`).test(inflated(encoded, binding));
    pending.set(key, { sp, requestId: String(parsed.extract?.request?.id ?? ""), relayState, artifact });
    const current = sessionOf(req);
    const forced = /ForceAuthn="true"/.test(inflated(encoded, binding));
    if (current?.session && !forced) return answerLogin(res, key, current.session.username, current.id);
    return page(
      res,
      200,
      "Partner SAML sign-in",
      `<h1>Partner SAML sign-in</h1>
<form method="post" action="/sso/authenticate">
<input type="hidden" name="pending" value="${key}">
<label for="idp-username">IdP username</label> <input id="idp-username" name="username" autocomplete="username">
<label for="idp-password">IdP password</label> <input id="idp-password" name="password" type="password">
<button type="submit">Sign in to the partner</button>
</form>`,
    );
  }

  async function authenticate(res: ServerResponse, fields: Record<string, string>) {
    const user = users[fields.username ?? ""];
    if (!pending.has(fields.pending ?? "")) return page(res, 400, "Expired", "<h1>This sign-in expired</h1>");
    if (!user || user.password !== fields.password)
      return page(res, 401, "Wrong password", "<h1>Wrong username or password</h1>");
    const sessionId = randomBytes(16).toString("hex");
    sessions.set(sessionId, { username: fields.username!, sps: [] });
    res.setHeader("set-cookie", `${cookieName}=${sessionId}; Path=/; HttpOnly; SameSite=Lax`);
    return answerLogin(res, fields.pending!, fields.username!, sessionId);
  }

  /** Posts the signed login response for a pending request back to its service provider. */
  async function answerLogin(res: ServerResponse, key: string, username: string, sessionId: string) {
    const request = pending.get(key)!;
    const user = users[username]!;
    pending.delete(key);
    const response = signResponses
      ? await idp.createLoginResponse(
          request.sp,
          { extract: { request: { id: request.requestId } } },
          "post",
          { email: user.email },
          {
            customTagReplacement: (template: string) =>
              fillResponse(template, request.sp, request.requestId, username, user),
            relayState: request.relayState,
          },
        )
      : unsignedResponse(fillResponse(loginTemplate(), request.sp, request.requestId, username, user));
    sessions.get(sessionId)?.sps.push({ sp: request.sp, ...logins.at(-1)! });
    const acs = request.sp.entityMeta.getAssertionConsumerService("post") as string;
    // asked for the artifact binding: the browser carries an artifact, the response waits to be resolved by SOAP
    const [name, value] = request.artifact
      ? ["SAMLart", newArtifact(request.sp, Buffer.from(response.context, "base64").toString("utf8"))]
      : ["SAMLResponse", response.context];
    return page(
      res,
      200,
      "Returning to the service provider",
      `<form method="post" action="${escapeHtml(acs)}">
<input type="hidden" name="${name}" value="${escapeHtml(value)}">
<input type="hidden" name="RelayState" value="${escapeHtml(request.relayState)}">
<button type="submit">Continue</button>
</form>
<script>document.forms[0].submit()</script>`,
    );
  }

  function fillResponse(
    template: string,
    sp: samlifyModule.ServiceProviderInstance,
    requestId: string,
    username: string,
    user: SamlIdpUser,
    acs = sp.entityMeta.getAssertionConsumerService("post") as string,
  ) {
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60 * 1000).toISOString();
    const id = `_${randomBytes(16).toString("hex")}`;
    const values: Record<string, string> = {
      ID: id,
      AssertionID: `_${randomBytes(16).toString("hex")}`,
      Destination: acs,
      Audience: sp.entityMeta.getEntityID(),
      SubjectRecipient: acs,
      Issuer: idp.entityMeta.getEntityID(),
      IssueInstant: now.toISOString(),
      StatusCode: "urn:oasis:names:tc:SAML:2.0:status:Success",
      ConditionsNotBefore: now.toISOString(),
      ConditionsNotOnOrAfter: later,
      SubjectConfirmationDataNotOnOrAfter: later,
      NameIDFormat: EMAIL_FORMAT,
      NameID: user.email,
      InResponseTo: requestId,
      attrUsername: username,
      attrEmail: user.email,
      attrFirstName: user.firstName,
      attrLastName: user.lastName,
    };
    logins.push({ nameID: user.email, sessionIndex: id });
    // samlify escapes every value it fills in: the AuthnStatement element goes in as markup first
    const authnStatement = `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`;
    const filled = samlify.SamlLib.replaceTagsByValue(template.replace("{AuthnStatement}", authnStatement), values);
    const xmlAttributes = Object.entries(user.xmlAttributes ?? {})
      .map(
        ([name, xml]) =>
          `<saml:Attribute Name="${escapeHtml(name)}" NameFormat="${BASIC}"><saml:AttributeValue>${xml}</saml:AttributeValue></saml:Attribute>`,
      )
      .join("");
    // the roles as one attribute with a value each, as multi-valued attributes are sent
    const roles = user.roles?.length
      ? `<saml:Attribute Name="role" NameFormat="${BASIC}">${user.roles.map((role) => `<saml:AttributeValue>${escapeHtml(role)}</saml:AttributeValue>`).join("")}</saml:Attribute>`
      : "";
    return {
      id,
      context: filled.replace("</saml:AttributeStatement>", `${xmlAttributes}${roles}</saml:AttributeStatement>`),
    };
  }

  /**
   * The logout binding a service provider lists first (Keycloak lists both, its configured one first), as an IdP
   * that follows the SP's order picks it.
   */
  function preferredLogoutBinding(sp: samlifyModule.ServiceProviderInstance): "redirect" | "post" | undefined {
    const services = (sp.entityMeta as unknown as { meta: { singleLogoutService?: unknown } }).meta.singleLogoutService;
    const [first] = (Array.isArray(services) ? services : services ? [services] : []) as { binding?: string }[];
    if (!first?.binding) return undefined;
    return first.binding.endsWith(":HTTP-Redirect") ? "redirect" : "post";
  }

  /**
   * A LogoutRequest from a trusted service provider (known by its entity ID) is answered with a signed
   * LogoutResponse auto-posted to its Single Logout Service: what a browser sent here follows it back.
   */
  async function answerLogout(res: ServerResponse, message: SamlLogoutMessage, requestId: string, relayState?: string) {
    const sp = (await serviceProviders()).find((candidate) => candidate.entityMeta.getEntityID() === message.issuer);
    if (message.kind !== "LogoutRequest" || !sp)
      return page(res, 200, "Signed out", "<h1>Signed out at the partner</h1>");
    const request = { extract: { request: { id: requestId } } };
    if (preferredLogoutBinding(sp) === "redirect") {
      const { context } = idp.createLogoutResponse(sp, request, "redirect", relayState ?? "") as { context: string };
      res.writeHead(302, { location: context });
      return res.end();
    }
    const response = idp.createLogoutResponse(sp, request, "post", relayState ?? "") as { context: string };
    const slo = sp.entityMeta.getSingleLogoutService("post") as string;
    return page(
      res,
      200,
      "Signing out",
      `<form method="post" action="${escapeHtml(slo)}">
<input type="hidden" name="SAMLResponse" value="${escapeHtml(response.context)}">
<input type="hidden" name="RelayState" value="${escapeHtml(relayState ?? "")}">
<button type="submit">Continue</button>
</form>
<script>document.forms[0].submit()</script>`,
    );
  }

  /**
   * The user signs out at the IdP: its session ends, and the service provider it answered last gets a signed
   * LogoutRequest by the browser (the binding that SP lists first: redirect, or an auto-submitted POST).
   */
  async function signOut(req: IncomingMessage, res: ServerResponse) {
    const ended = clearSession(req, res);
    const last = ended?.sps.at(-1);
    if (!last) return page(res, 200, "Signed out", "<h1>Signed out at the partner</h1>");
    const user = { logoutNameID: last.nameID, sessionIndex: last.sessionIndex };
    if (preferredLogoutBinding(last.sp) === "redirect") {
      const { context } = idp.createLogoutRequest(last.sp, "redirect", user, "idp-initiated") as { context: string };
      res.writeHead(302, { location: context });
      return res.end();
    }
    const { context } = idp.createLogoutRequest(last.sp, "post", user) as { context: string };
    return page(
      res,
      200,
      "Signing out",
      `<form method="post" action="${escapeHtml(last.sp.entityMeta.getSingleLogoutService("post") as string)}">
<input type="hidden" name="SAMLRequest" value="${escapeHtml(context)}">
<input type="hidden" name="RelayState" value="idp-initiated">
<button type="submit">Continue</button>
</form>
<script>document.forms[0].submit()</script>`,
    );
  }

  /** A signed login response answering no request (IdP-initiated SSO), for `destination`: base64. */
  async function unsolicitedResponse(descriptorUrl: string, username: string, destination: string) {
    const sp = await serviceProviderAt(descriptorUrl);
    const user = users[username]!;
    const response = await idp.createLoginResponse(
      sp,
      { extract: { request: { id: "" } } },
      "post",
      { email: user.email },
      {
        customTagReplacement: (template: string) =>
          fillResponse(template.replace(/ InResponseTo="\{InResponseTo\}"/g, ""), sp, "", username, user, destination),
      },
    );
    return (response as { context: string }).context;
  }

  /** A SAML 2.0 type 0x0004 artifact: type, endpoint index, SHA-1 of the IdP's entity ID, a random handle. */
  function newArtifact(sp: samlifyModule.ServiceProviderInstance, xml: string) {
    const source = createHash("sha1").update(idp.entityMeta.getEntityID()).digest();
    const artifact = Buffer.concat([Buffer.from([0, 4, 0, 0]), source, randomBytes(20)]).toString("base64");
    artifacts.set(artifact, { sp, xml });
    return artifact;
  }

  /** The Artifact Resolution Service: a SOAP ArtifactResolve answered with the ArtifactResponse carrying the Response. */
  async function resolveArtifact(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const envelope = Buffer.concat(chunks).toString("utf8");
    const doc = new DOMParser({ onError: () => undefined }).parseFromString(envelope, "text/xml");
    const resolve = doc.getElementsByTagNameNS(SAML_PROTOCOL, "ArtifactResolve")[0];
    const text = (localName: string) => resolve?.getElementsByTagNameNS("*", localName)[0]?.textContent?.trim();
    const issuer = text("Issuer");
    const sp = (await serviceProviders()).find((candidate) => candidate.entityMeta.getEntityID() === issuer);
    const signed = (resolve?.getElementsByTagNameNS("http://www.w3.org/2000/09/xmldsig#", "Signature").length ?? 0) > 0;
    let signatureValid = false;
    if (signed && sp && resolve) {
      const certificates = [sp.entityMeta.getX509Certificate("signing")].flat().filter(Boolean) as string[];
      const xml = resolve.toString();
      const own = new DOMParser().parseFromString(xml, "text/xml").documentElement!;
      signatureValid = certificates.some((c) => {
        try {
          return validateSignature(xml, own as unknown as Element, [pemOf(c)]);
        } catch {
          return false;
        }
      });
    }
    const artifact = text("Artifact");
    artifactResolves.push({
      issuer,
      destination: resolve?.getAttribute("Destination") ?? undefined,
      artifact,
      signed,
      signatureValid,
      soapAction: req.headers.soapaction as string | undefined,
    });
    const found = artifact ? artifacts.get(artifact) : undefined;
    if (artifact) artifacts.delete(artifact);
    const responseXml = (artifactAnswer.editResponse ?? ((xml: string) => xml))(
      (found?.xml ?? "").replace(/^<\?xml[^>]*\?>\s*/, ""),
    );
    const messageName = artifactAnswer.messageName ?? "ArtifactResponse";
    let message =
      `<samlp:${messageName} xmlns:samlp="${SAML_PROTOCOL}" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"` +
      ` ID="_${randomBytes(16).toString("hex")}" Version="2.0" IssueInstant="${new Date().toISOString()}"` +
      ` InResponseTo="${escapeHtml(resolve?.getAttribute("ID") ?? "")}">` +
      `<saml:Issuer>${escapeHtml(idp.entityMeta.getEntityID())}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      `${responseXml}</samlp:${messageName}>`;
    if (artifactAnswer.sign !== "none") {
      const key = artifactAnswer.sign === "idp" ? certificate : testCertificate();
      message = signXml(
        message,
        `/*[local-name(.)='${messageName}']`,
        { reference: `/*[local-name(.)='${messageName}']/*[local-name(.)='Issuer']`, action: "after" },
        { privateKey: key.key, publicCert: key.cert, signatureAlgorithm: "sha256" },
      );
    }
    res.writeHead(200, { "content-type": "text/xml; charset=utf-8" });
    res.end(`<soap:Envelope xmlns:soap="${SOAP_ENVELOPE}"><soap:Body>${message}</soap:Body></soap:Envelope>`);
  }

  /** samlify's login response template with this IdP's attribute statement, before any signing. */
  const loginTemplate = () =>
    (idp.entitySetting as { loginResponseTemplate: { context: string } }).loginResponseTemplate.context;
  const unsignedResponse = ({ id, context }: { id: string; context: string }) => ({
    id,
    context: Buffer.from(context).toString("base64"),
  });

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      if (req.method === "GET" && url.pathname === "/metadata") {
        res.writeHead(200, { "content-type": "application/samlmetadata+xml" });
        return res.end(idp.getMetadata());
      }
      if (req.method === "GET" && url.pathname === "/sso") {
        const octetString = (req.url ?? "")
          .slice((req.url ?? "").indexOf("?") + 1)
          .split("&")
          .filter((p) => !p.startsWith("Signature="))
          .join("&");
        return takeRequest(req, res, "redirect", { query: Object.fromEntries(url.searchParams), octetString });
      }
      if (req.method === "POST" && url.pathname === "/sso")
        return takeRequest(req, res, "post", { body: (await formOf(req)).fields });
      if (req.method === "POST" && url.pathname === "/artifact") return resolveArtifact(req, res);
      if (req.method === "POST" && url.pathname === "/sso/authenticate")
        return authenticate(res, (await formOf(req)).fields);
      if ((req.method === "POST" || req.method === "GET") && url.pathname === "/slo") {
        const binding: "redirect" | "post" = req.method === "GET" ? "redirect" : "post";
        const fields = binding === "redirect" ? Object.fromEntries(url.searchParams) : (await formOf(req)).fields;
        const xml = inflated(fields.SAMLRequest ?? fields.SAMLResponse ?? "", binding);
        const message = { ...logoutMessage(xml), binding, ...(fields.Signature ? { signed: true } : {}) };
        logouts.push(message);
        if (message.kind === "LogoutRequest") clearSession(req, res);
        return answerLogout(res, message, /\sID="([^"]+)"/.exec(xml)?.[1] ?? "", fields.RelayState);
      }
      if (req.method === "GET" && url.pathname === "/logout")
        return page(
          res,
          200,
          "Partner SAML sign-out",
          `<h1>Partner SAML sign-out</h1>
<form method="post" action="/logout"><button type="submit">Sign out of the partner</button></form>`,
        );
      if (req.method === "POST" && url.pathname === "/logout") return signOut(req, res);
      res.writeHead(404).end();
    })().catch((error: unknown) => {
      if (!res.headersSent)
        page(
          res,
          500,
          "IdP error",
          `<h1>IdP error</h1><p>${escapeHtml(error instanceof Error ? (error.stack ?? String(error)) : String(error))}</p>`,
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // cookies are shared by every port of a host: the name is this IdP's own
  cookieName = `partner_saml_idp_${(server.address() as AddressInfo).port}`;
  const identityProvider = () =>
    samlify.IdentityProvider({
      entityID: `${url}/metadata`,
      signingCert: certificate.cert,
      privateKey: certificate.key,
      nameIDFormat: [EMAIL_FORMAT],
      // encrypted with the certificate the service provider's descriptor gives for encryption
      isAssertionEncrypted: encryptAssertions,
      singleLogoutService: [
        { Binding: POST, Location: `${url}/slo` },
        { Binding: REDIRECT, Location: `${url}/slo` },
      ],
      singleSignOnService: [
        { Binding: REDIRECT, Location: `${url}/sso` },
        { Binding: POST, Location: `${url}/sso` },
      ],
      loginResponseTemplate: {
        context: samlify.SamlLib.defaultLoginResponseTemplate.context,
        attributes: [
          { name: "username", valueTag: "username", nameFormat: BASIC, valueXsiType: "xs:string" },
          {
            name: "urn:oid:0.9.2342.19200300.100.1.3",
            valueTag: "email",
            nameFormat: BASIC,
            valueXsiType: "xs:string",
          },
          { name: "firstName", valueTag: "firstName", nameFormat: BASIC, valueXsiType: "xs:string" },
          { name: "lastName", valueTag: "lastName", nameFormat: BASIC, valueXsiType: "xs:string" },
        ],
      },
    });
  let idp = identityProvider();

  return {
    url,
    metadataUrl: `${url}/metadata`,
    entityId: `${url}/metadata`,
    get signingCertificate() {
      return base64Der(certificate);
    },
    rotateSigningKey: () => {
      certificate = testCertificate();
      idp = identityProvider();
    },
    trustServiceProvider: (descriptorUrl) => void descriptorUrls.push(descriptorUrl),
    requests,
    logins,
    logouts,
    logoutRequest: async (descriptorUrl, nameID, sessionIndex, { binding = "post", relayState } = {}) =>
      (
        idp.createLogoutRequest(
          await serviceProviderAt(descriptorUrl),
          binding,
          { logoutNameID: nameID, sessionIndex },
          relayState,
        ) as { context: string }
      ).context,
    unsolicitedResponse,
    signedIn: () => [...sessions.values()].map((session) => session.username),
    artifactResolves,
    artifactAnswer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const pemOf = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${base64.replace(/\s+/g, "").replace(/(.{64})/g, "$1\n")}\n-----END CERTIFICATE-----\n`;

function inflated(encoded: string, binding: "redirect" | "post"): string {
  try {
    const bytes = Buffer.from(encoded, "base64");
    return binding === "post" ? bytes.toString("utf8") : samlify.Utility.inflateString(encoded);
  } catch {
    return "";
  }
}

/** The Issuer of an AuthnRequest, to find which trusted service provider sent it. */
function peekIssuer(encoded: string, binding: "redirect" | "post"): string | undefined {
  return /<(?:\w+:)?Issuer[^>]*>([^<]+)</.exec(inflated(encoded, binding))?.[1]?.trim();
}

/** What a LogoutRequest or LogoutResponse says, read with the DOM-free patterns the tests need. */
function logoutMessage(xml: string): SamlLogoutMessage {
  const text = (tag: string) => new RegExp(`<(?:\\w+:)?${tag}[^>]*>([^<]+)<`).exec(xml)?.[1]?.trim();
  return {
    kind: /<(?:\w+:)?LogoutResponse[\s>]/.test(xml) ? "LogoutResponse" : "LogoutRequest",
    issuer: text("Issuer"),
    nameID: text("NameID"),
    sessionIndex: text("SessionIndex"),
    inResponseTo: /InResponseTo="([^"]+)"/.exec(xml)?.[1],
    status: /<(?:\w+:)?StatusCode[^>]*Value="([^"]+)"/.exec(xml)?.[1],
    signed: /<(?:\w+:)?Signature[\s>]/.test(xml),
  };
}
