// Buying: the cart, checkout, the order's confirmation, the WhatsApp confirm page and order
// tracking (loaded with those pages only; the cart's own messages, which any page can show, are
// in shared.ts), with every refusal the store can send them (spec §8; core's words are the ids, so a
// change of wording in core shows here as a missing translation).
export default {
  // ---- the cart
  "Your Cart": "آپ کا کارٹ",
  "{count} item": "{count} چیز",
  "{count} items": "{count} چیزیں",
  "Cart items": "کارٹ کی چیزیں",
  each: "فی عدد",
  "Line total": "کل قیمت",
  "Quantity of {name}": "{name} کی تعداد",
  "Decrease quantity of {name}": "{name} کی تعداد کم کریں",
  "Increase quantity of {name}": "{name} کی تعداد بڑھائیں",
  Remove: "نکالیں",
  "Only {count} available": "صرف {count} دستیاب ہیں",
  "Order Summary": "آرڈر کا خلاصہ",
  "Order summary": "آرڈر کا خلاصہ",
  "Proceed to Checkout": "چیک آؤٹ کی طرف بڑھیں",
  "Continue Shopping": "شاپنگ جاری رکھیں",
  "Continue shopping": "خریداری جاری رکھیں",
  "Your cart is empty": "آپ کا کارٹ خالی ہے",
  "Lawn, kurtis, formals and more are waiting for you.": "لان، کرتیاں، فارمل اور بہت کچھ آپ کا انتظار کر رہا ہے۔",
  "Loading your cart…": "آپ کا کارٹ کھل رہا ہے…",
  "Loading your order…": "آپ کا آرڈر کھل رہا ہے…",
  "Your cart is kept in your browser: please turn on JavaScript to see it and check out.":
    "آپ کا کارٹ آپ کے براؤزر میں محفوظ ہے: اسے دیکھنے اور چیک آؤٹ کے لیے براہِ کرم JavaScript آن کریں۔",
  Size: "سائز",
  Colour: "رنگ",
  Color: "رنگ",

  // ---- the order's figures
  Subtotal: "ذیلی کل",
  Discount: "رعایت",
  Shipping: "ڈیلیوری چارجز",
  FREE: "مفت",
  "FREE (Voucher Applied)": "مفت (واؤچر لگ گیا)",
  Total: "کل رقم",
  "We accept": "ادائیگی کا طریقہ",
  "Cash on Delivery": "کیش آن ڈیلیوری",
  "Cash on delivery": "کیش آن ڈیلیوری",
  "{amount} more for free shipping": "مفت ڈیلیوری کے لیے مزید {amount} کی خریداری کریں",
  "Your order ships free": "آپ کے آرڈر کی ڈیلیوری مفت ہے",

  // ---- checkout
  Checkout: "چیک آؤٹ",
  "← Back to cart": "→ کارٹ پر واپس جائیں",
  Contact: "رابطہ",
  "Delivery address": "ڈیلیوری کا پتا",
  "Payment method": "ادائیگی کا طریقہ",
  "First name": "پہلا نام",
  "Last name": "آخری نام",
  City: "شہر",
  "Postal code": "پوسٹل کوڈ",
  Country: "ملک",
  Pakistan: "پاکستان",
  "United States": "امریکا",
  Canada: "کینیڈا",
  "United Kingdom": "برطانیہ",
  Australia: "آسٹریلیا",
  "Pakistani mobile number, e.g. 0300-1234567": "پاکستانی موبائل نمبر، مثلاً \u20660300-1234567\u2069",
  "With the country code, e.g. +1 555 123 4567": "ملک کے کوڈ کے ساتھ، مثلاً \u2066+1 555 123 4567\u2069",
  "Pay in cash when your order arrives.": "آرڈر پہنچنے پر نقد ادائیگی کریں۔",
  "Delivery in 3-5 business days": "3 سے 5 ورکنگ دنوں میں ڈیلیوری",
  Cities: "شہر",
  "No delivery yet": "ابھی ڈیلیوری نہیں",
  "{count} city found": "{count} شہر ملا",
  "{count} cities found": "{count} شہر ملے",
  Quantity: "تعداد",
  "Items in your order": "آپ کے آرڈر کی چیزیں",
  "Place Order": "آرڈر کریں",
  "Placing Order...": "آرڈر بھیجا جا رہا ہے...",
  "Promo code": "پرومو کوڈ",
  "Enter code": "کوڈ لکھیں",
  Apply: "لگائیں",
  "Checking…": "چیک ہو رہا ہے…",
  "{code} applied": "{code} لگ گیا",
  "Your order may already be placed": "ہو سکتا ہے آپ کا آرڈر پہلے ہی ہو چکا ہو",
  "The connection dropped while your order was being sent. Tap below to get its confirmation: it will not be placed twice.":
    "آرڈر بھیجتے وقت کنکشن ٹوٹ گیا۔ تصدیق حاصل کرنے کے لیے نیچے ٹیپ کریں: آرڈر دو بار نہیں ہوگا۔",
  "Get my order confirmation": "میرے آرڈر کی تصدیق دکھائیں",

  // ---- the checkout's checks (core/orders/checkout-form.ts, order-input.ts, shared/phone.ts)
  "First name is required": "پہلا نام لکھنا ضروری ہے",
  "Last name is required": "آخری نام لکھنا ضروری ہے",
  "Email is required": "ای میل لکھنا ضروری ہے",
  "Phone is required": "فون نمبر لکھنا ضروری ہے",
  "Address is required": "پتا لکھنا ضروری ہے",
  "City is required": "شہر لکھنا ضروری ہے",
  "Postal code is required": "پوسٹل کوڈ لکھنا ضروری ہے",
  "First name must be at most 100 characters": "پہلا نام زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے",
  "Last name must be at most 100 characters": "آخری نام زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے",
  "Email must be at most 254 characters": "ای میل زیادہ سے زیادہ 254 حروف کی ہو سکتی ہے",
  "Phone must be at most 30 characters": "فون نمبر زیادہ سے زیادہ 30 حروف کا ہو سکتا ہے",
  "Address must be at most 300 characters": "پتا زیادہ سے زیادہ 300 حروف کا ہو سکتا ہے",
  "Address must be at most 500 characters": "پتا زیادہ سے زیادہ 500 حروف کا ہو سکتا ہے",
  "City must be at most 100 characters": "شہر کا نام زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے",
  "Postal code must be at most 20 characters": "پوسٹل کوڈ زیادہ سے زیادہ 20 حروف کا ہو سکتا ہے",
  "Please enter a valid email address": "براہِ کرم درست ای میل ایڈریس لکھیں",
  "Please enter a valid Pakistani mobile number, e.g. 0300-1234567":
    "براہِ کرم درست پاکستانی موبائل نمبر لکھیں، مثلاً \u20660300-1234567\u2069",
  "Please enter a valid phone number, with the country code, e.g. +1 555 123 4567":
    "براہِ کرم ملک کے کوڈ کے ساتھ درست فون نمبر لکھیں، مثلاً \u2066+1 555 123 4567\u2069",
  "Please choose a country from the list": "براہِ کرم فہرست میں سے ملک چنیں",
  "Please choose a country from the list: Pakistan, United States, Canada, United Kingdom, Australia":
    "براہِ کرم فہرست میں سے ملک چنیں: پاکستان، امریکا، کینیڈا، برطانیہ، آسٹریلیا",
  "Sorry, we don't deliver to {city} yet. Please choose another city, or contact us to arrange delivery.":
    "معذرت، ہم ابھی {city} میں ڈیلیوری نہیں کرتے۔ براہِ کرم کوئی اور شہر چنیں، یا ڈیلیوری کے انتظام کے لیے ہم سے رابطہ کریں۔",
  "An order can hold at most 100 lines": "ایک آرڈر میں زیادہ سے زیادہ 100 چیزیں ہو سکتی ہیں",
  "The request is invalid.": "درخواست درست نہیں۔",

  // ---- placing the order (core/orders, app/lib/checkout.ts)
  "Order creation failed: {message}": "آرڈر نہیں ہو سکا: {message}",
  "Unknown error": "نامعلوم خرابی",
  "Failed to place order. Please try again.": "آرڈر نہیں ہو سکا۔ براہِ کرم دوبارہ کوشش کریں۔",
  "Prices have changed. Please review your cart.": "قیمتیں بدل گئی ہیں۔ براہِ کرم اپنا کارٹ دوبارہ دیکھ لیں۔",
  "An item in your cart is no longer available. Please review your cart.":
    "آپ کے کارٹ کی ایک چیز اب دستیاب نہیں۔ براہِ کرم اپنا کارٹ دوبارہ دیکھ لیں۔",
  "An option of {name} in your cart is no longer available. Please review your cart.":
    "آپ کے کارٹ میں {name} کا ایک آپشن اب دستیاب نہیں۔ براہِ کرم اپنا کارٹ دوبارہ دیکھ لیں۔",
  "Only {count} left of {name}. Please reduce the quantity and try again.":
    "{name} کے صرف {count} باقی ہیں۔ براہِ کرم تعداد کم کر کے دوبارہ کوشش کریں۔",
  "{name} is out of stock. Please remove it from your cart.": "{name} اسٹاک میں نہیں ہے۔ براہِ کرم اسے کارٹ سے ہٹا دیں۔",
  "You can order at most {count} of one item.": "آپ ایک چیز زیادہ سے زیادہ {count} کی تعداد میں منگوا سکتے ہیں۔",
  "This phone number has already placed {count} orders today. Please try again tomorrow or contact us.":
    "اس فون نمبر سے آج {count} آرڈر ہو چکے ہیں۔ براہِ کرم کل دوبارہ کوشش کریں یا ہم سے رابطہ کریں۔",
  "Too many orders from your connection. Please wait a few minutes and try again.":
    "آپ کے کنکشن سے بہت زیادہ آرڈر آئے ہیں۔ براہِ کرم چند منٹ رک کر دوبارہ کوشش کریں۔",
  "This order is being placed right now. Please try again in a moment.":
    "یہ آرڈر ابھی بھیجا جا رہا ہے۔ براہِ کرم تھوڑی دیر بعد دوبارہ کوشش کریں۔",

  // ---- the voucher (core/vouchers, spec §5, §8)
  "Please enter a voucher code": "براہِ کرم واؤچر کوڈ لکھیں",
  "Invalid voucher code": "واؤچر کوڈ درست نہیں",
  "Failed to validate voucher. Please try again.": "واؤچر چیک نہیں ہو سکا۔ براہِ کرم دوبارہ کوشش کریں۔",
  "This voucher is no longer active.": "یہ واؤچر اب فعال نہیں۔",
  "This voucher is not active yet.": "یہ واؤچر ابھی فعال نہیں ہوا۔",
  "This voucher has expired.": "اس واؤچر کی میعاد ختم ہو چکی ہے۔",
  "This voucher has reached its usage limit.": "یہ واؤچر اپنی استعمال کی حد تک پہنچ چکا ہے۔",
  "Minimum order for this voucher is {amount}.": "اس واؤچر کے لیے کم از کم آرڈر {amount} کا ہونا چاہیے۔",
  "You have already used this voucher.": "آپ یہ واؤچر پہلے ہی استعمال کر چکے ہیں۔",
  "You have already used this voucher {count} times, the most allowed per customer.":
    "آپ یہ واؤچر {count} بار استعمال کر چکے ہیں، جو ایک گاہک کے لیے زیادہ سے زیادہ حد ہے۔",
  "Voucher applied.": "واؤچر لگ گیا۔",
  "A voucher code has at most 50 characters": "واؤچر کوڈ زیادہ سے زیادہ 50 حروف کا ہوتا ہے",
  "Too many voucher checks. Please wait a few minutes and try again.":
    "بہت زیادہ بار واؤچر چیک کیا گیا۔ براہِ کرم چند منٹ رک کر دوبارہ کوشش کریں۔",

  // ---- the order's confirmation
  "Order Confirmed": "آرڈر ہو گیا",
  "Thank you!": "شکریہ!",
  "Thank you, {name}!": "شکریہ، {name}!",
  "Your order has been placed.": "آپ کا آرڈر موصول ہو گیا ہے۔",
  "Your tracking ID": "آپ کی ٹریکنگ آئی ڈی",
  "tracking ID": "ٹریکنگ آئی ڈی",
  "Tracking ID copied": "ٹریکنگ آئی ڈی کاپی ہو گئی",
  "Copy your tracking ID:": "اپنی ٹریکنگ آئی ڈی کاپی کریں:",
  "Copied!": "کاپی ہو گئی!",
  Copy: "کاپی کریں",
  "Track your order": "اپنا آرڈر ٹریک کریں",
  "We will call you on {phone} to confirm your order before we send it. Please keep your phone nearby.":
    "آرڈر بھیجنے سے پہلے تصدیق کے لیے ہم آپ کو {phone} پر کال کریں گے۔ براہِ کرم اپنا فون پاس رکھیں۔",
  "We will call you to confirm your order before we send it. Please keep your phone nearby.":
    "آرڈر بھیجنے سے پہلے تصدیق کے لیے ہم آپ کو کال کریں گے۔ براہِ کرم اپنا فون پاس رکھیں۔",
  "Confirm or cancel your order on this page": "اس صفحے پر اپنے آرڈر کی تصدیق کریں یا اسے منسوخ کریں",
  "We have sent you a WhatsApp message to confirm your order. No WhatsApp?":
    "آرڈر کی تصدیق کے لیے ہم نے آپ کو واٹس ایپ پیغام بھیجا ہے۔ واٹس ایپ نہیں ہے؟",
  "Confirm your order on WhatsApp so we can send it sooner.":
    "واٹس ایپ پر اپنے آرڈر کی تصدیق کریں تاکہ ہم اسے جلدی بھیج سکیں۔",
  "Confirm on WhatsApp": "واٹس ایپ پر تصدیق کریں",
  "Hello {shop}! I have placed order {trackingId} (total {total}, Cash on Delivery). Please confirm my order.":
    "السلام علیکم {shop}! میں نے آرڈر {trackingId} کیا ہے (کل {total}، کیش آن ڈیلیوری)۔ براہِ کرم میرے آرڈر کی تصدیق کر دیں۔",
  "Amount to pay on delivery": "ڈیلیوری پر ادا کرنے والی رقم",
  "Your order": "آپ کا آرڈر",
  "Ordered items": "آرڈر کی گئی چیزیں",
  "What happens next": "آگے کیا ہوگا",
  "Confirm your order on WhatsApp, or wait for our call to confirm it.":
    "واٹس ایپ پر اپنے آرڈر کی تصدیق کریں، یا تصدیق کے لیے ہماری کال کا انتظار کریں۔",
  "We call you to confirm your order.": "آرڈر کی تصدیق کے لیے ہم آپ کو کال کریں گے۔",
  "We pack your order and hand it to the courier.": "ہم آپ کا آرڈر پیک کر کے کورئیر کے حوالے کرتے ہیں۔",
  "Pay the courier in cash when it arrives.": "آرڈر پہنچنے پر کورئیر کو نقد ادائیگی کریں۔",
  "Follow it any time with your tracking ID and phone number.":
    "اپنی ٹریکنگ آئی ڈی اور فون نمبر سے کسی بھی وقت آرڈر کی خبر لیں۔",
  "Order confirmation": "آرڈر کی تصدیق",
  "Your tracking ID is {trackingId}.": "آپ کی ٹریکنگ آئی ڈی {trackingId} ہے۔",
  "There is no recent order in this browser tab.": "اس براؤزر ٹیب میں کوئی حالیہ آرڈر نہیں۔",

  // ---- the WhatsApp confirm page (decision 0071)
  "Confirm Your Order": "اپنے آرڈر کی تصدیق کریں",
  "Confirm or cancel your cash-on-delivery order.": "اپنے کیش آن ڈیلیوری آرڈر کی تصدیق کریں یا اسے منسوخ کریں۔",
  "Link not found": "لنک نہیں ملا",
  "This confirmation link is not valid. It may have been copied incompletely: please open it again from the WhatsApp message we sent you.":
    "یہ تصدیقی لنک درست نہیں۔ شاید یہ پورا کاپی نہیں ہوا: براہِ کرم ہمارے بھیجے گئے واٹس ایپ پیغام سے اسے دوبارہ کھولیں۔",
  "This confirmation link is not valid. It may have been copied incompletely.":
    "یہ تصدیقی لنک درست نہیں۔ شاید یہ پورا کاپی نہیں ہوا۔",
  "Confirm your order": "اپنے آرڈر کی تصدیق کریں",
  "Order {trackingId} · placed {date}": "آرڈر {trackingId} · تاریخ: {date}",
  "Thank you! Your order is confirmed.": "شکریہ! آپ کے آرڈر کی تصدیق ہو گئی ہے۔",
  "Your order is cancelled. Nothing will be sent.": "آپ کا آرڈر منسوخ ہو گیا ہے۔ کچھ نہیں بھیجا جائے گا۔",
  "We will pack it and send it to {city}. Please keep the cash ready for the courier.":
    "ہم اسے پیک کر کے {city} بھیجیں گے۔ براہِ کرم کورئیر کے لیے رقم تیار رکھیں۔",
  "This order is already confirmed.": "اس آرڈر کی تصدیق پہلے ہی ہو چکی ہے۔",
  "This order is already confirmed and is being packed.": "اس آرڈر کی تصدیق ہو چکی ہے اور یہ پیک ہو رہا ہے۔",
  "This order is already confirmed and is on its way.": "اس آرڈر کی تصدیق ہو چکی ہے اور یہ راستے میں ہے۔",
  "This order has already been delivered.": "یہ آرڈر پہنچایا جا چکا ہے۔",
  "This order was returned.": "یہ آرڈر واپس ہو گیا تھا۔",
  "This order was cancelled because it was not confirmed in time.":
    "یہ آرڈر منسوخ ہو گیا کیونکہ وقت پر اس کی تصدیق نہیں ہوئی۔",
  "This order is already cancelled.": "یہ آرڈر پہلے ہی منسوخ ہو چکا ہے۔",
  Items: "چیزیں",
  "Quantity {count}": "تعداد {count}",
  "Total to pay on delivery": "ڈیلیوری پر کل ادائیگی",
  "Delivery to": "ڈیلیوری کا شہر",
  "Confirm or cancel your order": "اپنے آرڈر کی تصدیق کریں یا اسے منسوخ کریں",
  "Please confirm so we can send your order. If you did not place it, or have changed your mind, cancel it.":
    "براہِ کرم تصدیق کریں تاکہ ہم آپ کا آرڈر بھیج سکیں۔ اگر یہ آرڈر آپ نے نہیں کیا، یا آپ کا ارادہ بدل گیا ہے، تو اسے منسوخ کر دیں۔",
  "Confirm order": "آرڈر کی تصدیق کریں",
  "Confirming…": "تصدیق ہو رہی ہے…",
  "Cancel order": "آرڈر منسوخ کریں",
  "Cancelling…": "منسوخ ہو رہا ہے…",
  "Track this order": "یہ آرڈر ٹریک کریں",
  "Please tap Confirm order or Cancel order.": "براہِ کرم «آرڈر کی تصدیق کریں» یا «آرڈر منسوخ کریں» پر ٹیپ کریں۔",
  "Too many answers from your connection. Please wait a few minutes and try again.":
    "آپ کے کنکشن سے بہت زیادہ جواب آئے ہیں۔ براہِ کرم چند منٹ رک کر دوبارہ کوشش کریں۔",

  // ---- order tracking (decision 0055, 0104)
  "Track Your Order": "اپنا آرڈر ٹریک کریں",
  "Follow your cash-on-delivery order with its tracking ID and the phone number or email you ordered with.":
    "اپنے کیش آن ڈیلیوری آرڈر کی خبر اس کی ٹریکنگ آئی ڈی اور آرڈر کے وقت دیے گئے فون نمبر یا ای میل سے لیں۔",
  "Enter the tracking ID from your order confirmation and the phone number or email you ordered with.":
    "آرڈر کی تصدیق میں ملی ٹریکنگ آئی ڈی، اور آرڈر کے وقت دیا گیا فون نمبر یا ای میل لکھیں۔",
  "Tracking ID": "ٹریکنگ آئی ڈی",
  "e.g. K7MX4-QR9TZ": "مثلاً K7MX4-QR9TZ",
  "Phone or email": "فون یا ای میل",
  "Track Order": "آرڈر ٹریک کریں",
  "Looking up…": "تلاش ہو رہی ہے…",
  "Please enter your tracking ID": "براہِ کرم اپنی ٹریکنگ آئی ڈی لکھیں",
  "Please enter the phone number or email you used for the order": "براہِ کرم آرڈر میں دیا گیا فون نمبر یا ای میل لکھیں",
  "We could not find an order with those details.": "ان تفصیلات کے ساتھ کوئی آرڈر نہیں ملا۔",
  "Too many tracking requests. Please wait a few minutes and try again.":
    "بہت زیادہ بار ٹریک کیا گیا۔ براہِ کرم چند منٹ رک کر دوبارہ کوشش کریں۔",
  "Check the tracking ID, and use the phone number or email you gave at checkout.":
    "ٹریکنگ آئی ڈی دوبارہ دیکھیں، اور وہی فون نمبر یا ای میل لکھیں جو چیک آؤٹ پر دیا تھا۔",
  "Lost your tracking ID?": "ٹریکنگ آئی ڈی گم ہو گئی؟",
  "Message us on WhatsApp": "ہمیں واٹس ایپ پر پیغام بھیجیں",
  "with your name and phone number.": "اپنے نام اور فون نمبر کے ساتھ۔",
  "Order {trackingId}": "آرڈر {trackingId}",
  "Placed {date} · Cash on Delivery": "تاریخ: {date} · کیش آن ڈیلیوری",
  "Order progress": "آرڈر کی صورتحال",
  " (done)": " (مکمل)",
  " (current)": " (موجودہ مرحلہ)",
  " (not yet)": " (ابھی نہیں)",
  "Order placed": "آرڈر دیا گیا",
  "Awaiting confirmation": "تصدیق کا انتظار ہے",
  Confirmed: "تصدیق ہو گئی",
  Packed: "پیک ہو گیا",
  Shipped: "روانہ ہو گیا",
  Delivered: "ڈیلیور ہو گیا",
  Cancelled: "منسوخ ہو گیا",
  Returned: "واپس آ گیا",
  Exchanges: "تبادلے",
  "Exchange arranged: new order": "تبادلے کا انتظام ہو گیا: نیا آرڈر",
  "Exchange for order": "تبادلہ، اصل آرڈر:",
  "Sent with {courier}.": "{courier} کے ذریعے بھیجا گیا۔",
  "Counted from when the order is confirmed.": "یہ مدت آرڈر کی تصدیق کے وقت سے شروع ہوتی ہے۔",
  "Booked with the courier": "کورئیر کے پاس بک ہو گیا",
  "Picked up by the courier": "کورئیر نے پارسل لے لیا",
  "On its way": "راستے میں ہے",
  "Out for delivery": "ڈیلیوری کے لیے نکل چکا ہے",
  "Delivery attempted": "ڈیلیوری کی کوشش کی گئی",
  "Being returned to the store": "اسٹور کو واپس بھیجا جا رہا ہے",
  "Returned to the store": "اسٹور کو واپس پہنچ گیا",
};
