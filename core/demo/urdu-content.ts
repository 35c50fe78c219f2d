// The demo store's own texts in Urdu (decision 0111): every collection, the best-known products
// and the announcements, written as a shop in Lahore or Karachi writes them for its customers,
// not word for word from the English. The rest of the catalogue has no Urdu, so the Urdu pages
// also show how a product without it looks (its English marked lang="en").
import type { CollectionKey } from "./catalog-data";

export interface UrduText {
  name: string;
  /** plain text; a product whose description is HTML gets it as one paragraph */
  description: string;
}

export const COLLECTIONS_UR: Record<CollectionKey, UrduText> = {
  lawn: {
    name: "لان",
    description:
      "پاکستان کی لمبی گرمیوں کے لیے ہوادار پرنٹڈ اور کڑھائی والی لان: ریڈی ٹو ویئر ٹو پیس اور تھری پیس سوٹ، اور اَن سِلا کپڑا شیفون، آرگنزا اور سلک دوپٹوں کے ساتھ۔",
  },
  kurtis: {
    name: "کُرتیاں",
    description:
      "روزمرہ اور تہواروں کے لیے کاٹن، کیمبرک، کھدر اور سلک کی کُرتیاں: چکن کاری، بلاک پرنٹ، شیشے کا کام اور آرام دہ اے لائن کٹ، جینز کے ساتھ پہنیں یا شلوار کے ساتھ۔",
  },
  formal: {
    name: "فارمل",
    description:
      "شادیوں کے سیزن اور عید کے لیے فارمل جوڑے: ویلوٹ شلوار قمیض، کام والی شیفون، آرگنزا شرارے اور را سلک غرارے، زری، دبکے اور سیکوئنز کے کام کے ساتھ۔",
  },
  nightwear: {
    name: "نائٹ ویئر",
    description:
      "گرمیوں کی راتوں اور سردیوں کے لیے نرم و آرام دہ نائٹ ویئر: سلک اور ساٹن کے سیٹ، کاٹن پاجامے، نائٹیاں، گاؤن اور فیڈنگ میں آسان نائٹ سوٹ۔",
  },
  bras: {
    name: "برا",
    description:
      "روزمرہ کے آرام سے لے کر خاص موقعوں کی لیس تک: پُش اپ، ٹی شرٹ، بغیر پیڈ کاٹن، منیمائزر، نرسنگ اور اسپورٹس برا، بینڈ سائز 32 سے 38 تک۔",
  },
  panties: {
    name: "پینٹیز",
    description:
      "کاٹن، موڈال اور لیس کی ہوادار پینٹیز، بکنی، ہپسٹر، بوائے شارٹ اور فُل بریف کٹ میں؛ بچت والے ملٹی پیک اور پیریڈ پینٹیز بھی موجود ہیں۔",
  },
  sets: {
    name: "لانجری سیٹ",
    description:
      "میچنگ برا اور پینٹی سیٹ، بے بی ڈول، باڈی سوٹ اور برائیڈل لانجری، شادی اور ہنی مون کے لیے گفٹ پیکنگ میں، سادہ پارسل میں جس پر کچھ نہیں لکھا ہوتا۔",
  },
  accessories: {
    name: "ایکسیسریز",
    description:
      "جوڑے کو مکمل کرنے کے لیے: کام والے کلچ، پوٹلی بیگ، کندن کے جھمکے، کانچ کی چوڑیاں، شیفون دوپٹے، پشمینہ شالیں اور لانجری کی ضروری چیزیں۔",
  },
};

/** By the product's English name in catalog-data.ts (the seed test checks each is there). */
export const PRODUCTS_UR: Record<string, UrduText> = {
  "Embroidered Lawn 3-Piece Suit": {
    name: "کڑھائی والا لان تھری پیس سوٹ",
    description:
      "باریک لان کی قمیض، گلے اور دامن پر دھاگے کی نفیس کڑھائی، ساتھ پرنٹڈ شیفون دوپٹہ اور کیمبرک کا سیدھا ٹراؤزر۔ گرمیوں کی دعوتوں کے لیے بہترین انتخاب۔",
  },
  "Printed Lawn 2-Piece Suit": {
    name: "پرنٹڈ لان ٹو پیس سوٹ",
    description:
      "پھولدار پرنٹ والی ہلکی پھلکی لان کی قمیض اور میچنگ کیمبرک ٹراؤزر۔ آفس، کالج یا روزمرہ کے لیے آسان اور آرام دہ۔",
  },
  "Digital Print Lawn Kameez with Cambric Trouser": {
    name: "ڈیجیٹل پرنٹ لان قمیض، کیمبرک ٹراؤزر کے ساتھ",
    description:
      "کرارے ڈیجیٹل پرنٹ والی لان، پیزلی بارڈر، بٹن والی پٹی اور تین چوتھائی آستینیں، ساتھ سادہ کیمبرک ٹراؤزر۔",
  },
  "Chikankari Lawn Shirt with Dupatta": {
    name: "چکن کاری لان شرٹ دوپٹے کے ساتھ",
    description:
      "ہوادار لان پر سامنے کی طرف چکن کاری کی شیڈو کڑھائی، ساتھ وائل کا نرم دوپٹہ جس کے کنارے پر لیس لگی ہے۔",
  },
  "Unstitched Embroidered Lawn 3-Piece": {
    name: "اَن سِلا کڑھائی والا لان تھری پیس",
    description:
      "اپنے درزی سے اپنی پسند کا سلوائیں: کڑھائی والی لان کی قمیض، دوپٹہ اور ٹراؤزر کا کپڑا، سب کچھ ایک ساتھ۔",
  },
  "Chikankari Kurti": {
    name: "چکن کاری کُرتی",
    description:
      "نرم کاٹن کی کُرتی، گلے اور آستینوں پر ہاتھ کی چکن کاری۔ سگریٹ پینٹ، جینز یا سفید شلوار، جس کے ساتھ چاہیں پہنیں۔",
  },
  "Cotton Block Print Kurti": {
    name: "کاٹن بلاک پرنٹ کُرتی",
    description: "روزمرہ پہننے کے لیے ہوادار کاٹن کُرتی، چینی کالر اور بلاک پرنٹ کی بوٹیوں کے ساتھ۔",
  },
  "Khaddar Winter Kurti": {
    name: "کھدر کی سرمائی کُرتی",
    description: "لاہور کی دھند والی سرد صبحوں کے لیے گرم کھدر کی کُرتی، پوری آستینیں اور دامن پر پرنٹڈ بارڈر۔",
  },
  "Mirror Work Kurti": {
    name: "شیشے کے کام والی کُرتی",
    description:
      "گلے اور آستینوں پر سندھی طرز کا شیشے کا کام، کاٹن سلک کی یہ کُرتی مہندی کی رات کے لیے آسان اور خوبصورت انتخاب ہے۔",
  },
  "Velvet Formal Shalwar Kameez": {
    name: "ویلوٹ فارمل شلوار قمیض",
    description:
      "مائیکرو ویلوٹ کی قمیض، گلے اور آستینوں پر دبکے اور زری کا کام، سلک کی سیدھی شلوار اور کڑھائی والا آرگنزا دوپٹہ۔ سردیوں کی شادیوں کے لیے۔",
  },
  "Organza Sharara Set": {
    name: "آرگنزا شرارہ سیٹ",
    description:
      "کڑھائی والی آرگنزا کی چھوٹی قمیض، گھیر دار شرارہ اور باریک دوپٹہ: مہندی اور ڈھولکی کی راتوں کے لیے خاص۔",
  },
  "Raw Silk Gharara Suit": {
    name: "را سلک غرارہ سوٹ",
    description: "گوٹے اور زردوزی کے کام والا را سلک کا کُرتا، گھٹنے پر گوٹے کی پٹی والا روایتی غرارہ اور نیٹ کا دوپٹہ۔",
  },
  "Silk Nightwear Set": {
    name: "سلک نائٹ ویئر سیٹ",
    description:
      "ملائم بٹن والی شرٹ اور کھلے پائنچوں والا پاجامہ، کنٹراسٹ پائپنگ کے ساتھ۔ گرم راتوں میں جلد پر ٹھنڈا محسوس ہوتا ہے۔",
  },
  "Cotton Pyjama Set": {
    name: "کاٹن پاجامہ سیٹ",
    description: "نرم کاٹن کی ٹی شرٹ اور پرنٹڈ پاجامہ، لاسٹک اور ڈوری والی کمر۔ وہ سیٹ جو آپ روز رات پہننا چاہیں گی۔",
  },
  "Padded T-Shirt Bra": {
    name: "پیڈڈ ٹی شرٹ برا",
    description:
      "ہموار مولڈڈ کپ جو فٹنگ والی قمیضوں اور لان کی شرٹس کے نیچے بالکل نظر نہیں آتے۔ ہماری سب سے زیادہ بکنے والی روزمرہ برا۔",
  },
};

/** By the announcement's English words in content-data.ts; one holding a setting's {placeholder} has none. */
export const ANNOUNCEMENTS_UR: Record<string, string> = {
  "Cash on delivery available nationwide: pay when your parcel arrives":
    "پورے پاکستان میں کیش آن ڈیلیوری: پارسل ملنے پر ادائیگی کریں",
  "The Eid edit is live! Use code EID25 for 25% off your first festive order":
    "عید کلیکشن آ گئی ہے! اپنے پہلے عید آرڈر پر کوڈ EID25 لگائیں اور 25% بچت پائیں",
  "Summer Lawn Sale: up to 40% off, this weekend only": "سمر لان سیل: 40% تک رعایت، صرف اس ویک اینڈ",
};

/** The Urdu description in the product's own format (HTML: one paragraph). */
export function urduDescriptionIn(format: string, text: string): string {
  if (format !== "html") return text;
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<p>${escaped}</p>`;
}
