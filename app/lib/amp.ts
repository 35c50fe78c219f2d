// Where a product's AMP document lives (docs/decisions/0026). One address per product, by id,
// whichever address (id or custom URL) the product page was opened at.
export function ampDocumentPath(productId: number): string {
  return `/amp/product/${productId}/amp.html`;
}
