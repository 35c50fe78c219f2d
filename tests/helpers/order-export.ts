// The order export tests: one store a file with an owner, a fulfilment and a catalogue member,
// orders written straight into the database with the fields a test names, and the export
// downloaded and parsed as a spreadsheet reads it.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { ORDER_CSV_HEADER, UTF8_BOM } from "../../core/orders/export";
import { packer, startOrderDesk, t, withPages } from "./order-desk";
import { rows } from "./shop";
import { type TestStaff } from "./staff";

export { catalogue, owner, packer, t } from "./order-desk";

/** RFC 4180 records, read back the way a spreadsheet would (the inverse of the writer). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || record.length > 0) throw new Error(`the file does not end with CRLF: ${JSON.stringify(cell)}`);
  return records;
}

export const exportCsv = (query: string, who: TestStaff | null = packer) =>
  t.app.inject({ method: "GET", url: `/api/admin/orders/export.csv${query}`, headers: who ? who.auth : {} });

/** The data rows of an export (header checked and dropped). */
export async function exported(query: string): Promise<string[][]> {
  const res = await exportCsv(query);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.body.startsWith(UTF8_BOM)).toBe(true);
  const [header, ...data] = parseCsv(res.body.slice(UTF8_BOM.length));
  expect(header).toEqual([...ORDER_CSV_HEADER]);
  return data;
}

export let serial = 0;
export interface OrderFields {
  city: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  phoneNormalized?: string;
  email?: string;
  address?: string;
  status?: string;
  createdAt?: string;
}

/** An order written straight into the table, every field known; answers its tracking ID and id. */
export async function insertOrder(
  fields: OrderFields,
  items: { name: string; variant: string | null; quantity: number }[],
) {
  serial += 1;
  const trackingId = `CSV${String(serial).padStart(6, "0")}`;
  const [row] = await rows<{ id: number }>(
    t,
    sql`insert into orders (tracking_id, status, first_name, last_name, email, phone, phone_normalized,
          shipping_address, city, postal_code, country, subtotal_paisa, shipping_paisa, discount_paisa, total_paisa,
          voucher_code, source, created_at)
        values (${trackingId}, ${fields.status ?? "pending confirmation"}, ${fields.firstName ?? "Ayesha"},
          ${fields.lastName ?? "Khan"}, ${fields.email ?? `csv${serial}@example.pk`}, ${fields.phone ?? "0300-1234567"},
          ${fields.phoneNormalized ?? "923001234567"}, ${fields.address ?? "House 1, Street 2"}, ${fields.city},
          '54000', 'Pakistan', 500000, 25000, 10000, 515000, null, 'website',
          ${fields.createdAt ?? "2026-11-20T09:05:00Z"}::timestamptz)
        returning id`,
  );
  for (const item of items) {
    await t.database.db.execute(sql`
      insert into order_items (order_id, product_name, combination_name, unit_price_paisa, quantity, line_total_paisa)
      values (${row!.id}, ${item.name}, ${item.variant}, 100000, ${item.quantity}, ${100000 * item.quantity})`);
  }
  return { id: row!.id, trackingId };
}

export function startOrderExportStore() {
  // with the pages built (npm test builds first), the console's link is checked too
  startOrderDesk({ app: withPages(), members: ["fulfilment", "catalogue"] });
}
