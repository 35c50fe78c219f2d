// Streams each page's HTML. Bots get the whole document at once (better for indexing);
// browsers get it as it renders. The per-request nonce lets the CSP allow React Router's
// inline scripts and nothing else.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { InlineStylesheetContext } from "./lib/inline-stylesheet";
import { builtStylesheetText } from "./lib/inline-stylesheet.server";
import { NonceContext } from "./lib/nonce";
import stylesheet from "./app.css?url";

export const streamTimeout = 5_000;

// read once when the server starts: the build does not change under a running server
const inlineStylesheet = builtStylesheetText(stylesheet);

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const nonce = loadContext.nonce;
    // The stop watch must end with the render: left to run, each timer held its render (the
    // React tree, the loader data, the HTML) for six seconds, over a thousand renders and
    // ~700 MB at a hundred pages a second (issue 16, point 3, found in a heap snapshot).
    const stopWatch = setTimeout(() => stream.abort(), streamTimeout + 1000);
    const rendered = () => clearTimeout(stopWatch);

    const stream = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStylesheetContext.Provider value={inlineStylesheet}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineStylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady: rendered,
        [readyOption]() {
          if (readyOption === "onAllReady") rendered();
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          stream.pipe(body);
        },
        onShellError(error: unknown) {
          rendered();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
