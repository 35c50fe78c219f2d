// The home page layout's videos: each one's form (title, YouTube address, description, shown or
// not, Save, Up and Down, Delete) and the form that adds one; plain forms, no script needed.
import { Form } from "react-router";
import { CONTENT_LIMITS as L } from "../../../core/content/content-limits";
import { Panel } from "./Fields";
import { HomeRowButtons } from "./HomeRowButtons";

export interface HomeVideoView {
  id: number;
  title: string;
  description: string;
  videoUrl: string;
  isActive: boolean;
}

export function HomeVideos({
  videos,
  busy,
  answerAt,
}: {
  videos: HomeVideoView[];
  busy: boolean;
  /** when the page's last answer came: the add form is emptied by each new one */
  answerAt: number | undefined;
}) {
  return (
    <>
      <h2 className="mt-8 mb-3 text-lg font-semibold">Videos</h2>
      <ol className="space-y-3" aria-label="Videos">
        {videos.map((v, i) => (
          <li key={v.id} className="bg-white p-4 ring-1 ring-stone-200">
            <Form method="post" preventScrollReset className="space-y-2" aria-label={`Video ${v.title}`}>
              <input type="hidden" name="id" value={v.id} />
              <input type="hidden" name="scope" value="video" />
              <VideoFields title={v.title} description={v.description} url={v.videoUrl} />
              <HomeRowButtons
                id={v.id}
                kind="video"
                name={v.title}
                active={v.isActive}
                first={i === 0}
                last={i === videos.length - 1}
                busy={busy}
              />
            </Form>
          </li>
        ))}
      </ol>
      <div className="mt-4">
        <Panel title="Add a video">
          <Form method="post" className="space-y-2" aria-label="Add a video" key={answerAt}>
            <input type="hidden" name="intent" value="add-video" />
            <VideoFields title="" description="" url="" />
            <button type="submit" disabled={busy} className="btn-primary">
              Add video
            </button>
          </Form>
        </Panel>
      </div>
    </>
  );
}

function VideoFields({ title, description, url }: { title: string; description: string; url: string }) {
  return (
    <>
      <label className="block text-sm">
        <span className="font-semibold">Title</span>
        <input name="title" defaultValue={title} required maxLength={L.videoTitle} className="field mt-1" />
      </label>
      <label className="block text-sm">
        <span className="font-semibold">YouTube address</span>
        <input
          name="video_url"
          type="url"
          inputMode="url"
          defaultValue={url}
          required
          maxLength={L.videoUrl}
          placeholder="https://youtu.be/…"
          className="field mt-1"
        />
      </label>
      <label className="block text-sm">
        <span className="font-semibold">Description</span>
        <input name="description" defaultValue={description} maxLength={L.videoDescription} className="field mt-1" />
      </label>
    </>
  );
}
