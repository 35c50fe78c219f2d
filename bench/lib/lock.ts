// One bench at a time per data folder: two stores on the same PGlite folder would corrupt it, and
// two benches on a 2-core machine measure each other.
import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "./paths";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes data/bench/.bench.lock (or throws naming the running bench); released when the process exits. */
export function lockDataDir(dataDir: string): void {
  const dir = path.resolve(projectRoot, dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, ".bench.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      process.on("exit", () => {
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(file, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
        throw new Error(
          `Another bench (pid ${holder}) is using ${path.relative(projectRoot, dir)}: wait for it to finish ` +
            `(or delete ${path.relative(projectRoot, file)} if that process is not a bench).`,
        );
      }
      fs.rmSync(file, { force: true }); // left by a bench that died
    }
  }
  throw new Error(`could not take ${file}`);
}
