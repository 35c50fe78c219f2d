// One reading of a video address for the storefront and the console (core/content/video-url.ts).
export { youTubeId } from "../../core/content/video-url";
