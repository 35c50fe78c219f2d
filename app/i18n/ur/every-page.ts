// The Urdu words every Urdu page may show (the frame, browsing, products, content, the cart's
// messages), added by the Urdu layout (routes/urdu.tsx). The buying and account pages add their
// own words with their layouts, so a product page does not download the checkout's (decision 0110).
import { addMessages } from "../messages";
import browse from "./browse";
import content from "./content";
import leftovers from "./leftovers";
import product from "./product";
import shared from "./shared";
import shell from "./shell";
// the messages that carry values are read back into their patterns (shopperMessage)
import "./patterns";

for (const part of [shell, browse, product, content, shared, leftovers]) addMessages("ur", part);
