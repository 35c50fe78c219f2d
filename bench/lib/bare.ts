// The reference: bench/bare-server.mjs in its own node process, answering one recorded answer.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Child, startChild } from "./children";
import { benchDir } from "./paths";
import { HOST } from "./server";

export interface RecordedAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

export interface BareServer {
  url: string;
  child: Child;
  stop(): Promise<void>;
}

export async function startBareServer(answer: RecordedAnswer, timeoutMs = 15_000): Promise<BareServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-bare-"));
  const file = path.join(dir, "answer.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      status: answer.status,
      contentType: answer.contentType,
      bodyBase64: answer.body.toString("base64"),
    }),
  );
  const removeFile = () => fs.rmSync(dir, { recursive: true, force: true });

  let onPort: (port: number) => void = () => {};
  const portPromise = new Promise<number>((resolve) => (onPort = resolve));
  const child = startChild(process.execPath, [path.join(benchDir, "bare-server.mjs"), file], {
    env: { ...process.env, HOST },
    // an IPC channel so the bare server exits by itself if the bench dies
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    onLine(line) {
      try {
        const port = (JSON.parse(line) as { port?: unknown }).port;
        if (typeof port === "number" && port > 0) onPort(port);
      } catch {
        // not the ready line
      }
    },
  });

  let timer: NodeJS.Timeout | undefined;
  const port = await Promise.race([
    portPromise,
    child.exited.then((code) => {
      throw new Error(`bare server exited (${code}) before listening:\n${child.recentOutput()}`);
    }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("bare server did not start in time")), timeoutMs);
    }),
  ])
    .catch(async (error: unknown) => {
      await child.stop(2000);
      throw error;
    })
    .finally(() => {
      clearTimeout(timer);
      // the server read it before listening
      removeFile();
    });

  return {
    url: `http://${HOST}:${port}`,
    child,
    stop: () => child.stop(3000),
  };
}
