// The product page and the wishlist: buying, the size guide, reviews, the heart, sharing, and
// the toasts these pages raise (some of them come from the cart and the API, as English text).
export default {
  // the page, its title and its trail
  "Product Not Found": "پراڈکٹ نہیں ملی",
  "Product not found": "پراڈکٹ نہیں ملی",
  "Invalid product URL": "پراڈکٹ کا لنک درست نہیں",
  "The product you are looking for does not exist or is no longer available.":
    "جو پراڈکٹ آپ ڈھونڈ رہے ہیں وہ موجود نہیں، یا اب دستیاب نہیں رہی۔",
  Home: "ہوم",
  "{count} review": "{count} ریویو",
  "{count} reviews": "{count} ریویوز",
  Was: "پہلے",
  "Tax included. Shipping calculated at checkout.": "قیمت میں ٹیکس شامل ہے۔ ڈیلیوری چارجز چیک آؤٹ پر بتائے جائیں گے۔",

  // photos
  "Product images": "پراڈکٹ کی تصاویر",
  "{name} (view {number})": "{name} (تصویر {number})",
  "{count} photos, swipe to see more": "{count} تصاویر، باقی دیکھنے کے لیے سوائپ کریں",

  // choosing and buying
  Size: "سائز",
  Colour: "رنگ",
  "No Stock": "اسٹاک ختم",
  "Choose your options": "اپنی پسند کا آپشن چنیں",
  "{count} in stock": "اسٹاک میں {count} موجود",
  "Out of stock": "اسٹاک ختم ہو گیا",
  "Price for this choice:": "اس انتخاب کی قیمت:",
  Quantity: "تعداد",
  "Decrease quantity": "تعداد کم کریں",
  "Increase quantity": "تعداد بڑھائیں",
  "Adding…": "شامل ہو رہا ہے…",
  "Add to Cart": "کارٹ میں ڈالیں",
  "Buy it Now": "ابھی خریدیں",
  "Buy on Daraz": "دراز پر خریدیں",
  "Please select all variant options": "براہِ کرم پہلے سارے آپشنز چنیں",
  "Item added to cart successfully!": "پراڈکٹ کارٹ میں ڈال دی گئی!",
  "Failed to add item to cart": "پراڈکٹ کارٹ میں نہیں ڈالی جا سکی",
  "Stock check failed": "اسٹاک چیک نہیں ہو سکا",
  "Existing items removed from cart": "کارٹ میں پہلے سے موجود پیس نکال دیے گئے",
  "Failed to remove existing items": "کارٹ میں پہلے سے موجود پیس نہیں نکالے جا سکے",
  "Insufficient stock": "اسٹاک کافی نہیں",

  // the size guide
  "Size guide": "سائز گائیڈ",
  "Size Guide": "سائز گائیڈ",
  "Close size guide": "سائز گائیڈ بند کریں",
  "Body measurements in inches.": "جسم کے ناپ، انچوں میں۔",
  "Band: measure snugly around your ribcage, just under the bust. Cup: measure around the fullest part of the bust. In inches.":
    "بینڈ: بریسٹ کے بالکل نیچے، پسلیوں کے گرد فیتہ کس کر ناپیں۔ کپ: بریسٹ کے سب سے بھرے حصے کے گرد ناپیں۔ ناپ انچوں میں ہیں۔",
  Chest: "سینہ",
  Waist: "کمر",
  Length: "لمبائی",
  Underbust: "انڈر بسٹ",
  Bust: "بسٹ",

  // details and promises
  "Product Details": "پراڈکٹ کی تفصیل",
  Specifications: "خصوصیات",
  Material: "کپڑا",
  Care: "دھلائی",
  "Machine wash cold": "ٹھنڈے پانی میں مشین واش کریں",
  Origin: "کہاں کی بنی",
  Pakistan: "پاکستان",
  FAQs: "اکثر پوچھے گئے سوالات",
  "Our promises": "ہمارے وعدے",
  "Free delivery over {amount}": "{amount} سے اوپر مفت ڈیلیوری",
  "Free delivery": "مفت ڈیلیوری",
  "Delivery {amount}": "ڈیلیوری {amount}",
  "7-day exchange": "7 دن میں تبادلہ",
  "Cash on delivery": "کیش آن ڈیلیوری",
  "Delivery in 3-5 business days": "3 سے 5 ورکنگ دنوں میں ڈیلیوری",

  // sharing
  Share: "شیئر کریں",
  "Shared successfully!": "شیئر ہو گیا!",
  "Link copied to clipboard!": "لنک کاپی ہو گیا!",
  "Copy this link:": "یہ لنک کاپی کر لیں:",

  // reviews
  "Customer Reviews": "کسٹمرز کے ریویوز",
  "Rated {rating} out of 5": "5 میں سے {rating} ریٹنگ",
  "{rating} out of 5": "5 میں سے {rating}",
  "No reviews yet": "ابھی کوئی ریویو نہیں",
  "Write a Review": "ریویو لکھیں",
  "Write a review": "اپنا ریویو لکھیں",
  Reviews: "ریویوز",
  "Be the first to review this product.": "اس پراڈکٹ پر پہلا ریویو آپ لکھیں۔",
  Rating: "ریٹنگ",
  "{count} star": "{count} اسٹار",
  "{count} stars": "{count} اسٹار",
  "Your name": "آپ کا نام",
  "Your review": "آپ کا ریویو",
  "Submitting…": "بھیجا جا رہا ہے…",
  "Submit Review": "ریویو بھیجیں",
  "Review submitted successfully!": "آپ کا ریویو مل گیا، شکریہ!",
  "Your review will show on the product page after the shop checks it.":
    "شاپ کی جانچ کے بعد آپ کا ریویو پراڈکٹ کے صفحے پر نظر آئے گا۔",
  "Product not loaded": "پراڈکٹ لوڈ نہیں ہوئی",
  "Please enter your name": "براہِ کرم اپنا نام لکھیں",
  "Please write your review": "براہِ کرم اپنا ریویو لکھیں",
  "Error submitting review": "ریویو نہیں بھیجا جا سکا",
  "Error submitting review. Please try again.": "ریویو نہیں بھیجا جا سکا۔ براہِ کرم دوبارہ کوشش کریں۔",
  // the server's checks of a review (core/catalog/reviews.ts), shown under the form or in a toast
  "rating must be a whole number from 1 to 5": "ریٹنگ 1 سے 5 اسٹار تک ہو سکتی ہے",
  "review_text is required": "براہِ کرم اپنا ریویو لکھیں",
  "review_text must be at most 2000 characters": "ریویو زیادہ سے زیادہ 2000 حروف کا ہو سکتا ہے",
  "reviewer_name must be at most 80 characters": "نام زیادہ سے زیادہ 80 حروف کا ہو سکتا ہے",
  "You have already reviewed this product several times today. Thank you! Please try again tomorrow.":
    "آج آپ اس پراڈکٹ پر کئی ریویو لکھ چکے ہیں۔ شکریہ! براہِ کرم کل دوبارہ کوشش کریں۔",
  "Too many reviews from your connection. Please wait an hour and try again.":
    "آپ کے کنکشن سے بہت زیادہ ریویوز آئے ہیں۔ براہِ کرم ایک گھنٹے بعد دوبارہ کوشش کریں۔",
  "This product has had many reviews in the last hour. Please try again later, or sign in to review it.":
    "پچھلے ایک گھنٹے میں اس پراڈکٹ پر بہت سے ریویوز آئے ہیں۔ براہِ کرم کچھ دیر بعد کوشش کریں، یا سائن اِن کر کے ریویو لکھیں۔",

  // the heart
  "Add to wishlist": "وش لسٹ میں شامل کریں",
  "Remove from wishlist": "وش لسٹ سے نکالیں",
  "Add to wishlist: {name}": "وش لسٹ میں شامل کریں: {name}",
  "Remove from wishlist: {name}": "وش لسٹ سے نکالیں: {name}",
  "Added to wishlist": "وش لسٹ میں شامل ہو گئی",
  "Removed from wishlist": "وش لسٹ سے نکال دی گئی",
  "Failed to update wishlist": "وش لسٹ اپ ڈیٹ نہیں ہو سکی",
  "Failed to remove from wishlist": "وش لسٹ سے نہیں نکالی جا سکی",

  // the wishlist page
  "My Wishlist": "میری وش لسٹ",
  "Saved for later": "بعد کے لیے محفوظ",
  "In Stock": "اسٹاک میں",
  "Out of Stock": "اسٹاک ختم",
  "Added {date}": "{date} کو محفوظ کی",
  "Option for {name}": "{name} کا آپشن",
  "Added!": "کارٹ میں ڈال دی!",
  "Move to Cart": "کارٹ میں منتقل کریں",
  Remove: "نکالیں",
  "Remove {name} from wishlist": "{name} کو وش لسٹ سے نکالیں",
  "Failed to load your wishlist. Please try again.": "آپ کی وش لسٹ لوڈ نہیں ہو سکی۔ براہِ کرم دوبارہ کوشش کریں۔",
  "Try Again": "دوبارہ کوشش کریں",
  "Loading your wishlist…": "آپ کی وش لسٹ لوڈ ہو رہی ہے…",
  "Your wishlist is empty": "آپ کی وش لسٹ خالی ہے",
  "Tap the heart on any product to save it here for later.":
    "کسی بھی پراڈکٹ پر دل کا نشان دبائیں، وہ بعد کے لیے یہاں محفوظ ہو جائے گی۔",
  "Sign in to see the products you saved, on any device.":
    "سائن اِن کریں اور اپنی محفوظ کی ہوئی پراڈکٹس کسی بھی فون یا کمپیوٹر پر دیکھیں۔",
  "Sign In": "سائن اِن",
  "Continue Shopping": "شاپنگ جاری رکھیں",
  "Saved products": "محفوظ پراڈکٹس",
  "Wishlist summary": "وش لسٹ کا خلاصہ",
  "View Cart": "کارٹ دیکھیں",
  // "2 of 3 items available · 1 item in your cart": {figures} and {figure} are the bold numbers
  "{available} of {count}": "{count} میں سے {available}",
  "{figures} item available": "{figures} پراڈکٹ دستیاب",
  "{figures} items available": "{figures} پراڈکٹس دستیاب",
  "{figure} item in your cart": "آپ کے کارٹ میں {figure} پراڈکٹ",
  "{figure} items in your cart": "آپ کے کارٹ میں {figure} پراڈکٹس",
};
