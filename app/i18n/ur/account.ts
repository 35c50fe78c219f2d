// The shopper's account: sign-in, registration, forgotten passwords, the links from account emails,
// My Account (profile, orders), loaded with those pages only (the contact details are in
// shared.ts). Below the pages' own words are core's answers to these forms (spec §8), each under
// its exact English text; tests/api/urdu-account checks that every one of them is here.
export default {
  // sign in
  "Sign In": "سائن اِن",
  "Sign in": "سائن اِن کریں",
  "Sign In | {siteName}": "سائن اِن | {siteName}",
  "Sign in to your {siteName} account to see your orders, profile and wishlist.":
    "اپنے {siteName} اکاؤنٹ میں سائن اِن کریں اور اپنے آرڈرز، پروفائل اور وش لسٹ دیکھیں۔",
  "Welcome back. Sign in to see your orders, profile and wishlist.":
    "خوش آمدید! اپنے آرڈرز، پروفائل اور وش لسٹ دیکھنے کے لیے سائن اِن کریں۔",
  Password: "پاس ورڈ",
  Show: "دکھائیں",
  Hide: "چھپائیں",
  "Show {field}": "{field} دکھائیں",
  "Hide {field}": "{field} چھپائیں",
  "Forgot password?": "پاس ورڈ بھول گئے؟",
  "Signing In…": "سائن اِن ہو رہا ہے…",
  "New here?": "پہلی بار آئے ہیں؟",
  "Create an account": "اکاؤنٹ بنائیں",
  "Back to Home": "ہوم پیج پر واپس جائیں",
  "We can email you a link that signs you in without your password.":
    "ہم آپ کو ای میل پر ایک لنک بھیج سکتے ہیں جس سے آپ پاس ورڈ کے بغیر سائن اِن ہو جائیں گے۔",
  "Email me a sign-in link": "مجھے سائن اِن لنک ای میل کریں",
  "Sending…": "بھیجا جا رہا ہے…",
  "Open the email on this phone or computer and tap the button in it.":
    "یہ ای میل اسی فون یا کمپیوٹر پر کھولیں اور اس میں دیے گئے بٹن پر ٹیپ کریں۔",
  "Login failed. Please try again.": "سائن اِن نہیں ہو سکا۔ براہِ کرم دوبارہ کوشش کریں۔",
  "Network error. Please check your connection and try again.":
    "نیٹ ورک کا مسئلہ ہے۔ براہِ کرم اپنا انٹرنیٹ کنکشن چیک کر کے دوبارہ کوشش کریں۔",
  "We could not send the link. Please try again.": "ہم لنک نہیں بھیج سکے۔ براہِ کرم دوبارہ کوشش کریں۔",

  // register
  "Create Account": "اکاؤنٹ بنائیں",
  "Create account": "اکاؤنٹ بنائیں",
  "Create Account | {siteName}": "اکاؤنٹ بنائیں | {siteName}",
  "Create your {siteName} account: keep a wishlist, see your orders and check out faster.":
    "اپنا {siteName} اکاؤنٹ بنائیں: وش لسٹ رکھیں، اپنے آرڈرز دیکھیں اور جلدی چیک آؤٹ کریں۔",
  "Save your favourites, follow your orders and check out faster.":
    "اپنی پسندیدہ چیزیں محفوظ کریں، اپنے آرڈرز پر نظر رکھیں اور جلدی چیک آؤٹ کریں۔",
  "First name": "پہلا نام",
  "Last name": "آخری نام",
  "Confirm password": "پاس ورڈ دوبارہ لکھیں",
  "Password requirements": "پاس ورڈ کی شرائط",
  "At least 8 characters": "کم از کم 8 حروف",
  "One uppercase letter": "ایک بڑا انگریزی حرف (A-Z)",
  "One lowercase letter": "ایک چھوٹا انگریزی حرف (a-z)",
  "One number": "ایک ہندسہ (0-9)",
  "(done)": "(پورا ہو گیا)",
  "(not yet)": "(ابھی باقی ہے)",
  "(current)": "(موجودہ)",
  "Passwords do not match": "دونوں پاس ورڈ ایک جیسے نہیں",
  "Passwords do not match.": "دونوں پاس ورڈ ایک جیسے نہیں۔",
  "Password must meet all requirements.": "پاس ورڈ میں تمام شرائط پوری ہونی چاہئیں۔",
  "By creating an account you agree to our {terms} and {privacy}.":
    "اکاؤنٹ بنا کر آپ ہماری {terms} اور {privacy} سے اتفاق کرتے ہیں۔",
  "Terms & Conditions": "شرائط و ضوابط",
  "Privacy Policy": "پرائیویسی پالیسی",
  "Creating Account…": "اکاؤنٹ بن رہا ہے…",
  "Already have an account?": "پہلے سے اکاؤنٹ ہے؟",
  "Welcome, {name}! Your account is ready.": "خوش آمدید، {name}! آپ کا اکاؤنٹ تیار ہے۔",
  "Registration failed. Please try again.": "اکاؤنٹ نہیں بن سکا۔ براہِ کرم دوبارہ کوشش کریں۔",

  // forgotten password and the reset page
  "Forgot Password": "پاس ورڈ بھول گئے",
  "Forgot Password | {siteName}": "پاس ورڈ بھول گئے | {siteName}",
  "Forgot your password? Enter your email and we will send you a link to choose a new one.":
    "پاس ورڈ بھول گئے؟ اپنی ای میل لکھیں، ہم نیا پاس ورڈ بنانے کا لنک بھیج دیں گے۔",
  "Enter the email of your account and we will send you a link to choose a new password.":
    "اپنے اکاؤنٹ کی ای میل لکھیں، ہم آپ کو نیا پاس ورڈ بنانے کا لنک بھیج دیں گے۔",
  "Reset your password": "اپنا پاس ورڈ دوبارہ بنائیں",
  "How should we send it?": "ہم کیسے بھیجیں؟",
  "Email me a link": "مجھے ای میل پر لنک بھیجیں",
  "Send a 6-digit code on WhatsApp": "واٹس ایپ پر 6 ہندسوں کا کوڈ بھیجیں",
  "to the phone number saved in your account": "آپ کے اکاؤنٹ میں محفوظ فون نمبر پر",
  "Send the code": "کوڈ بھیجیں",
  "Send the link": "لنک بھیجیں",
  "Remembered it?": "یاد آ گیا؟",
  "Check Your Messages": "اپنے میسجز دیکھیں",
  "We have received your request.": "ہمیں آپ کی درخواست مل گئی ہے۔",
  "Enter the code": "کوڈ لکھیں",
  "Nothing after a few minutes? Look in your spam or junk folder, or check the email you typed and try again.":
    "چند منٹ بعد بھی کچھ نہیں آیا؟ اپنا اسپیم یا جنک فولڈر دیکھیں، یا لکھی ہوئی ای میل چیک کر کے دوبارہ کوشش کریں۔",
  "Try again": "دوبارہ کوشش کریں",
  "Back to Sign In": "سائن اِن پر واپس جائیں",
  "Choose a New Password": "نیا پاس ورڈ بنائیں",
  "Choose a new password": "نیا پاس ورڈ بنائیں",
  "Choose a New Password | {siteName}": "نیا پاس ورڈ بنائیں | {siteName}",
  "Choose a new password for your account.": "اپنے اکاؤنٹ کے لیے نیا پاس ورڈ بنائیں۔",
  "Choose a new password for your account. You will then sign in with it.":
    "اپنے اکاؤنٹ کے لیے نیا پاس ورڈ بنائیں۔ اس کے بعد آپ اسی سے سائن اِن کریں گے۔",
  "Enter your email, the 6-digit code we sent you on WhatsApp, and a new password.":
    "اپنی ای میل، واٹس ایپ پر بھیجا گیا 6 ہندسوں کا کوڈ اور نیا پاس ورڈ لکھیں۔",
  "Code from WhatsApp": "واٹس ایپ والا کوڈ",
  "New password": "نیا پاس ورڈ",
  "Confirm new password": "نیا پاس ورڈ دوبارہ لکھیں",
  "Saving…": "محفوظ ہو رہا ہے…",
  "Set new password": "نیا پاس ورڈ محفوظ کریں",
  "Password Changed": "پاس ورڈ بدل گیا",
  "You can sign in again.": "اب آپ دوبارہ سائن اِن کر سکتے ہیں۔",
  "For your safety, you have been signed out everywhere else.":
    "آپ کی حفاظت کے لیے باقی تمام جگہوں سے آپ کو سائن آؤٹ کر دیا گیا ہے۔",
  "Link Not Working": "لنک کام نہیں کر رہا",
  "This password reset link cannot be used.": "پاس ورڈ بدلنے کا یہ لنک استعمال نہیں ہو سکتا۔",
  "Get a new link": "نیا لنک منگوائیں",

  // email confirmation and the sign-in link
  "Confirm Your Email": "اپنی ای میل کی تصدیق کریں",
  "Confirm Your Email | {siteName}": "اپنی ای میل کی تصدیق کریں | {siteName}",
  "Confirm the email address of your account.": "اپنے اکاؤنٹ کے ای میل ایڈریس کی تصدیق کریں۔",
  "Confirm your email": "اپنی ای میل کی تصدیق کریں",
  "One tap and your email address is confirmed.": "بس ایک ٹیپ، اور آپ کے ای میل ایڈریس کی تصدیق ہو جائے گی۔",
  "Once it is confirmed, orders you placed as a guest with this email appear in My Orders.":
    'تصدیق کے بعد، اس ای میل سے بطور مہمان دیے گئے آپ کے آرڈرز "میرے آرڈرز" میں نظر آئیں گے۔',
  "Confirming…": "تصدیق ہو رہی ہے…",
  "Confirm my email": "میری ای میل کی تصدیق کریں",
  "Email Confirmed": "ای میل کی تصدیق ہو گئی",
  "Thank you for confirming your email address.": "ای میل ایڈریس کی تصدیق کرنے کا شکریہ۔",
  "Orders you placed as a guest with this email now appear in My Orders.":
    'اس ای میل سے بطور مہمان دیے گئے آپ کے آرڈرز اب "میرے آرڈرز" میں نظر آئیں گے۔',
  "Go to My Orders": "میرے آرڈرز دیکھیں",
  "Continue shopping": "خریداری جاری رکھیں",
  "This confirmation link cannot be used.": "تصدیق کا یہ لنک استعمال نہیں ہو سکتا۔",
  "Go to My Account": "میرے اکاؤنٹ پر جائیں",
  "Sign In With Your Link": "لنک سے سائن اِن کریں",
  "Sign In With Your Link | {siteName}": "لنک سے سائن اِن کریں | {siteName}",
  "Sign in to your account with the link we emailed you.": "ہمارے ای میل کیے ہوئے لنک سے اپنے اکاؤنٹ میں سائن اِن کریں۔",
  "One tap and you are signed in. The link works once.":
    "بس ایک ٹیپ اور آپ سائن اِن ہو جائیں گے۔ یہ لنک صرف ایک بار کام کرتا ہے۔",
  "Sign me in": "مجھے سائن اِن کریں",
  "This sign-in link cannot be used.": "سائن اِن کا یہ لنک استعمال نہیں ہو سکتا۔",

  // my account
  "My Account": "میرا اکاؤنٹ",
  "My Account | {siteName}": "میرا اکاؤنٹ | {siteName}",
  "Hello, {name}": "السلام علیکم، {name}",
  "We could not load your account. Please try again.": "آپ کا اکاؤنٹ لوڈ نہیں ہو سکا۔ براہِ کرم دوبارہ کوشش کریں۔",
  "Try Again": "دوبارہ کوشش کریں",
  "Loading your account…": "آپ کا اکاؤنٹ لوڈ ہو رہا ہے…",
  Account: "اکاؤنٹ",
  Profile: "پروفائل",
  Wishlist: "وش لسٹ",
  "My Orders": "میرے آرڈرز",
  Settings: "سیٹنگز",
  Logout: "لاگ آؤٹ",
  "Signing out…": "لاگ آؤٹ ہو رہا ہے…",
  "Account settings coming soon...": "اکاؤنٹ سیٹنگز جلد آ رہی ہیں...",
  "You have been signed out.": "آپ لاگ آؤٹ ہو گئے ہیں۔",
  "Your email is not verified": "آپ کی ای میل کی تصدیق نہیں ہوئی",
  "We sent a link to {email}. Open it to confirm your address; orders you placed as a guest with this email then appear in My Orders.":
    'ہم نے {email} پر ایک لنک بھیجا ہے۔ اپنے ایڈریس کی تصدیق کے لیے اسے کھولیں؛ پھر اس ای میل سے بطور مہمان دیے گئے آپ کے آرڈرز "میرے آرڈرز" میں نظر آئیں گے۔',
  "Send the link again": "لنک دوبارہ بھیجیں",
  "Edit Profile": "پروفائل میں تبدیلی کریں",
  Username: "یوزر نیم",
  "Member since": "ممبر بننے کی تاریخ",
  "Not set": "درج نہیں",
  "(cannot be changed)": "(تبدیل نہیں ہو سکتی)",
  "(optional)": "(اختیاری)",
  Save: "محفوظ کریں",
  Cancel: "منسوخ کریں",
  "Profile updated successfully!": "پروفائل کامیابی سے اپ ڈیٹ ہو گئی!",
  "Failed to update profile. Please try again.": "پروفائل اپ ڈیٹ نہیں ہو سکی۔ براہِ کرم دوبارہ کوشش کریں۔",

  // my orders
  "Failed to load your orders. Please try again.": "آپ کے آرڈرز لوڈ نہیں ہو سکے۔ براہِ کرم دوبارہ کوشش کریں۔",
  "Loading your orders…": "آپ کے آرڈرز لوڈ ہو رہے ہیں…",
  "No orders yet": "ابھی تک کوئی آرڈر نہیں",
  "When you place an order, it will appear here with its tracking ID.":
    "جب آپ آرڈر دیں گے تو وہ اپنی ٹریکنگ آئی ڈی کے ساتھ یہاں نظر آئے گا۔",
  "Start Shopping": "خریداری شروع کریں",
  Orders: "آرڈرز",
  "Order {trackingId}": "آرڈر {trackingId}",
  "Tracking ID": "ٹریکنگ آئی ڈی",
  Placed: "آرڈر کی تاریخ",
  Items: "چیزیں",
  "Order progress": "آرڈر کی صورتحال",
  "Order placed": "آرڈر دیا گیا",
  "Awaiting confirmation": "تصدیق کا انتظار ہے",
  "Pending confirmation": "تصدیق کا انتظار ہے",
  Confirmed: "تصدیق ہو گئی",
  Packed: "پیک ہو گیا",
  Shipped: "روانہ ہو گیا",
  Delivered: "ڈیلیور ہو گیا",
  Cancelled: "منسوخ ہو گیا",
  Returned: "واپس آ گیا",
  "Exchange arranged: new order": "تبادلے کا انتظام ہو گیا: نیا آرڈر",
  "Exchange for order": "تبادلہ، اصل آرڈر:",
  "Sent with {courier}.": "{courier} کے ذریعے بھیجا گیا۔",
  "Sent with {courier}, consignment number {number}.": "{courier} کے ذریعے بھیجا گیا، کنسائنمنٹ نمبر {number}۔",
  Total: "کل رقم",
  "Cash on Delivery": "کیش آن ڈیلیوری",
  "Track Order": "آرڈر ٹریک کریں",

  // core's answers to these forms (spec §8): form-rules, users, password-reset, email-verification,
  // sign-in-link, refusals, and the API's sign-in check
  "Password must be at least 8 characters and include an uppercase letter, a lowercase letter and a number.":
    "پاس ورڈ کم از کم 8 حروف کا ہو اور اس میں ایک بڑا انگریزی حرف، ایک چھوٹا انگریزی حرف اور ایک ہندسہ ہو۔",
  "Password must be at most 128 characters.": "پاس ورڈ زیادہ سے زیادہ 128 حروف کا ہو سکتا ہے۔",
  "Please enter a valid email address": "براہِ کرم درست ای میل ایڈریس لکھیں",
  "Username must be 3 to 30 letters, numbers, dots, dashes or underscores":
    "یوزر نیم 3 سے 30 انگریزی حروف، ہندسوں، نقطوں (.)، ڈیش (-) یا انڈر اسکور (_) پر مشتمل ہو",
  "Please enter a valid phone number": "براہِ کرم درست فون نمبر لکھیں",
  "First name is required": "پہلا نام لکھنا ضروری ہے",
  "Last name is required": "آخری نام لکھنا ضروری ہے",
  "Email is required": "ای میل لکھنا ضروری ہے",
  "Password is required": "پاس ورڈ لکھنا ضروری ہے",
  "First name must be at most 100 characters": "پہلا نام زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے",
  "Last name must be at most 100 characters": "آخری نام زیادہ سے زیادہ 100 حروف کا ہو سکتا ہے",
  "Password is too long": "پاس ورڈ بہت لمبا ہے",
  "Incorrect email or password.": "ای میل یا پاس ورڈ درست نہیں۔",
  "An account with this email already exists.": "اس ای میل سے پہلے ہی ایک اکاؤنٹ موجود ہے۔",
  "This username is taken.": "یہ یوزر نیم پہلے سے کسی اور کا ہے۔",
  "Please sign in again.": "براہِ کرم دوبارہ سائن اِن کریں۔",
  "Email cannot be changed.": "ای میل تبدیل نہیں ہو سکتی۔",
  "Please sign in to continue.": "آگے بڑھنے کے لیے براہِ کرم سائن اِن کریں۔",
  "Your session has expired. Please sign in again.": "آپ کا سیشن ختم ہو گیا ہے۔ براہِ کرم دوبارہ سائن اِن کریں۔",
  "The request is invalid.": "درخواست درست نہیں۔",
  "This link is not valid.": "یہ لنک درست نہیں۔",
  "If an account exists for that email, we have sent a link to reset your password. It works for one hour.":
    "اگر اس ای میل کا کوئی اکاؤنٹ ہے تو ہم نے پاس ورڈ بدلنے کا لنک بھیج دیا ہے۔ یہ ایک گھنٹے تک کام کرے گا۔",
  "If an account exists for that email, we have sent a 6-digit code to its WhatsApp number. It works for 15 minutes. If the account has no phone number, we have emailed a link instead.":
    "اگر اس ای میل کا کوئی اکاؤنٹ ہے تو ہم نے اس کے واٹس ایپ نمبر پر 6 ہندسوں کا کوڈ بھیج دیا ہے۔ یہ 15 منٹ تک کام کرے گا۔ اگر اکاؤنٹ میں فون نمبر نہیں ہے تو ہم نے اس کی جگہ ای میل پر لنک بھیج دیا ہے۔",
  "Your password has been changed. Please sign in with your new password.":
    "آپ کا پاس ورڈ بدل گیا ہے۔ براہِ کرم نئے پاس ورڈ سے سائن اِن کریں۔",
  "This link has already been used, or a newer one was sent. Please ask for a new link.":
    "یہ لنک پہلے ہی استعمال ہو چکا ہے، یا اس کے بعد نیا لنک بھیجا جا چکا ہے۔ براہِ کرم نیا لنک منگوائیں۔",
  "This link has expired: links work for one hour. Please ask for a new link.":
    "اس لنک کی میعاد ختم ہو گئی ہے: لنک صرف ایک گھنٹے تک کام کرتے ہیں۔ براہِ کرم نیا لنک منگوائیں۔",
  "This link is not valid. Please ask for a new link.": "یہ لنک درست نہیں۔ براہِ کرم نیا لنک منگوائیں۔",
  "That code is not right, or it has expired. Please check it, or ask for a new code.":
    "یہ کوڈ درست نہیں یا اس کی میعاد ختم ہو چکی ہے۔ براہِ کرم کوڈ چیک کریں یا نیا کوڈ منگوائیں۔",
  "Please enter the 6-digit code from WhatsApp": "براہِ کرم واٹس ایپ پر آیا ہوا 6 ہندسوں کا کوڈ لکھیں",
  "We have sent a new link to your email. It works for 48 hours.":
    "ہم نے آپ کی ای میل پر نیا لنک بھیج دیا ہے۔ یہ 48 گھنٹے تک کام کرے گا۔",
  "Your email is already confirmed.": "آپ کی ای میل کی تصدیق پہلے ہی ہو چکی ہے۔",
  "Thank you. Your email is confirmed.": "شکریہ! آپ کی ای میل کی تصدیق ہو گئی ہے۔",
  "This link has already been used.": "یہ لنک پہلے ہی استعمال ہو چکا ہے۔",
  "This link has expired: links work for 48 hours. Sign in and send a new one from your account page.":
    "اس لنک کی میعاد ختم ہو گئی ہے: لنک 48 گھنٹے تک کام کرتے ہیں۔ سائن اِن کر کے اپنے اکاؤنٹ کے صفحے سے نیا لنک بھیجیں۔",
  "This link is not valid. Please open it again from the email we sent you.":
    "یہ لنک درست نہیں۔ براہِ کرم ہماری بھیجی ہوئی ای میل سے اسے دوبارہ کھولیں۔",
  "This link was sent to an address your account no longer uses.":
    "یہ لنک اس ای میل پر بھیجا گیا تھا جو اب آپ کے اکاؤنٹ میں استعمال نہیں ہوتی۔",
  "If an account exists for that email, we have sent a sign-in link to it. It works once, for one hour.":
    "اگر اس ای میل کا کوئی اکاؤنٹ ہے تو ہم نے اس پر سائن اِن لنک بھیج دیا ہے۔ یہ ایک گھنٹے کے اندر صرف ایک بار کام کرے گا۔",
  "This sign-in link has already been used, or a newer one was sent. Please ask for a new link.":
    "یہ سائن اِن لنک پہلے ہی استعمال ہو چکا ہے، یا اس کے بعد نیا لنک بھیجا جا چکا ہے۔ براہِ کرم نیا لنک منگوائیں۔",
  "This sign-in link has expired: links work for one hour. Please ask for a new link.":
    "اس سائن اِن لنک کی میعاد ختم ہو گئی ہے: لنک صرف ایک گھنٹے تک کام کرتے ہیں۔ براہِ کرم نیا لنک منگوائیں۔",
  "This sign-in link is not valid. Please ask for a new link.": "یہ سائن اِن لنک درست نہیں۔ براہِ کرم نیا لنک منگوائیں۔",
  // the refusals that say how long to wait: the sentence once, each one's first words, the minutes
  "{what}. Please try again in {minutes}.": "{what}۔ براہِ کرم {minutes} بعد دوبارہ کوشش کریں۔",
  "{what}. Please try again in {minutes}, or ask for a sign-in link by email.":
    "{what}۔ براہِ کرم {minutes} بعد دوبارہ کوشش کریں، یا ای میل پر سائن اِن لنک منگوا لیں۔",
  "{count} minute": "{count} منٹ",
  "{count} minutes": "{count} منٹ",
  "Too many sign-in attempts": "سائن اِن کی بہت زیادہ کوششیں ہو چکی ہیں",
  "Too many sign-up attempts": "اکاؤنٹ بنانے کی بہت زیادہ کوششیں ہو چکی ہیں",
  "Too many reset requests": "پاس ورڈ بدلنے کی بہت زیادہ درخواستیں آ چکی ہیں",
  "Too many sign-in link requests": "سائن اِن لنک کی بہت زیادہ درخواستیں آ چکی ہیں",
  "You have asked for several links already": "آپ پہلے ہی کئی لنک منگوا چکے ہیں",
  "Too many attempts": "بہت زیادہ کوششیں ہو چکی ہیں",
};
