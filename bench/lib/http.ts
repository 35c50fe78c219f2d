// One plain HTTP GET with node:http, the way autocannon asks: no Accept-Encoding (unless told), so
// the answer is the uncompressed bytes autocannon will get too.
import http from "node:http";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  contentType: string;
  body: Buffer;
}

export function getRaw(url: string, timeoutMs = 15_000, headers: http.OutgoingHttpHeaders = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { timeout: timeoutMs, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          contentType: response.headers["content-type"] ?? "application/octet-stream",
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url}: no answer in ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

export async function getJson<T>(url: string): Promise<T> {
  const answer = await getRaw(url);
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`GET ${url} answered ${answer.status}: ${answer.body.toString("utf8").slice(0, 300)}`);
  }
  return JSON.parse(answer.body.toString("utf8")) as T;
}
