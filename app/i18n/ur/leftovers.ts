// Urdu for the last storefront words: the display currency's rate note and the names of the
// option types shops commonly give their products (Size, Colour, Material and Length are in the
// product page's part already).
export default {
  // the rate note under prices and in the currency picker; {rate} is "Rs. 278.50". "Rs." is held
  // left to right (LRI … PDI), else its full stop lands before it in the Urdu sentence
  "≈ is approximate: {rate} per {currency}, the shop's rate of {day}. You pay in rupees (Rs.).":
    "≈ کا مطلب ہے تقریباً: ایک {currency} کے {rate}، اسٹور کا {day} کا ریٹ۔ ادائیگی روپوں (\u2066Rs.\u2069) میں ہو گی۔",

  // option types
  Fabric: "کپڑا",
  Style: "اسٹائل",
  Pieces: "پیس",
  Piece: "پیس",
  Cup: "کپ",
  Band: "بینڈ",
  Fit: "فٹنگ",
  Sleeve: "آستین",
  Sleeves: "آستینیں",
  Design: "ڈیزائن",
  Print: "پرنٹ",
  Pattern: "پیٹرن",
  Pack: "پیک",
  Neck: "گلا",
};
