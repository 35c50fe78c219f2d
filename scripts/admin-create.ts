// npm run admin:create -- --email x@y.z [--first-name A --last-name B]
// Creates a staff account, or makes an existing account staff, and sets its password. The
// password is typed twice without echo on a terminal, or read as one line from a pipe; never
// from an argument or an environment variable, where it would end up in shell history or in
// the process list. The demo seed creates no admin.
import readline from "node:readline";
import { parseArgs } from "node:util";
import { createOrPromoteAdmin } from "../core/staff/owner-command";
import { meetsPasswordRules, PASSWORD_MAX, PASSWORD_RULE_MESSAGE } from "../core/accounts/rules";
import { ReadCache } from "../core/shared/cache";
import { AppError } from "../core/shared/errors";
import { createDatabaseRateLimiter } from "../core/shared/rate-limit";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { loadConfig } from "../server/config";

const USAGE = "Usage: npm run admin:create -- --email you@example.com [--first-name A --last-name B]";

class Cancelled extends Error {}

/** Reads one line from the terminal in raw mode, echoing nothing. */
function readHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
    };
    const onData = (chunk: string) => {
      // an escape sequence (arrow keys and the like) arrives as one chunk: ignore all of it
      if (chunk.startsWith("\u001b")) return;
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") {
          finish();
          return resolve(value);
        }
        if (ch === "\u0003" || (ch === "\u0004" && value === "")) {
          finish();
          return reject(new Cancelled("Cancelled."));
        }
        if (ch === "\u007f" || ch === "\b") value = Array.from(value).slice(0, -1).join("");
        else if (ch === "\u0015") value = "";
        else if (ch >= " ") value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

/** The first line of a piped stdin (no echo to worry about). */
async function readLine(): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  try {
    for await (const line of rl) return line;
    return "";
  } finally {
    rl.close();
  }
}

function passwordProblem(password: string): string | null {
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters.`;
  return meetsPasswordRules(password) ? null : PASSWORD_RULE_MESSAGE;
}

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const password = await readLine();
    const problem = passwordProblem(password);
    if (problem) throw new AppError(422, problem);
    return password;
  }
  for (let attempt = 1; ; attempt++) {
    const password = await readHidden("Password: ");
    const problem = passwordProblem(password);
    const confirmed = problem ? null : await readHidden("Password again: ");
    if (!problem && confirmed === password) return password;
    const message = problem ?? "Passwords do not match.";
    if (attempt === 3) throw new AppError(422, message);
    process.stderr.write(`${message} Try again.\n`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help || !values.email) {
    console.error(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const password = await askPassword();

  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    const core = { db: database.db, cache: new ReadCache(0), limiter: createDatabaseRateLimiter(database.db) };
    const { user, created } = await createOrPromoteAdmin(core, {
      email: values.email,
      password,
      firstName: values["first-name"],
      lastName: values["last-name"],
    });
    console.log(
      created
        ? `Created admin ${user.email} (id ${user.id}) on ${database.kind}.`
        : `${user.email} (id ${user.id}) is now an admin; the new password is set and their other sessions are signed out.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof Cancelled || error instanceof AppError) console.error(error.message);
  else if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
    console.error(`${error.message}\n${USAGE}`);
  } else console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
