// Placeholder while this page is built; replaced in this same piece of work.
export default function Placeholder() {
  return null;
}
