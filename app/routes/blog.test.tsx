// The blog's failure and empty states (spec §2, §8), which a browser test against a healthy
// store cannot reach: the loaders with a database that fails, and the pages rendered with the
// data those loaders answer.
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useLoaderData,
  type StaticHandlerContext,
} from "react-router";
import { describe, expect, it } from "vitest";
import type { CoreContext } from "../../core/context";
import BlogPage, { loader as blogLoader } from "./blog";
import BlogPostPage, { loader as postLoader } from "./blog-post";

// a database whose every query fails, as when the server is down
const failing = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error("database is down");
    },
  },
);
const core = { db: failing, cache: { getOrLoad: (_k: string, load: () => unknown) => load() } } as unknown as CoreContext;

type Answer = { data: Record<string, unknown>; init: { status: number; headers: Record<string, string> } };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- route components take the framework's props
async function render(path: string, pattern: string, Page: React.ComponentType<any>, data: unknown): Promise<string> {
  const handler = createStaticHandler([
    {
      path: pattern,
      loader: () => data,
      Component: () => {
        const loaderData = useLoaderData();
        return <Page loaderData={loaderData} />;
      },
    },
  ]);
  const context = (await handler.query(new Request(`http://store.test${path}`))) as StaticHandlerContext;
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />);
}

describe("blog failure and empty states", () => {
  const quiet = console.error;

  it("the list answers 503, not cached, with the failure message and Try Again", async () => {
    console.error = () => undefined;
    const answer = (await blogLoader({ context: { core } } as never)) as unknown as Answer;
    console.error = quiet;
    expect(answer.init.status).toBe(503);
    expect(answer.init.headers["Cache-Control"]).toBe("no-store");
    expect(answer.data).toEqual({ failed: true, posts: [] });
    const html = await render("/blog", "/blog", BlogPage, answer.data);
    expect(html).toContain("Failed to load blogs. Please try again later.");
    expect(html).toContain("Try Again");
  });

  it("the list says so when there are no posts", async () => {
    const html = await render("/blog", "/blog", BlogPage, { failed: false, posts: [] });
    expect(html).toContain("No blog posts yet");
    expect(html).not.toContain("Try Again");
  });

  it("a post that cannot be read says so, apart from a missing one", async () => {
    console.error = () => undefined;
    const answer = (await postLoader({ context: { core }, params: { slug: "any" } } as never)) as unknown as Answer;
    console.error = quiet;
    expect(answer.init.status).toBe(503);
    const failed = await render("/blog/any", "/blog/:slug", BlogPostPage, answer.data);
    expect(failed).toContain("Failed to load blog post. Please try again later.");
    const missing = await render("/blog/any", "/blog/:slug", BlogPostPage, { post: null, failed: false });
    expect(missing).toContain("Blog post not found.");
  });
});
