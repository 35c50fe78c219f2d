// The printed papers of an order (decision 0058): the outer label, the packing slip and the
// invoice, one order to a page, in black on white so any printer (a thermal label printer too)
// prints them readably. On screen a bar above them has the Print button, the way back and the
// other papers; it never prints.
import { Link } from "react-router";
import type { InvoiceSheet, LabelSheet, PrintPageData, PrintPaper, SlipSheet } from "../../lib/print.server";
import { useHydrated } from "../../lib/use-hydrated";

const PAGE_RULE: Record<PrintPaper, string> = {
  a4: "@page { size: A4; margin: 12mm; }",
  label: "@page { size: 4in 6in; margin: 0.12in; }",
};

/** The page's style sheet: the paper's size and margins, and how each paper looks on screen and printed. */
export function printStyles(paper: PrintPaper): string {
  return `${PAGE_RULE[paper]}
body { display: block; min-height: 0; background: #d6d3d1; color: #000; }
.print-bar { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; padding: 10px 16px; background: #fff; border-bottom: 1px solid #a8a29e; font-size: 14px; }
.print-bar a { text-decoration: underline; text-underline-offset: 4px; }
.print-bar a[aria-current] { font-weight: 700; text-decoration: none; }
.print-choices { display: flex; flex-wrap: wrap; gap: 4px 12px; }
.print-sheets { padding: 16px 8px; }
.print-sheet { box-sizing: border-box; margin: 0 auto 16px; background: #fff; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.35); overflow: hidden; font-size: 10pt; line-height: 1.35; }
.paper-a4 .print-sheet { width: 210mm; min-height: 297mm; padding: 12mm; }
.paper-label .print-sheet { width: 4in; min-height: 6in; padding: 0.12in; font-size: 9pt; }
.print-warning { margin-bottom: 8px; padding: 4px 8px; border: 2px solid #000; font-weight: 700; text-transform: uppercase; text-align: center; }
.print-head { display: flex; justify-content: space-between; gap: 12px; align-items: flex-start; }
.print-title { font-size: 18pt; font-weight: 700; letter-spacing: 0.02em; margin: 0; }
.paper-label .print-title { font-size: 14pt; }
.print-muted { color: #333; }
.print-small { font-size: 8pt; }
.print-rule { border: 0; border-top: 1.5pt solid #000; margin: 8px 0; }
.print-table { width: 100%; border-collapse: collapse; margin-top: 8px; }
.print-table th { text-align: left; font-size: 8pt; text-transform: uppercase; letter-spacing: 0.05em; border-bottom: 1.5pt solid #000; padding: 4px 4px; }
.print-table td { border-bottom: 0.75pt solid #666; padding: 6px 4px; vertical-align: top; }
.num, .print-table th.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.print-tick { display: inline-block; width: 14pt; height: 14pt; border: 1.5pt solid #000; }
.print-totals { margin-left: auto; margin-top: 8px; width: 60%; min-width: 2.6in; border-collapse: collapse; }
.print-totals td { padding: 3px 4px; }
.print-totals .grand td { border-top: 1.5pt solid #000; font-size: 12pt; font-weight: 700; }
.print-sign { display: flex; gap: 24px; margin-top: 24px; }
.print-sign span { flex: 1; border-top: 0.75pt solid #000; padding-top: 4px; font-size: 8pt; }
.label-from { font-size: 8pt; }
.label-address { font-size: 10pt; margin: 0; }
.label-to-name { font-size: 16pt; font-weight: 700; margin: 2px 0 0; }
.label-phone { font-size: 13pt; font-weight: 700; margin: 0; }
.label-city { font-size: 22pt; font-weight: 800; text-transform: uppercase; margin: 4px 0 0; letter-spacing: 0.02em; }
.label-collect { margin: 8px 0; padding: 6px 8px; border: 3pt solid #000; text-align: center; }
.label-collect strong { display: block; font-size: 24pt; line-height: 1.1; }
.label-track { display: flex; justify-content: space-between; align-items: center; gap: 8px; }
.label-track-id { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 26pt; font-weight: 800; letter-spacing: 0.04em; line-height: 1.1; margin: 0; }
.label-qr { width: 1.1in; height: 1.1in; flex-shrink: 0; }
.invoice-qr { width: 1in; height: 1in; }
.print-caption { font-size: 7pt; text-transform: uppercase; letter-spacing: 0.08em; margin: 0; }
@media screen and (max-width: 840px) { .paper-a4 .print-sheet { width: auto; min-height: 0; padding: 16px; } }
@media screen and (max-width: 420px) { .paper-label .print-sheet { width: auto; min-height: 0; } }
@media print {
  body { background: #fff; }
  .print-bar { display: none; }
  .print-sheets { padding: 0; }
  .print-sheet, .paper-a4 .print-sheet, .paper-label .print-sheet { width: auto; min-height: 0; margin: 0; padding: 0; box-shadow: none; overflow: visible; break-after: page; }
  .print-sheet:last-child { break-after: auto; }
}
`;
}

const DOC_NAMES = { slip: "Packing slips", invoice: "Invoices", label: "Labels" } as const;
const PAPER_NAMES: Record<PrintPaper, string> = { a4: "A4", label: "4×6 in" };
const ONE_DOC = { slip: "packing slip", invoice: "invoice", label: "label" } as const;

function PrintBar({ page }: { page: PrintPageData }) {
  const hydrated = useHydrated();
  const ids = page.ids.join(",");
  const href = (doc: string, paper: string) => `/admin/print?ids=${ids}&doc=${doc}&paper=${paper}`;
  const back = page.ids.length === 1 ? `/admin/orders/${page.ids[0]}` : "/admin/orders";
  const count = page.sheets.length;
  const notReady = page.sheets.filter((s) => s.status !== "confirmed" && s.status !== "packed");
  return (
    <div className="print-bar">
      <Link to={back}>← {page.ids.length === 1 ? "Order" : "Orders"}</Link>
      <p className="m-0 font-semibold" role="status">
        {count} {count === 1 ? ONE_DOC[page.doc] : DOC_NAMES[page.doc].toLowerCase()} · {PAPER_NAMES[page.paper]}
      </p>
      <button type="button" className="btn-primary" disabled={!hydrated} onClick={() => window.print()}>
        Print
      </button>
      <nav aria-label="Papers" className="print-choices">
        {(Object.keys(DOC_NAMES) as (keyof typeof DOC_NAMES)[]).map((doc) => (
          <Link key={doc} to={href(doc, page.paper)} aria-current={doc === page.doc ? "page" : undefined}>
            {DOC_NAMES[doc]}
          </Link>
        ))}
        {(Object.keys(PAPER_NAMES) as PrintPaper[]).map((paper) => (
          <Link key={paper} to={href(page.doc, paper)} aria-current={paper === page.paper ? "page" : undefined}>
            {PAPER_NAMES[paper]}
          </Link>
        ))}
      </nav>
      {notReady.length > 0 && (
        <p className="m-0 w-full text-sm text-amber-900" role="note">
          Not confirmed or packed: {notReady.map((s) => `${s.trackingId} (${s.status})`).join(", ")}.
        </p>
      )}
    </div>
  );
}

/** A parcel that must not go out says so across its paper. */
function Warning({ status }: { status: string }) {
  if (status !== "cancelled" && status !== "returned") return null;
  return <p className="print-warning">{status === "cancelled" ? "Cancelled: do not send" : "Returned"}</p>;
}

function Label({ sheet }: { sheet: LabelSheet }) {
  const { label } = sheet;
  return (
    <>
      <Warning status={sheet.status} />
      <div className="label-from">
        <p className="print-caption">From</p>
        <p className="m-0 font-semibold">{label.sender.name}</p>
        {label.sender.addressLines.length > 0 && <p className="m-0">{label.sender.addressLines.join(", ")}</p>}
        {label.sender.phone && <p className="m-0">{label.sender.phone}</p>}
      </div>
      <hr className="print-rule" />
      <p className="print-caption">To</p>
      <p className="label-to-name">{label.recipient.name}</p>
      <p className="label-phone">{label.recipient.phone}</p>
      <p className="label-address">{label.recipient.addressLines.join(", ")}</p>
      <p className="label-city">
        {label.recipient.city} {label.recipient.postalCode}
      </p>
      <div className="label-collect">
        <span className="print-caption">Cash on delivery</span>
        <strong>{label.collect}</strong>
      </div>
      <div className="label-track">
        <div>
          <p className="print-caption">Tracking ID</p>
          <p className="label-track-id">{label.trackingId}</p>
          {label.courier && label.consignment && (
            <p className="m-0 font-semibold">
              {label.courier} {label.consignment}
            </p>
          )}
        </div>
        {sheet.qr && <img className="label-qr" src={sheet.qr} alt={`QR code: ${label.trackingUrl}`} />}
      </div>
      <hr className="print-rule" />
      <p className="m-0">
        Contents: <strong>{label.contents}</strong> · Pieces: <strong>{label.pieces}</strong> · Order {sheet.orderId} ·{" "}
        {sheet.placed}
      </p>
    </>
  );
}

function Slip({ sheet }: { sheet: SlipSheet }) {
  return (
    <>
      <Warning status={sheet.status} />
      <div className="print-head">
        <div>
          <h2 className="print-title">Packing slip</h2>
          <p className="m-0 font-semibold">Order {sheet.trackingId}</p>
          <p className="m-0 print-muted">Placed {sheet.placed}</p>
        </div>
        <p className="m-0 text-end font-semibold">{sheet.storeName}</p>
      </div>
      <hr className="print-rule" />
      <p className="m-0">
        For <strong>{sheet.shipTo.name}</strong>, {sheet.shipTo.city} · {sheet.shipTo.phone}
      </p>
      <table className="print-table">
        <thead>
          <tr>
            <th scope="col">Packed</th>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Qty
            </th>
          </tr>
        </thead>
        <tbody>
          {sheet.items.map((item, i) => (
            <tr key={i}>
              <td>
                <span className="print-tick" aria-hidden="true" />
              </td>
              <td>
                <strong>{item.name}</strong>
                {item.variant && <span className="block print-muted">{item.variant}</span>}
              </td>
              <td className="num">
                <strong>{item.quantity}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 mb-0 text-end">
        Pieces in the parcel: <strong>{sheet.pieces}</strong>
      </p>
      <div className="print-sign">
        <span>Packed by</span>
        <span>Checked by</span>
      </div>
    </>
  );
}

function Invoice({ sheet }: { sheet: InvoiceSheet }) {
  return (
    <>
      <Warning status={sheet.status} />
      <div className="print-head">
        <div>
          <h2 className="print-title">Invoice</h2>
          <p className="m-0">
            Invoice no. <strong>{sheet.orderId}</strong> · Order <strong>{sheet.trackingId}</strong>
          </p>
          <p className="m-0 print-muted">Date: {sheet.placed} (Pakistan time)</p>
        </div>
        <div className="text-end">
          <p className="m-0 font-semibold">{sheet.store.name}</p>
          {sheet.store.addressLines.map((line, i) => (
            <p key={i} className="m-0 print-small">
              {line}
            </p>
          ))}
          {sheet.store.phone && <p className="m-0 print-small">{sheet.store.phone}</p>}
        </div>
      </div>
      <hr className="print-rule" />
      <p className="print-caption">Bill to and ship to</p>
      <p className="m-0 font-semibold">{sheet.billTo.name}</p>
      <p className="m-0">
        {sheet.billTo.phone} · {sheet.billTo.email}
      </p>
      <p className="m-0">{sheet.billTo.address}</p>
      <table className="print-table">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col" className="num">
              Unit price
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {sheet.items.map((item, i) => (
            <tr key={i}>
              <td>
                {item.name}
                {item.variant && <span className="block print-muted">{item.variant}</span>}
              </td>
              <td className="num">{item.quantity}</td>
              <td className="num">{item.unitPrice}</td>
              <td className="num">{item.lineTotal}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="print-totals">
        <tbody>
          <tr>
            <td>Subtotal</td>
            <td className="num">{sheet.subtotal}</td>
          </tr>
          <tr>
            <td>Shipping</td>
            <td className="num">{sheet.shipping}</td>
          </tr>
          {sheet.discount && (
            <tr>
              <td>Discount{sheet.voucherCode ? ` (voucher ${sheet.voucherCode})` : ""}</td>
              <td className="num">{sheet.discount}</td>
            </tr>
          )}
          <tr className="grand">
            <td>Total</td>
            <td className="num">{sheet.total}</td>
          </tr>
          <tr>
            <td>Payment</td>
            <td className="num">Cash on delivery</td>
          </tr>
          {sheet.cashCollected && (
            <tr>
              <td>Paid on delivery</td>
              <td className="num">{sheet.cashCollected}</td>
            </tr>
          )}
        </tbody>
      </table>
      <div className="print-head mt-4">
        <p className="m-0 print-small">
          Track your order: {sheet.trackingUrl}
          <br />
          Thank you for shopping with {sheet.store.name}.
        </p>
        <img className="invoice-qr" src={sheet.qr} alt={`QR code: ${sheet.trackingUrl}`} />
      </div>
    </>
  );
}

export function PrintSheets({ page }: { page: PrintPageData }) {
  return (
    <div className={`paper-${page.paper}`}>
      <PrintBar page={page} />
      <main className="print-sheets" aria-label={DOC_NAMES[page.doc]}>
        {page.doc === "label" &&
          page.sheets.map((sheet) => (
            <article key={sheet.orderId} className="print-sheet" aria-label={`Label ${sheet.trackingId}`}>
              <Label sheet={sheet} />
            </article>
          ))}
        {page.doc === "slip" &&
          page.sheets.map((sheet) => (
            <article key={sheet.orderId} className="print-sheet" aria-label={`Packing slip ${sheet.trackingId}`}>
              <Slip sheet={sheet} />
            </article>
          ))}
        {page.doc === "invoice" &&
          page.sheets.map((sheet) => (
            <article key={sheet.orderId} className="print-sheet" aria-label={`Invoice ${sheet.trackingId}`}>
              <Invoice sheet={sheet} />
            </article>
          ))}
      </main>
    </div>
  );
}
