export * from "./accounts";
export * from "./catalog";
export * from "./content";
export * from "./orders";
export * from "./staff";
export * from "./messaging";
export * from "./alerts";
export * from "./customers";
