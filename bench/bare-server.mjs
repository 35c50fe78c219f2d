// The reference server for the bench: a bare node:http server answering every request with the
// exact bytes and content type the store gave for one call. Run with plain node (no tsx loader),
// in its own process, like the store:
//   node bench/bare-server.mjs <answer.json>
// where answer.json is {"contentType": "...", "status": 200, "bodyBase64": "..."}.
// Listens on 127.0.0.1 at a free port and prints {"port": N} on one line when ready.
import fs from "node:fs";
import { Buffer } from "node:buffer";
import http from "node:http";
import { setTimeout } from "node:timers";

const file = process.argv[2];
if (!file) {
  console.error("usage: node bench/bare-server.mjs <answer.json>");
  process.exit(2);
}
const answer = JSON.parse(fs.readFileSync(file, "utf8"));
const body = Buffer.from(answer.bodyBase64, "base64");
const status = answer.status ?? 200;
const headers = { "content-type": answer.contentType, "content-length": String(body.length) };

const server = http.createServer((request, response) => {
  // drain any request body, then answer
  request.resume();
  response.writeHead(status, headers);
  response.end(body);
});
server.keepAliveTimeout = 72_000;

server.listen(0, process.env.HOST || "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.stdout.write(JSON.stringify({ port }) + "\n");
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// if the bench dies without stopping us, do not linger
process.on("disconnect", () => process.exit(0));
