// Products from a CSV file (decision 0065): upload, then a preview of every
// row's errors (line and field) and of what would be created and updated, with nothing written;
// then Apply, once, all or nothing. The same file format as "Download products (CSV)".
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import {
  applyProductImport,
  IMPORT_LIMITS,
  PRODUCT_CSV_HEADER,
  previewProductImport,
  showProductImport,
} from "../../../core/catalog/product-csv";
import { AppError } from "../../../core/shared/errors";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle, Panel } from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { consoleMeta, formText } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/product-import";

export const meta = () => consoleMeta("Import products");
export const ErrorBoundary = ConsoleErrorBoundary;

const importId = (text: string | null) =>
  text && text.length <= 10 && /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 2_147_483_647
    ? Number(text)
    : null;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "products");
  const params = new URL(request.url).searchParams;
  const id = importId(params.get("id"));
  const limits = {
    megabytes: IMPORT_LIMITS.bytes / 1024 / 1024,
    rows: IMPORT_LIMITS.rows,
    columns: [...PRODUCT_CSV_HEADER],
  };
  if (id === null) return { limits, preview: null, applied: params.get("applied") === "1" };
  const preview = await showProductImport(context.core, actor, id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) throw data({ detail: error.message }, { status: 404 });
    throw error;
  });
  return {
    limits,
    applied: params.get("applied") === "1",
    preview: { ...preview, appliedAt: preview.appliedAt ? formatDayTime(preview.appliedAt) : null },
  };
}

interface Answer {
  error?: string;
  errors?: { line: number; field: string | null; message: string }[];
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "products");
  // the file's upload arrives already read: the adapter streamed it under the import's limits
  // (server/console-import-upload.ts, decision 0085); Apply is an ordinary small form
  const form = context.form ?? (await request.formData());
  const refusal = (error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    return data<Answer>(
      { error: error.message, errors: (error.extra?.errors as Answer["errors"]) ?? undefined },
      { status: error.status },
    );
  };
  if (formText(form, "intent") === "apply") {
    const id = importId(formText(form, "id"));
    if (id === null) return data<Answer>({ error: "Choose an import to apply." }, { status: 422 });
    try {
      await applyProductImport(context.core, actor, id);
    } catch (error) {
      return refusal(error);
    }
    throw redirect(`/admin/products/import?id=${id}&applied=1`);
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0)
    return data<Answer>({ error: "Choose a CSV file to upload." }, { status: 422 });
  if (file.size > IMPORT_LIMITS.bytes)
    return data<Answer>(
      { error: `The file is too large: at most ${IMPORT_LIMITS.bytes / 1024 / 1024} MB.` },
      { status: 413 },
    );
  try {
    const preview = await previewProductImport(context.core, actor, {
      fileName: file.name,
      content: new Uint8Array(await file.arrayBuffer()),
    });
    throw redirect(`/admin/products/import?id=${preview.id}`);
  } catch (error) {
    if (error instanceof Response) throw error;
    return refusal(error);
  }
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="bg-white p-3 ring-1 ring-stone-200">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value.toLocaleString("en-US")}</dd>
    </div>
  );
}

export default function ConsoleProductImport() {
  const { limits, preview, applied } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const errors = answer?.errors ?? preview?.errors ?? [];
  return (
    <>
      <PageTitle
        title="Import products"
        intro="Upload a CSV file to create or update products, their options and stock. You see what would change before anything is written."
      />
      <p className="mb-4 text-sm">
        <a href="/admin/products/export.csv" className="underline underline-offset-4" download>
          Download the products as CSV
        </a>{" "}
        to start from the shop's own file.
      </p>
      {answer?.error && (
        <div className="mb-4">
          <Notice kind="error">{answer.error}</Notice>
        </div>
      )}
      {applied && preview?.appliedAt && (
        <div className="mb-4">
          <Notice kind="success">Imported. The shop shows the changes now.</Notice>
        </div>
      )}
      {preview && (
        <section aria-label="Preview" className="mb-6">
          <h2 className="mb-2 text-lg font-semibold break-words">
            {preview.appliedAt ? "Imported" : "Preview"}: {preview.fileName}
          </h2>
          <dl className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Count label="Rows" value={preview.counts.rows} />
            <Count label="Products to create" value={preview.counts.productsToCreate} />
            <Count label="Products to update" value={preview.counts.productsToUpdate} />
            <Count label="Products unchanged" value={preview.counts.productsUnchanged} />
            <Count label="Combinations to create" value={preview.counts.combinationsToCreate} />
            <Count label="Combinations to update" value={preview.counts.combinationsToUpdate} />
            <Count label="Combinations unchanged" value={preview.counts.combinationsUnchanged} />
            <Count label="Stock changes" value={preview.counts.stockChanges} />
          </dl>
          {preview.appliedAt ? (
            <p className="text-sm text-stone-700">
              Applied on {preview.appliedAt}. Upload the file again to import it again.
            </p>
          ) : preview.errorCount > 0 ? (
            <Notice kind="error">
              {preview.errorCount.toLocaleString("en-US")} {preview.errorCount === 1 ? "error" : "errors"}: nothing can
              be imported until the file is put right. Correct it and upload it again.
            </Notice>
          ) : (
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="apply" />
              <input type="hidden" name="id" value={preview.id} />
              <button type="submit" disabled={busy} className="btn-primary">
                Apply this import
              </button>
              <span className="text-sm text-stone-700">All of it is written at once, or nothing.</span>
            </Form>
          )}
        </section>
      )}
      {errors.length > 0 && (
        <section aria-label="Errors" className="mb-6">
          <h2 className="mb-2 text-lg font-semibold">Errors</h2>
          <div className="overflow-x-auto bg-white ring-1 ring-stone-200">
            <table className="w-full text-start text-sm">
              <thead className="bg-stone-50 text-xs uppercase tracking-wide text-stone-600">
                <tr>
                  <th scope="col" className="p-2">
                    Line
                  </th>
                  <th scope="col" className="p-2">
                    Column
                  </th>
                  <th scope="col" className="p-2">
                    Problem
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {errors.map((e, i) => (
                  <tr key={`${e.line}-${e.field}-${i}`}>
                    <td className="p-2 tabular-nums">{e.line}</td>
                    <td className="p-2 font-mono text-xs">{e.field ?? "—"}</td>
                    <td className="p-2 break-words">{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      <Panel title={preview ? "Upload another file" : "Upload a file"}>
        <Form method="post" encType="multipart/form-data" className="space-y-3">
          <input type="hidden" name="intent" value="preview" />
          <label className="block text-sm">
            <span className="block font-semibold">CSV file</span>
            <input type="file" name="file" accept=".csv,text/csv" required className="mt-1 block w-full text-sm" />
          </label>
          <p className="text-xs text-stone-600">
            At most {limits.megabytes} MB and {limits.rows.toLocaleString("en-US")} rows. Columns:{" "}
            {limits.columns.join(", ")}. One row per combination (size=M; color=Black in options), or per product
            without options; a blank stock leaves it as it is.
          </p>
          <button type="submit" disabled={busy} className="btn-primary">
            Check the file
          </button>
        </Form>
      </Panel>
      <p className="mt-4 text-sm">
        <Link to="/admin/stock" className="underline underline-offset-4">
          Stock
        </Link>
      </p>
    </>
  );
}
