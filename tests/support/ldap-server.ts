import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "ldapts";
import { freePort } from "./server.ts";

/** Debian's OpenLDAP server and tools (installed by scripts/ensure-chromium.sh when missing). */
const slapdBinary = process.env.SLAPD_PATH ?? "/usr/sbin/slapd";
const slapaddBinary = process.env.SLAPADD_PATH ?? "/usr/sbin/slapadd";
const schemaDir = "/etc/ldap/schema";
const moduleDir = "/usr/lib/ldap";

export interface LdapPerson {
  uid: string;
  password: string;
  givenName: string;
  sn: string;
  mail?: string;
}

export interface LdapGroup {
  cn: string;
  /** uids of members (people under ou=People). */
  members: string[];
}

export interface LdapServerOptions {
  suffix?: string;
  people?: LdapPerson[];
  groups?: LdapGroup[];
  /** Extra LDIF added with slapadd before the server starts (for bench-size directories). */
  extraLdif?: string;
  /** Extra schema (slapd.conf attributetype / objectclass lines) loaded after the standard ones. */
  schema?: string;
}

/**
 * Active Directory's binary objectGUID and eDirectory's binary guid, and an auxiliary class that lets an entry hold
 * them (for tests of those vendors' UUIDs).
 */
export const objectGuidSchema = [
  "attributetype ( 1.2.840.113556.1.4.2 NAME 'objectGUID' EQUALITY octetStringMatch",
  "  SYNTAX 1.3.6.1.4.1.1466.115.121.1.40 SINGLE-VALUE )",
  "attributetype ( 1.3.6.1.4.1.4203.666.100.2 NAME 'guid' EQUALITY octetStringMatch",
  "  SYNTAX 1.3.6.1.4.1.1466.115.121.1.40 SINGLE-VALUE )",
  "objectclass ( 1.3.6.1.4.1.4203.666.100.1 NAME 'guidHolder' AUXILIARY MAY ( objectGUID $ guid ) )",
].join("\n");

export interface LdapServer {
  url: string;
  port: number;
  suffix: string;
  bindDn: string;
  bindCredential: string;
  usersDn: string;
  groupsDn: string;
  /** The DN of a person by uid. */
  personDn(uid: string): string;
  /** A client bound as the root DN; the caller unbinds it. */
  client(): Promise<Client>;
  /** One entry's attributes (first values) read as the root DN, or undefined when absent. */
  read(dn: string): Promise<Record<string, string | string[]> | undefined>;
  /** Everything slapd printed. */
  output(): string;
  stop(): Promise<void>;
}

export const defaultPeople: LdapPerson[] = [
  { uid: "jbrown", password: "jbrown-pass", givenName: "James", sn: "Brown", mail: "jbrown@example.org" },
  { uid: "bwilson", password: "bwilson-pass", givenName: "Bruce", sn: "Wilson", mail: "bwilson@example.org" },
  { uid: "rsmith", password: "rsmith-pass", givenName: "Robert", sn: "Smith", mail: "rsmith@example.org" },
];

export const defaultGroups: LdapGroup[] = [
  { cn: "admins", members: ["jbrown"] },
  { cn: "developers", members: ["jbrown", "bwilson"] },
];

/** LDIF of people (inetOrgPerson under ou=People) and groups (groupOfNames under ou=Groups). */
export function directoryLdif(suffix: string, people: LdapPerson[], groups: LdapGroup[]): string {
  const dc = /^dc=([^,]+)/.exec(suffix)?.[1] ?? "example";
  const entries = [
    `dn: ${suffix}\nobjectClass: dcObject\nobjectClass: organization\ndc: ${dc}\no: ${dc}`,
    `dn: ou=People,${suffix}\nobjectClass: organizationalUnit\nou: People`,
    `dn: ou=Groups,${suffix}\nobjectClass: organizationalUnit\nou: Groups`,
    ...people.map((p) => personLdif(suffix, p)),
    ...groups.map((g) => groupLdif(suffix, g)),
  ];
  return entries.join("\n\n") + "\n";
}

export function personLdif(suffix: string, p: LdapPerson): string {
  return [
    `dn: uid=${p.uid},ou=People,${suffix}`,
    "objectClass: inetOrgPerson",
    "objectClass: organizationalPerson",
    "objectClass: person",
    `uid: ${p.uid}`,
    `cn: ${p.givenName} ${p.sn}`,
    `givenName: ${p.givenName}`,
    `sn: ${p.sn}`,
    ...(p.mail ? [`mail: ${p.mail}`] : []),
    `userPassword: ${p.password}`,
  ].join("\n");
}

export function groupLdif(suffix: string, g: LdapGroup): string {
  // groupOfNames needs at least one member; an empty group names the suffix, as Keycloak's own empty-member default does.
  const members = g.members.length ? g.members.map((uid) => `uid=${uid},ou=People,${suffix}`) : [suffix];
  return [
    `dn: cn=${g.cn},ou=Groups,${suffix}`,
    "objectClass: groupOfNames",
    `cn: ${g.cn}`,
    ...members.map((m) => `member: ${m}`),
  ].join("\n");
}

function slapdConfig(dir: string, suffix: string, rootDn: string, rootPw: string, schema?: string): string {
  if (schema) writeFileSync(join(dir, "extra.schema"), schema + "\n");
  return [
    ...["core", "cosine", "inetorgperson", "nis"].map((s) => `include ${schemaDir}/${s}.schema`),
    ...(schema ? [`include ${join(dir, "extra.schema")}`] : []),
    `pidfile ${join(dir, "slapd.pid")}`,
    `argsfile ${join(dir, "slapd.args")}`,
    `modulepath ${moduleDir}`,
    "moduleload back_mdb",
    "sizelimit unlimited",
    "access to attrs=userPassword by self write by anonymous auth by * none",
    "access to * by * read",
    "database mdb",
    `suffix "${suffix}"`,
    `rootdn "${rootDn}"`,
    `rootpw ${rootPw}`,
    `directory ${join(dir, "db")}`,
    "maxsize 1073741824",
    "index objectClass eq",
    "index uid,cn,mail eq,sub",
    "index member eq",
    "",
  ].join("\n");
}

/**
 * Starts OpenLDAP's slapd on a free port of 127.0.0.1 with a throw-away configuration (slapd.conf, mdb backend)
 * in a temporary folder, loaded with people and groups; `stop()` ends it and deletes the folder.
 */
export async function startLdapServer(options: LdapServerOptions = {}): Promise<LdapServer> {
  const suffix = options.suffix ?? "dc=example,dc=org";
  const bindDn = `cn=admin,${suffix}`;
  const bindCredential = "admin-secret";
  const dir = mkdtempSync(join(tmpdir(), "kc-ldap-"));
  mkdirSync(join(dir, "db"));
  const config = join(dir, "slapd.conf");
  writeFileSync(config, slapdConfig(dir, suffix, bindDn, bindCredential, options.schema));
  const ldif = join(dir, "data.ldif");
  writeFileSync(
    ldif,
    directoryLdif(suffix, options.people ?? defaultPeople, options.groups ?? defaultGroups) +
      (options.extraLdif ? "\n" + options.extraLdif : ""),
  );
  const load = spawnSync(slapaddBinary, ["-q", "-f", config, "-l", ldif], { encoding: "utf8" });
  if (load.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`slapadd failed (${load.status ?? load.error?.message}): ${load.stderr}`);
  }
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(slapdBinary, ["-f", config, "-h", `${url}/`, "-d", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<void>((ok) => child.once("exit", () => ok()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const client = async () => {
    const c = new Client({ url, timeout: 10_000, connectTimeout: 5_000 });
    await c.bind(bindDn, bindCredential);
    return c;
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`slapd exited (${child.exitCode}):\n${output}`);
    }
    try {
      await (await client()).unbind();
      break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 20_000) {
      await stop();
      throw new Error(`slapd did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    port,
    suffix,
    bindDn,
    bindCredential,
    usersDn: `ou=People,${suffix}`,
    groupsDn: `ou=Groups,${suffix}`,
    personDn: (uid) => `uid=${uid},ou=People,${suffix}`,
    client,
    async read(dn) {
      const c = await client();
      try {
        const { searchEntries } = await c.search(dn, { scope: "base", attributes: ["*", "+"] });
        const entry = searchEntries[0];
        if (!entry) return undefined;
        const out: Record<string, string | string[]> = {};
        for (const [k, v] of Object.entries(entry)) out[k] = Array.isArray(v) ? v.map(String) : String(v);
        return out;
      } catch (e) {
        if ((e as { code?: number }).code === 32) return undefined;
        throw e;
      } finally {
        await c.unbind();
      }
    },
    output: () => output,
    stop,
  };
}
