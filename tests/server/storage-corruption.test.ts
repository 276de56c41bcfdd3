import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminFetch, adminToken, startTestServer, type TestServer } from "../support/server.ts";

const args = ["--seed-demo", "false"];
/** A data folder whose snapshot-2 holds users 0-29 of realm `store` and whose wal-2 holds the creation of users 30-49. */
let template: string;
const folders: string[] = [];

before(async () => {
  const server = await startTestServer({ args });
  const create = async (from: number, to: number) => {
    const api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    if (from === 0)
      assert.equal((await api("/admin/realms", { method: "POST", body: { realm: "store" } })).status, 201);
    for (let n = from; n < to; n++) {
      const res = await api("/admin/realms/store/users", { method: "POST", body: { username: `user-${n}` } });
      assert.equal(res.status, 201, await res.text());
    }
  };
  await create(0, 30);
  await server.restart();
  await create(30, 50);
  await server.stop();
  template = server.dataDir;
  folders.push(template);
});

after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function copyOfTemplate(): string {
  const dir = mkdtempSync(join(tmpdir(), "kc-corrupt-"));
  folders.push(dir);
  cpSync(template, dir, { recursive: true });
  return dir;
}

const contents = (dir: string) => new Map(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f))]));

/** Starts the server on `dir`, expects it to exit with a non-zero code and every file unchanged; returns its output. */
async function refusedStart(dir: string): Promise<string> {
  const before = contents(dir);
  let output = "";
  await assert.rejects(startTestServer({ dataDir: dir, args }), (error: Error) => {
    output = error.message;
    return true;
  });
  assert.match(output, /^server exited \(1\)/);
  assert.match(output, new RegExp(`Cannot open the data folder ${dir}: `));
  assert.match(
    output,
    /Nothing on disk was changed\. To recover, either:\n {2}- restore the data folder from a backup/,
  );
  assert.doesNotMatch(output, /SyntaxError|\n {4}at /, "a stack trace instead of a message");
  assert.deepEqual(contents(dir), before, "a refused start changed the data folder");
  return output;
}

async function startedServer(dir: string): Promise<{ server: TestServer; usernames: string[] }> {
  const server = await startTestServer({ dataDir: dir, args });
  const api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
  const users = (await (await api("/admin/realms/store/users?max=100")).json()) as { username: string }[];
  await server.stop();
  return { server, usernames: users.map((u) => u.username).sort((a, b) => Number(a.slice(5)) - Number(b.slice(5))) };
}

const usersUpTo = (count: number) => Array.from({ length: count }, (_, n) => `user-${n}`);

/** Byte offset of the start of the first line of `file` that contains `text`. */
function lineContaining(file: string, text: string): number {
  const data = readFileSync(file);
  const at = data.indexOf(text);
  assert.ok(at > 0, `${text} not in ${file}`);
  return data.lastIndexOf(0x0a, at) + 1;
}

describe("storage corruption", () => {
  test("an empty data folder gets a fresh store with admin / admin", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kc-empty-"));
    folders.push(dir);
    const server = await startTestServer({ dataDir: dir, args });
    await adminToken(server.baseUrl);
    await server.stop();
    assert.deepEqual(readdirSync(dir).sort(), ["snapshot-1.jsonl", "wal-1.jsonl"]);
  });

  test("a changed byte in the middle of the log refuses to start, naming file and offset; cutting there recovers", async () => {
    const dir = copyOfTemplate();
    const wal = join(dir, "wal-2.jsonl");
    const offset = lineContaining(wal, '"username":"user-40"');
    const data = readFileSync(wal);
    const letter = data.indexOf('"username":"user-40"', offset) + '"username":"u'.length;
    data[letter] ^= 0x20; // user-40 becomes uSer-40: still valid JSON, only the checksum tells
    writeFileSync(wal, data);

    const output = await refusedStart(dir);
    assert.match(output, new RegExp(`the write-ahead log ${wal} is damaged at byte ${offset} \\(checksum mismatch\\)`));
    assert.match(output, new RegExp(`truncate -s ${offset} ${wal}`));

    truncateSync(wal, offset);
    const { usernames } = await startedServer(dir);
    assert.deepEqual(usernames, usersUpTo(40));
  });

  test("a torn final log record is dropped, reported and kept aside; everything before it loads", async () => {
    const dir = copyOfTemplate();
    const wal = join(dir, "wal-2.jsonl");
    const offset = lineContaining(wal, '"username":"user-49"');
    const size = readFileSync(wal).length;
    truncateSync(wal, size - 20);
    const dropped = readFileSync(wal).subarray(offset);

    const { server, usernames } = await startedServer(dir);
    assert.match(
      server.output,
      new RegExp(
        `dropped the torn final record of ${wal} at byte ${offset} \\(${dropped.length} bytes; .*\\)\\. ` +
          `Its bytes are kept in ${wal}.torn-tail\\.`,
      ),
    );
    assert.deepEqual(usernames, usersUpTo(49));
    assert.deepEqual(readFileSync(`${wal}.torn-tail`), dropped);
  });

  test("a changed byte in the last, whole log record refuses to start", async () => {
    const dir = copyOfTemplate();
    const wal = join(dir, "wal-2.jsonl");
    const offset = lineContaining(wal, '"username":"user-49"');
    const data = readFileSync(wal);
    data[data.indexOf('"username":"user-49"', offset) + '"username":"u'.length] ^= 0x20;
    writeFileSync(wal, data);
    const output = await refusedStart(dir);
    assert.match(
      output,
      new RegExp(`${wal} is damaged at byte ${offset} \\(checksum mismatch\\); it is the last record, yet whole`),
    );
  });

  test("a last log record zero-filled by a crash is dropped as torn", async () => {
    const dir = copyOfTemplate();
    const wal = join(dir, "wal-2.jsonl");
    const offset = lineContaining(wal, '"username":"user-49"');
    const data = readFileSync(wal);
    data.fill(0, offset + 100, data.length - 1);
    writeFileSync(wal, data);
    const { server, usernames } = await startedServer(dir);
    assert.match(server.output, new RegExp(`dropped the torn final record of ${wal} at byte ${offset} `));
    assert.deepEqual(usernames, usersUpTo(49));
  });

  test("a missing log refuses to start instead of forgetting the writes in it", async () => {
    const dir = copyOfTemplate();
    rmSync(join(dir, "wal-2.jsonl"));
    const output = await refusedStart(dir);
    assert.match(output, new RegExp(`the write-ahead log ${join(dir, "wal-2.jsonl")} is missing`));
  });

  test("an empty snapshot refuses to start instead of seeding a fresh store", async () => {
    const dir = copyOfTemplate();
    truncateSync(join(dir, "snapshot-2.jsonl"), 0);
    const output = await refusedStart(dir);
    assert.match(
      output,
      new RegExp(`the snapshot ${join(dir, "snapshot-2.jsonl")} is damaged at byte 0 \\(the file is empty\\)`),
    );
  });

  test("a truncated snapshot refuses to start with a message, not a SyntaxError", async () => {
    const dir = copyOfTemplate();
    const snapshot = join(dir, "snapshot-2.jsonl");
    const cut = Math.floor(readFileSync(snapshot).length / 2);
    truncateSync(snapshot, cut);
    const lineStart = readFileSync(snapshot).lastIndexOf(0x0a) + 1;
    const output = await refusedStart(dir);
    assert.match(output, new RegExp(`the snapshot ${snapshot} is damaged at byte ${lineStart} \\(.*truncated\\)`));
  });

  test("a snapshot cut exactly after a record refuses to start: its end record is missing", async () => {
    const dir = copyOfTemplate();
    const snapshot = join(dir, "snapshot-2.jsonl");
    const data = readFileSync(snapshot);
    const cut = data.lastIndexOf(0x0a, data.length - 2) + 1; // drops the end record only
    truncateSync(snapshot, cut);
    const output = await refusedStart(dir);
    assert.match(output, new RegExp(`the snapshot ${snapshot} is damaged at byte ${cut} \\(.*truncated\\)`));
  });

  test("a changed byte in the snapshot refuses to start", async () => {
    const dir = copyOfTemplate();
    const snapshot = join(dir, "snapshot-2.jsonl");
    const offset = lineContaining(snapshot, '"username":"user-7"');
    const data = readFileSync(snapshot);
    data[data.indexOf('"username":"user-7"') + '"username":"u'.length] ^= 0x20;
    writeFileSync(snapshot, data);
    const output = await refusedStart(dir);
    assert.match(output, new RegExp(`the snapshot ${snapshot} is damaged at byte ${offset} \\(checksum mismatch\\)`));
  });

  test("a missing snapshot beside a log refuses to start instead of seeding a fresh store", async () => {
    const dir = copyOfTemplate();
    rmSync(join(dir, "snapshot-2.jsonl"));
    const output = await refusedStart(dir);
    assert.match(output, /it holds the write-ahead log wal-2\.jsonl but no snapshot/);
  });

  test("a folder with other files and no snapshot refuses to start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kc-other-"));
    folders.push(dir);
    writeFileSync(join(dir, "notes.txt"), "not a store");
    const output = await refusedStart(dir);
    assert.match(output, /it holds no snapshot but is not empty \(notes\.txt\)/);
  });

  test("a folder written before checksums is converted once and keeps its data", async () => {
    const dir = copyOfTemplate();
    const strip = (file: string, keep: (json: string) => boolean) => {
      const lines = readFileSync(join(dir, file), "utf8").split("\n").filter(Boolean);
      const json = lines.map((line) => line.slice(9)).filter(keep);
      writeFileSync(join(dir, file), json.map((line) => line + "\n").join(""));
    };
    strip("snapshot-2.jsonl", (json) => json.startsWith('{"t":'));
    strip("wal-2.jsonl", () => true);
    assert.equal(readFileSync(join(dir, "snapshot-2.jsonl"), "utf8")[0], "{");

    const { server, usernames } = await startedServer(dir);
    assert.match(server.output, new RegExp(`Data folder ${dir}: converted to format 2`));
    assert.deepEqual(usernames, usersUpTo(50));
    assert.deepEqual(readdirSync(dir).sort(), ["snapshot-3.jsonl", "wal-3.jsonl"]);
    assert.match(readFileSync(join(dir, "snapshot-3.jsonl"), "utf8"), /^[0-9a-f]{8} \{"format":2,"snapshot":3\}\n/);
  });

  test("a folder from the first start before checksums (empty snapshot-1, data in wal-1) is converted", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kc-legacy-"));
    folders.push(dir);
    const first = await startTestServer({ dataDir: dir, args });
    await first.stop();
    writeFileSync(join(dir, "snapshot-1.jsonl"), "");
    const log = readFileSync(join(dir, "wal-1.jsonl"), "utf8").split("\n").filter(Boolean);
    writeFileSync(join(dir, "wal-1.jsonl"), log.map((line) => line.slice(9) + "\n").join(""));

    const seededMaster = (JSON.parse(log[0].slice(9)) as [string, string, { id: string; realm: string }][])[0][2];
    assert.equal(seededMaster.realm, "master");

    const server = await startTestServer({ dataDir: dir, args });
    const api = adminFetch(server.baseUrl, await adminToken(server.baseUrl));
    const master = (await (await api("/admin/realms/master")).json()) as { id: string };
    await server.stop();
    assert.equal(master.id, seededMaster.id, "the master realm was seeded again instead of loaded");
    assert.match(server.output, new RegExp(`Data folder ${dir}: converted to format 2`));
    assert.deepEqual(readdirSync(dir).sort(), ["snapshot-2.jsonl", "wal-2.jsonl"]);
  });
});
