// The collection page's "Hero image" panel: upload one (decision 0066), or choose one of the
// photos of the collection's products, or none.
import { Form } from "react-router";
import { imageSrc } from "../../lib/images";
import { CollectionAnswerNotice, type CollectionAnswer } from "./CollectionEditorAnswer";
import { Panel } from "./Fields";
import { SiteImageUpload } from "./SiteImageUpload";

export function CollectionEditorHero({
  collection,
  imageChoices,
  upload,
  answer,
  busy,
}: {
  collection: { id: number; imageUrl: string | null };
  /** the photos of its products, to choose from */
  imageChoices: string[];
  /** what an upload came back with, from the address */
  upload: React.ComponentProps<typeof SiteImageUpload>["outcome"];
  answer: CollectionAnswer | undefined;
  busy: boolean;
}) {
  return (
    <Panel title="Hero image">
      <CollectionAnswerNotice answer={answer} form="image" />
      <div className="mb-4">
        <SiteImageUpload
          action={`/admin/collections/${collection.id}/image/upload`}
          label="Upload a hero image"
          hint="Shown wide on the home page's slider, and as the collection's picture when its page is shared."
          // a later form's answer replaces what the upload came back with
          outcome={answer ? { uploaded: false, error: null } : upload}
        />
      </div>
      <p className="mb-3 text-xs text-stone-600">Or choose one of the photos of the collection&apos;s products.</p>
      <Form method="post" preventScrollReset aria-label="Hero image" key={collection.imageUrl ?? "none"}>
        <input type="hidden" name="intent" value="image" />
        <fieldset>
          <legend className="sr-only">Hero image</legend>
          <div className="grid grid-cols-4 gap-2">
            <label className="flex aspect-[3/4] cursor-pointer flex-col items-center justify-center gap-1 bg-stone-100 p-1 text-center text-xs ring-1 ring-stone-200 has-[:checked]:ring-2 has-[:checked]:ring-ink">
              <input type="radio" name="image_url" value="" defaultChecked={!collection.imageUrl} />
              No image
            </label>
            {collection.imageUrl && !imageChoices.includes(collection.imageUrl) && (
              <label className="relative block cursor-pointer ring-1 ring-stone-200 has-[:checked]:ring-2 has-[:checked]:ring-ink">
                <img
                  src={imageSrc(collection.imageUrl, 400)}
                  alt="The current image"
                  className="aspect-[3/4] w-full object-cover"
                />
                <input
                  type="radio"
                  name="image_url"
                  value={collection.imageUrl}
                  defaultChecked
                  aria-label="Keep the current image"
                  className="absolute top-1 start-1 h-5 w-5"
                />
              </label>
            )}
            {imageChoices.map((url, i) => (
              <label
                key={url}
                className="relative block cursor-pointer ring-1 ring-stone-200 has-[:checked]:ring-2 has-[:checked]:ring-ink"
              >
                <img src={imageSrc(url, 400)} alt="" loading="lazy" className="aspect-[3/4] w-full object-cover" />
                <input
                  type="radio"
                  name="image_url"
                  value={url}
                  defaultChecked={collection.imageUrl === url}
                  aria-label={`Photo ${i + 1}`}
                  className="absolute top-1 start-1 h-5 w-5"
                />
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" disabled={busy} className="btn-primary mt-3">
          Save hero image
        </button>
      </Form>
    </Panel>
  );
}
