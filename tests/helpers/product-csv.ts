// The product CSV tests: one store a file with an owner, a catalogue and a fulfilment member, and
// the export, the upload, the Apply and a CSV written as a spreadsheet writes it.
import { expect } from "vitest";
import { catalogue, startOrderDesk, t, withPages } from "./order-desk";
import { hasPageBuild } from "./page-app";
import { type TestStaff } from "./staff";

export { catalogue, owner, packer, t } from "./order-desk";
export const pages = hasPageBuild();

export const exportCsv = async (who: TestStaff = catalogue) => {
  const res = await t.app.inject({ method: "GET", url: "/api/admin/products/export.csv", headers: who.auth });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res.body;
};
export const upload = (text: string | Buffer, who: TestStaff = catalogue, name = "products.csv") =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/products/imports?file_name=${encodeURIComponent(name)}`,
    headers: { ...who.auth, "content-type": "text/csv" },
    payload: text,
  });
export const apply = (id: number, who: TestStaff = catalogue) =>
  t.app.inject({ method: "POST", url: `/api/admin/products/imports/${id}/apply`, headers: who.auth });

export const csv = (header: readonly string[], lines: (string | number)[][]) =>
  [
    header.join(","),
    ...lines.map((l) => l.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : c)).join(",")),
  ].join("\r\n") + "\r\n";

let urlNumber = 0;
export const newUrl = () => `csv-test-piece-${++urlNumber}-${Date.now().toString(36)}`;

export function startProductCsvStore() {
  startOrderDesk({ app: withPages({ cacheMs: 60_000 }), members: ["catalogue", "fulfilment"] });
}
