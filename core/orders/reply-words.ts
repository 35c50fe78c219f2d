// Reading a shopper's free-text WhatsApp reply (decision 0071): "yes", "haan ji", "OK 👍"
// confirm; "no", "nahi", "cancel it" cancel; anything else is for a person. Pure: no database.
//
// The rule is deliberately narrow. Every word of the reply must be one the store knows: a yes
// word, a no word, or a filler ("please", "order", "bhai", "ji"), with yes or no words of one kind
// only. "No problem, confirm", "ok cancel" or "haan but change the size" go to a person, because a
// wrong guess either sends a parcel nobody wants or cancels one somebody does.

export type ReplyReading = "confirm" | "cancel" | "unclear";

/** longer than this is never a bare yes or no; judged before any pattern looks at it */
export const REPLY_WORDS_MAX_LENGTH = 120;

// written as shoppers spell them; repeated letters are folded on both sides (see fold)
const YES = [
  "yes",
  "yeah",
  "yea",
  "yep",
  "yup",
  "ok",
  "okay",
  "okey",
  "oki",
  "okie",
  "confirm",
  "confirmed",
  "confirmd",
  "conform",
  "haan",
  "han",
  "hanji",
  "haanji",
  "jihan",
  "sahi",
  "theek",
  "thik",
  "done",
  "bhej",
  "bhejo",
  "ہاں",
  "ہان",
  "ٹھیک",
  "درست",
  // Urdu script as shoppers text it: the loanwords (کنفرم، اوکے، یس), the Urdu template's own
  // button word (تصدیق), "of course" (بالکل، ضرور), "right" (صحیح) and "send it" (بھیج دیں)
  "کنفرم",
  "اوکے",
  "یس",
  "تصدیق",
  "بالکل",
  "ضرور",
  "صحیح",
  "بھیج",
];
const NO = [
  "no",
  "nope",
  "nah",
  "na",
  "cancel",
  "cancelled",
  "canceled",
  "cancle",
  "cancell",
  "nahi",
  "nahin",
  "nai",
  "nhi",
  "nahe",
  "nahee",
  "نہیں",
  "نہی",
  "نا",
  "منسوخ",
  // the loanword as it is texted; "نو" is left out, as it is also the number nine
  "کینسل",
  "کینسیل",
];
// words that change nothing on their own; "ji" (and "g", as it is texted) is a courtesy that
// goes with yes or no alike ("nahi ji"), so alone it is read as yes, beside a no word as no
const FILLER = [
  "ji",
  "jee",
  "g",
  "please",
  "plz",
  "pls",
  "plzz",
  "order",
  "my",
  "the",
  "it",
  "this",
  "is",
  "sir",
  "madam",
  "mam",
  "maam",
  "bhai",
  "baji",
  "dear",
  "thanks",
  "thank",
  "you",
  "thx",
  "shukriya",
  "hai",
  "he",
  "kar",
  "karo",
  "kardo",
  "karden",
  "kardein",
  "karein",
  "karen",
  "do",
  "den",
  "dein",
  "mera",
  "ye",
  "yeh",
  "jazakallah",
  "chahiye",
  "chahye",
  "chaiye",
  "جی",
  "ہے",
  "کریں",
  "کردیں",
  "کر",
  "دیں",
  "آرڈر",
  "پلیز",
  "شکریہ",
  "بھائی",
  "باجی",
  "سر",
  "میڈم",
  "یہ",
  "میرا",
  "دو",
  "کرو",
  "کردو",
  "چاہیے",
  "چاہئے",
];
// "جی" is the Urdu script's "ji": alone it is a yes, beside a no word ("جی نہیں") a no
const COURTESY = new Set(["ji", "je", "g", "جی"]);

/** "Yesss" → "yes", "haaan" → "han": shoppers stretch words; one letter of each run is kept */
const fold = (word: string) => word.replace(/(.)\1+/gu, "$1");

const YES_WORDS = new Set(YES.map(fold));
const NO_WORDS = new Set(NO.map(fold));
const FILLER_WORDS = new Set(FILLER.map(fold));

/**
 * The words of a reply, lower case and folded: emoji, punctuation and symbols are spaces; the
 * Arabic forms of yeh and kaf that some phones type are the Urdu ones.
 */
export function replyWords(text: string): string[] {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[يى]/g, "ی")
      .replace(/ك/g, "ک")
      // "او کے" is "اوکے" (okay) typed in two parts
      .replace(/او\s+کے/g, "اوکے")
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
      .split(" ")
      .filter(Boolean)
      .map(fold)
  );
}

/** What a free-text reply says: confirm, cancel, or unclear (a person reads it). */
export function readReply(text: string): ReplyReading {
  if (text.length === 0 || text.length > REPLY_WORDS_MAX_LENGTH) return "unclear";
  const words = replyWords(text);
  if (words.length === 0 || words.length > 12) return "unclear";
  let yes = false;
  let no = false;
  let courtesy = false;
  for (const word of words) {
    if (YES_WORDS.has(word)) yes = true;
    else if (NO_WORDS.has(word)) no = true;
    else if (COURTESY.has(word)) courtesy = true;
    else if (!FILLER_WORDS.has(word)) return "unclear";
  }
  if (yes && no) return "unclear";
  if (yes) return "confirm";
  if (no) return "cancel";
  // "ji" or "jee" alone: yes, as it is said
  return courtesy ? "confirm" : "unclear";
}
