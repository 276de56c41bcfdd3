import { basename, dirname, join } from "node:path";

/** The data folder cannot be loaded without losing or inventing data; nothing on disk was changed. */
export class DataFolderError extends Error {
  override name = "DataFolderError";
}

const moveAside = (dir: string) =>
  `move the folder aside (mv ${dir} ${join(dirname(dir), basename(dir) + ".damaged")}) and start again with a fresh store (admin / admin)`;

function refuse(dir: string, problem: string, recoveries: string[]): DataFolderError {
  const steps = [...recoveries, moveAside(dir)].map((step) => `  - ${step}`).join(",\n");
  return new DataFolderError(
    `Cannot open the data folder ${dir}: ${problem}\nNothing on disk was changed. To recover, either:\n` +
      `  - restore the data folder from a backup,\n${steps}.`,
  );
}

export const damagedLog = (
  dir: string,
  file: string,
  offset: number,
  problem: string,
  whyNotTorn: string,
  bytesFromOffset: number,
): DataFolderError =>
  refuse(
    dir,
    `the write-ahead log ${join(dir, file)} is damaged at byte ${offset} (${problem}); ${whyNotTorn}, ` +
      `so it is not a write torn by a crash.`,
    [
      `keep what precedes the damage: truncate -s ${offset} ${join(dir, file)} (this loses the ` +
        `${bytesFromOffset} bytes from there on: the damaged record and any after it), then start again`,
    ],
  );

export const damagedSnapshot = (dir: string, file: string, offset: number, problem: string): DataFolderError =>
  refuse(dir, `the snapshot ${join(dir, file)} is damaged at byte ${offset} (${problem}).`, []);

export const missingSnapshot = (dir: string, problem: string): DataFolderError => refuse(dir, problem, []);

export const missingLog = (dir: string, file: string): DataFolderError =>
  refuse(
    dir,
    `the write-ahead log ${join(dir, file)} is missing; the writes made since the last start were in it.`,
    [],
  );

export const notAStore = (dir: string, entries: string[]): DataFolderError =>
  refuse(
    dir,
    `it holds no snapshot but is not empty (${entries.slice(0, 5).join(", ")}${entries.length > 5 ? ", ..." : ""}); ` +
      `a fresh store is created only in an empty or new folder.`,
    [`start with --data-dir naming an empty or new folder`],
  );
