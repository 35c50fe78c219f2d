import { describe, expect, it } from "vitest";
import { readReply, replyWords, REPLY_WORDS_MAX_LENGTH } from "./reply-words";

describe("readReply", () => {
  it.each([
    "yes",
    "Yes!",
    "YESSS",
    "yes please",
    "Yes, confirm",
    "ok",
    "Okay 👍",
    "okk",
    "confirm",
    "Confirmed.",
    "confirm my order please",
    "haan",
    "Han",
    "haan ji",
    "Haaaan jee",
    "hanji",
    "ji",
    "jee",
    "g",
    "theek hai",
    "ok bhai",
    "ہاں",
    "جی ہاں",
    "ہاں جی",
    "  yes \n",
  ])("%j confirms", (text) => expect(readReply(text)).toBe("confirm"));

  it.each([
    "no",
    "No.",
    "NOOO",
    "nope",
    "cancel",
    "Cancel it",
    "cancel my order please",
    "cancelled",
    "nahi",
    "Nahin",
    "nahi ji",
    "nhi",
    "na",
    "نہیں",
    "نہیں جی",
    "❌ cancel ❌",
  ])("%j cancels", (text) => expect(readReply(text)).toBe("cancel"));

  it.each([
    "",
    "   ",
    "👍",
    "?",
    "ok cancel",
    "yes no",
    "haan nahi",
    "no problem, confirm",
    "kab tak aayega?",
    "yes but change the size",
    "I did not order this",
    "don't send",
    "please",
    "thank you",
    "1",
    "yes ".repeat(40),
    "y".repeat(REPLY_WORDS_MAX_LENGTH + 1),
  ])("%j goes to a person", (text) => expect(readReply(text)).toBe("unclear"));
});

describe("replyWords", () => {
  it("lowers case, drops emoji and punctuation, folds repeated letters, uses Urdu yeh and kaf", () => {
    expect(replyWords("Haaan JI!!! 👍👍")).toEqual(["han", "ji"]);
    expect(replyWords("ي ك")).toEqual(["ی", "ک"]);
  });
});
