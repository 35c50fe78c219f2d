import { contentLang } from "../i18n/content-lang";
import { useState } from "react";
import { useT } from "../i18n/t";
import { youTubeId } from "../lib/video";
import { Slider } from "./Slider";

export interface VideoView {
  id: number;
  title: string;
  description: string;
  videoUrl: string;
}

/**
 * "Fashion Inspiration" (spec §2): thumbnails only, so no player code loads until a visitor
 * presses play; then the privacy-enhanced YouTube player replaces that thumbnail.
 */
export function VideoCarousel({ videos, title = "Fashion Inspiration" }: { videos: VideoView[]; title?: string }) {
  const t = useT();
  const heading = t(title);
  const [playing, setPlaying] = useState<number | null>(null);
  const playable = videos.map((v) => ({ ...v, ytId: youTubeId(v.videoUrl) })).filter((v) => v.ytId);
  return (
    <section aria-labelledby="videos-title" className="mx-auto max-w-7xl px-4 md:px-8">
      <p className="eyebrow text-center">{t("Watch")}</p>
      <h2 id="videos-title" className="mt-2 text-center font-serif text-3xl md:text-4xl">
        {heading}
      </h2>
      {playable.length === 0 ? (
        <p className="mt-6 text-center text-stone-600">{t("No videos available")}</p>
      ) : (
        <Slider
          label={heading}
          intervalMs={playing === null ? 10_000 : 24 * 3600_000}
          className="mt-8"
          trackClassName="gap-4 md:gap-6"
          dotsClassName="mt-3"
        >
          {playable.map((v) => (
            <figure key={v.id} className="w-[85%] shrink-0 snap-start md:w-[calc((100%-3rem)/3)]">
              <div className="relative aspect-video overflow-hidden bg-black">
                {playing === v.id ? (
                  <iframe
                    src={`https://www.youtube-nocookie.com/embed/${v.ytId}?autoplay=1&rel=0`}
                    title={v.title}
                    allow="autoplay; encrypted-media; picture-in-picture"
                    allowFullScreen
                    className="absolute inset-0 h-full w-full"
                  />
                ) : (
                  <button
                    type="button"
                    onClick={() => setPlaying(v.id)}
                    className="group absolute inset-0 h-full w-full"
                    aria-label={t("Play video: {title}", { title: v.title })}
                  >
                    <img
                      src={`https://i.ytimg.com/vi/${v.ytId}/hqdefault.jpg`}
                      alt=""
                      loading="lazy"
                      decoding="async"
                      width="480"
                      height="360"
                      className="h-full w-full object-cover opacity-90 transition-opacity group-hover:opacity-100"
                    />
                    <span className="absolute inset-0 grid place-items-center">
                      <span className="grid h-14 w-14 place-items-center rounded-full bg-white/90 text-ink shadow-lg">
                        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
                          <path d="M8 5v14l11-7z" />
                        </svg>
                      </span>
                    </span>
                  </button>
                )}
              </div>
              <figcaption className="mt-3">
                <p className="font-serif text-lg" lang={contentLang(v.title, t.locale)}>
                  {v.title}
                </p>
                <p
                  className="mt-1 line-clamp-2 text-sm text-stone-600"
                  lang={contentLang(v.description, t.locale)}
                  dir="auto"
                >
                  {v.description}
                </p>
              </figcaption>
            </figure>
          ))}
        </Slider>
      )}
    </section>
  );
}
