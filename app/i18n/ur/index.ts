// The Urdu catalogue: each area's words in a file of its own, all added at once. Written as a
// shopper in Pakistan reads them, not word for word; the English text is each message's id.
import { addMessages } from "../messages";
import shell from "./shell";
import account from "./account";
import product from "./product";
import browse from "./browse";
import checkout from "./checkout";
import content from "./content";
import leftovers from "./leftovers";
// the messages that carry values are read back into their patterns (shopperMessage)
import "./patterns";

for (const part of [shell, browse, product, account, checkout, content, leftovers]) addMessages("ur", part);
