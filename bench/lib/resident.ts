// A process's resident memory, read from /proc (Linux): what the memory, scale and orders-admin
// sections sample while they load the store.
import fs from "node:fs";

/** The process's resident memory in MB (MiB: kB / 1024), or NaN where /proc is not there. */
export function residentMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}
