// Placeholder while this file is built; replaced in this same piece of work.
export async function loader() {
  return new Response("", { status: 404 });
}
