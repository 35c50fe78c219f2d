// The orders list's courier buttons for the ticked orders (decision 0103): "Book with courier"
// opens the bulk booking page, and the airway bills and load sheet open as PDFs in a new tab. Each
// sends the list's form by GET, so the ticked ids travel as id=1&id=2, before any script loads too.
export function BulkParcelButtons({ disabled }: { disabled?: boolean }) {
  return (
    <>
      <button
        type="submit"
        formMethod="get"
        formAction="/admin/parcels/book"
        disabled={disabled}
        className="btn-secondary shrink-0 px-3"
      >
        Book with courier
      </button>
      <button
        type="submit"
        formMethod="get"
        formAction="/admin/parcels/airway-bills.pdf"
        formTarget="_blank"
        disabled={disabled}
        className="btn-secondary shrink-0 px-3"
      >
        Airway bills
      </button>
      <button
        type="submit"
        formMethod="get"
        formAction="/admin/parcels/load-sheet.pdf"
        formTarget="_blank"
        disabled={disabled}
        className="btn-secondary shrink-0 px-3"
      >
        Load sheet
      </button>
    </>
  );
}
