import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { Client, InvalidCredentialsError } from "ldapts";
import { startLdapServer, type LdapServer } from "../support/ldap-server.ts";

let ldap: LdapServer;
before(async () => {
  ldap = await startLdapServer();
});
after(async () => {
  await ldap?.stop();
});

test("the test directory serves its people and groups, binds people by their password and refuses a wrong one", async () => {
  const out = execFileSync(
    "ldapsearch",
    ["-x", "-H", ldap.url, "-D", ldap.bindDn, "-w", ldap.bindCredential, "-b", ldap.usersDn, "(uid=jbrown)", "mail"],
    { encoding: "utf8" },
  );
  assert.match(out, /mail: jbrown@example\.org/);
  const group = await ldap.read(`cn=developers,${ldap.groupsDn}`);
  assert.deepEqual(group?.member, [ldap.personDn("jbrown"), ldap.personDn("bwilson")]);
  const person = new Client({ url: ldap.url });
  await person.bind(ldap.personDn("bwilson"), "bwilson-pass");
  await person.unbind();
  await assert.rejects(person.bind(ldap.personDn("bwilson"), "wrong"), InvalidCredentialsError);
  assert.equal(await ldap.read(ldap.personDn("nobody")), undefined);
});
