// Replies in Urdu script to the confirmation question: "جی" and the loanwords shoppers text
// (کنفرم، اوکے، کینسل), the Urdu template's own button words (تصدیق، منسوخ), and the same narrow
// rule as in Roman script: a reply that also asks for something goes to a person.
import { describe, expect, it } from "vitest";
import { readReply } from "./reply-words";

describe("readReply in Urdu script", () => {
  it.each([
    "جی",
    "جی جی",
    "جي",
    "جی ہاں",
    "ہاں جی",
    "ٹھیک ہے",
    "جی ٹھیک ہے",
    "اوکے",
    "او کے",
    "کنفرم",
    "کنفرم کر دیں",
    "آرڈر کنفرم ہے",
    "تصدیق",
    "«تصدیق کریں»",
    "جی بالکل",
    "ضرور",
    "صحیح ہے",
    "یس",
    "ہاں بھائی",
    "جی بھیج دیں",
    "ہاں چاہیے",
    "جی ہاں، آرڈر کنفرم کر دیں",
  ])("%j confirms", (text) => expect(readReply(text)).toBe("confirm"));

  it.each([
    "نہیں",
    "نہی",
    "جی نہیں",
    "نہیں جی",
    "منسوخ",
    "«منسوخ کریں»",
    "منسوخ کر دیں",
    "کینسل",
    "کینسل کر دیں",
    "آرڈر کینسل کر دیں پلیز",
    "نہیں چاہیے",
    "جی نہیں چاہیے",
    "نہیں بھائی",
  ])("%j cancels", (text) => expect(readReply(text)).toBe("cancel"));

  it.each([
    "کیا یہ لال رنگ میں ہے؟",
    "سائز تبدیل کریں",
    "ہاں لیکن سائز بدل دیں",
    "نہیں، ٹھیک ہے",
    "بھیج دیں لیکن کل",
    "کب آئے گا",
    // also the number nine: never read as a no
    "نو",
  ])("%j goes to a person", (text) => expect(readReply(text)).toBe("unclear"));
});
