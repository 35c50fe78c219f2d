// The whole Urdu catalogue: each area's words in a file of its own. Written as a shopper in
// Pakistan reads them, not word for word; the English text is each message's id. The server and
// the tests take it all; a browser takes each part with the Urdu pages that show it (app/routes.ts).
import "./every-page";
import "./buying-pages";
import "./account-pages";
