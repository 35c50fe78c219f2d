// The collection page's "Details" panel: name, description (each with its Urdu twin), place among collections, shown on
// the storefront, featured on the home page; one ConsoleForm (decision 0096).
import { ConsoleForm, FormNotice, Panel, TextArea, TextField } from "./Fields";
import { Notice } from "./Notice";
import type { CollectionAnswer } from "./CollectionEditorAnswer";

export function CollectionEditorDetails({
  collection,
  answer,
  busy,
}: {
  collection: {
    name: string;
    description: string;
    nameUr: string;
    descriptionUr: string;
    position: number;
    isActive: boolean;
    isFeatured: boolean;
  };
  answer: CollectionAnswer | undefined;
  busy: boolean;
}) {
  return (
    <Panel title="Details">
      {answer?.form === "details" && answer.done && (
        <div className="mb-3">
          <Notice kind="success">{answer.done}</Notice>
        </div>
      )}
      <ConsoleForm
        method="post"
        className="space-y-4"
        aria-label="Collection details"
        key={JSON.stringify(collection)}
        answer={answer?.form === "details" ? answer : undefined}
      >
        <input type="hidden" name="intent" value="details" />
        <div className="space-y-4">
          <TextField label="Name" name="name" required maxLength={100} defaultValue={collection.name} />
          <TextField
            label="Urdu name"
            name="name_ur"
            maxLength={100}
            defaultValue={collection.nameUr}
            lang="ur"
            hint="Shown on the Urdu pages. Empty: the English name shows there."
          />
          <TextArea label="Description" name="description" maxLength={2000} defaultValue={collection.description} />
          <TextArea
            label="Urdu description"
            name="description_ur"
            maxLength={2000}
            defaultValue={collection.descriptionUr}
            lang="ur"
          />
        </div>
        <TextField
          label="Place among collections"
          name="position"
          inputMode="numeric"
          maxLength={7}
          defaultValue={String(collection.position)}
          hint="Lowest first. The list of collections can also move it up or down."
        />
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="is_active" defaultChecked={collection.isActive} className="h-5 w-5" />
          Shown on the storefront
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="is_featured" defaultChecked={collection.isFeatured} className="h-5 w-5" />
          Featured on the home page
        </label>
        <FormNotice />
        <button type="submit" disabled={busy} className="btn-primary">
          Save details
        </button>
      </ConsoleForm>
    </Panel>
  );
}
