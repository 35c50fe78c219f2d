// Words more than one kind of page shows: the store's contact details (about, policies, the
// account), a parcel's courier updates (tracking and My Orders), and the cart's messages, which
// any page that adds to the cart can show. With the shell's, they load on every Urdu page; the
// buying and account words load with their own pages (decision 0110, app/routes.ts).
export default {
  Email: "ای میل",
  Phone: "فون",
  Address: "پتا",
  "Item added to cart successfully!": "پراڈکٹ کارٹ میں ڈال دی گئی!",
  "Item removed from cart": "چیز کارٹ سے ہٹا دی گئی",
  "Existing items removed from cart": "کارٹ میں پہلے سے موجود پیس نکال دیے گئے",
  "Failed to add item to cart": "پراڈکٹ کارٹ میں نہیں ڈالی جا سکی",
  "Stock check failed": "اسٹاک چیک نہیں ہو سکا",
  "Failed to remove existing items": "کارٹ میں پہلے سے موجود پیس نہیں نکالے جا سکے",
  "Failed to remove item from cart": "چیز کارٹ سے ہٹائی نہیں جا سکی",
  "No session found": "سیشن نہیں ملا",
  "Insufficient stock": "اسٹاک کافی نہیں",
  "Failed to update cart quantity": "کارٹ میں تعداد تبدیل نہیں ہو سکی",
  "Only {count} item available in stock.": "اسٹاک میں صرف {count} چیز ہے۔",
  "Only {count} items available in stock.": "اسٹاک میں صرف {count} چیزیں ہیں۔",
  "Only {count} item available in stock. You already have {inCart} in cart.":
    "اسٹاک میں صرف {count} چیز ہے۔ آپ کے کارٹ میں پہلے سے {inCart} موجود ہیں۔",
  "Only {count} items available in stock. You already have {inCart} in cart.":
    "اسٹاک میں صرف {count} چیزیں ہیں۔ آپ کے کارٹ میں پہلے سے {inCart} موجود ہیں۔",
  "Your cart is full: it can hold up to {count} different items.":
    "آپ کا کارٹ بھر گیا ہے: اس میں زیادہ سے زیادہ {count} مختلف چیزیں آ سکتی ہیں۔",
  "{message}\n\nRemove the existing items and add this quantity instead?":
    "{message}\n\nکیا پہلے سے موجود چیزیں ہٹا کر یہ تعداد شامل کر دیں؟",
  "Sent with {courier}, consignment number {cn}.": "{courier} کے ذریعے بھیجا گیا، کنسائنمنٹ نمبر {cn}۔",
  "Courier updates": "کورئیر کی خبریں",
  "Updates from {couriers}": "{couriers} کی خبریں",
  WhatsApp: "واٹس ایپ",
  Hours: "اوقاتِ کار",
  "Contact details": "رابطے کی تفصیل",
  "Write to us through the chat button on any page and we will reply within an hour.":
    "کسی بھی صفحے پر چیٹ کے بٹن سے ہمیں لکھیں، ہم ایک گھنٹے کے اندر جواب دیں گے۔",
};
