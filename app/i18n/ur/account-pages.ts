// The Urdu words of the sign-in, registration, password, email-link and account pages, added by
// their layout (routes/urdu-account.tsx).
import { addMessages } from "../messages";
import account from "./account";

addMessages("ur", account);
