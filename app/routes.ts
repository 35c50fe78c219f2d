import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("collection/:id", "routes/collection.tsx"),
  route("product/:id", "routes/product.tsx", { id: "product" }),
  route("p/:customUrl", "routes/product.tsx", { id: "product-by-url" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
