// A page's form post from someone without a staff session holds few fields (decision 0085): the
// fields are counted before the form is parsed, so 256 KB of "a=&a=&…" (85,000 fields) costs a
// scan of its bytes, not a parse that held the event loop for most of a second.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNED_OUT_FORM_FIELDS } from "../../server/react-router-adapter";
import { freshIp } from "../helpers/accounts";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";

let t: PageApp;
beforeAll(async () => {
  if (hasPageBuild()) t = await createPageApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: string, contentType = "application/x-www-form-urlencoded") =>
  t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": contentType, host: "localhost:3000", origin: "http://localhost:3000" },
    payload,
    remoteAddress: freshIp(),
  });

describe.skipIf(!hasPageBuild())("a signed-out form post", () => {
  it("of more fields than any public form has is refused with 413, before it is parsed", async () => {
    for (const url of ["/login", "/product/1", "/account"]) {
      const flood = await post(url, "a=&".repeat(85_000));
      expect(flood.statusCode, url).toBe(413);
      expect(flood.json()).toEqual({ detail: `A form may have at most ${SIGNED_OUT_FORM_FIELDS} fields.` });
    }
    // the console's sign-in reads less still (16 KB without a session), then counts the same
    const consoleFlood = await post("/admin/login", "a=&".repeat(5_000));
    expect(consoleFlood.statusCode).toBe(413);
    expect(consoleFlood.json()).toEqual({ detail: `A form may have at most ${SIGNED_OUT_FORM_FIELDS} fields.` });
    const boundary = "x";
    const parts = Array.from(
      { length: SIGNED_OUT_FORM_FIELDS + 1 },
      (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
    );
    const multipart = await post(
      "/login",
      `${parts.join("")}--${boundary}--\r\n`,
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(multipart.statusCode).toBe(413);
  });

  it("with as many fields as allowed goes on to the page", async () => {
    const fields = Array.from({ length: SIGNED_OUT_FORM_FIELDS }, (_, i) => `f${i}=v`).join("&");
    const res = await post("/login", fields);
    expect(res.statusCode).not.toBe(413);
    expect(res.statusCode).toBeLessThan(500);
  });
});
