// Renders each page's whole HTML, then sends it. Nothing on these pages suspends (loaders finish
// before rendering starts), so waiting for all of it costs nothing over streaming, and the whole
// document can be rewritten: its script preloads go behind the style sheet and the main image
// (decision 0031). The per-request nonce lets the CSP allow React Router's inline scripts and
// nothing else.
import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { lowerScriptPriority } from "./lib/script-priority.server";
import { NonceContext } from "./lib/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let allRendered = false;
    const nonce = loadContext.nonce;

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          allRendered = true;
          clearTimeout(abortTimer);
          const body = new PassThrough();
          pipe(body);
          text(body).then((html) => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(lowerScriptPriority(html), { headers: responseHeaders, status: responseStatusCode }));
          }, reject);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (allRendered) console.error(error);
        },
      },
    );
    // onAllReady comes later than this line (React starts rendering on a later tick)
    const abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}
