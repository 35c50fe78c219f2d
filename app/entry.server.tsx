// Renders each page's HTML and hands it over whole. The per-request nonce lets the CSP allow
// React Router's inline scripts and nothing else.
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { InlineStylesheetContext } from "./lib/inline-stylesheet";
import { builtStylesheetText } from "./lib/inline-stylesheet.server";
import { NonceContext } from "./lib/nonce";
import stylesheet from "./app.css?url";
import urduStylesheet from "./urdu.css?url";
// loaders, actions and pages in Urdu translate on the server whichever route ran first
import "./i18n/ur";

export const streamTimeout = 5_000;

// read once when the server starts: the build does not change under a running server
const inlineStylesheets = {
  [stylesheet]: builtStylesheetText(stylesheet),
  [urduStylesheet]: builtStylesheetText(urduStylesheet),
};

// Why whole, not streamed from the shell on (React Router's template streams to browsers and
// waits for bots): every loader here awaits its data, and no page has a Suspense boundary, so
// "all ready" comes a few microtasks after "shell ready", once React Router has written the
// loader data for hydration. Nothing reaches a browser sooner by streaming. Streamed, each
// page's ~70 small chunks went through a Node stream and a web stream and were read back by the
// page cache: ~8% of a render's time (decision 0081). A page that one day
// defers data behind <Await> would be held until it arrives, as bots' pages always were: stream
// that page from onShellReady then.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const nonce = loadContext.nonce;
    // The stop watch must end with the render: left to run, each timer held its render (the
    // React tree, the loader data, the HTML) for six seconds, over a thousand renders and
    // ~700 MB at a hundred pages a second (found in a heap snapshot).
    const stopWatch = setTimeout(() => stream.abort(), streamTimeout + 1000);

    const stream = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStylesheetContext.Provider value={inlineStylesheets}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineStylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          clearTimeout(stopWatch);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // React writes the whole page as soon as it is piped, and ends
          const chunks: Buffer[] = [];
          const page = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              const html = Buffer.concat(chunks);
              // a stream over the bytes, not the bytes: a Response made from bytes copies them
              const body = new ReadableStream<Uint8Array>({
                start(controller) {
                  controller.enqueue(html);
                  controller.close();
                },
              });
              const response = new Response(body, { headers: responseHeaders, status: responseStatusCode });
              // for the page cache, which keeps the page (server/react-router-adapter.ts)
              loadContext.renderedPage = { response, html };
              resolve(response);
              done();
            },
          });
          page.once("error", reject);
          stream.pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(stopWatch);
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
