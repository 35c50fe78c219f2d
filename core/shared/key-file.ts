// A key the store makes for itself on its first start with the embedded database (the VAPID pair,
// the secrets key): kept in one file in DATA_DIR, made once, the same for every later start.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The key in dataDir/fileName, read by `read` (which throws on a file that does not hold one);
 * made with `make` and written when there is none. The new file is written aside and linked into
 * place: the link fails if another process got there first (its key wins, and both read it), and no
 * reader ever sees half a file.
 */
export function keyFileOnce<T>(options: {
  dataDir: string;
  fileName: string;
  /** what the file holds, for the error when it holds something else ("a secrets key") */
  what: string;
  read: (text: string) => T;
  make: () => string;
}): T {
  const { dataDir, fileName, what, read, make } = options;
  const file = path.join(dataDir, fileName);
  const existing = (): T | null => {
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    try {
      return read(text);
    } catch (error) {
      throw new Error(`${file} does not hold ${what}: ${(error as Error).message}`);
    }
  };
  const found = existing();
  if (found !== null) return found;
  fs.mkdirSync(dataDir, { recursive: true });
  const aside = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  fs.writeFileSync(aside, make(), { mode: 0o600 });
  try {
    fs.linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  const made = existing();
  if (made === null) throw new Error(`${file} could not be written`);
  return made;
}
