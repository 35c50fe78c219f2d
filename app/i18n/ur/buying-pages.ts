// The Urdu words of the cart, checkout, confirmation, confirm and tracking pages, added by their
// layout (routes/urdu-buying.tsx).
import { addMessages } from "../messages";
import checkout from "./checkout";

addMessages("ur", checkout);
