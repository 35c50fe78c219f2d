// The search box of a console form that finds a product by its name or number (the new order's
// items, a home page section's products), and its Find button; the form around it is a GET form.
export function ProductSearchField({ defaultValue, placeholder }: { defaultValue: string; placeholder: string }) {
  return (
    <>
      <label className="min-w-0 flex-1">
        <span className="sr-only">Product name or number</span>
        <input
          type="search"
          name="q"
          defaultValue={defaultValue}
          maxLength={100}
          placeholder={placeholder}
          className="field"
        />
      </label>
      <button type="submit" className="btn-secondary">
        Find
      </button>
    </>
  );
}
