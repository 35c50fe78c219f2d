// The shop's pages of words: the blog list and a post, About us, the terms, the privacy policy and
// the return policy (their frame and page titles; the shipped policy texts themselves are in
// app/lib/policy-shipped-ur.server.tsx). Home, Blog, Try Again and the read time are in shell.ts
// and browse.ts.
export default {
  // blog
  "Our Blog": "ہمارا بلاگ",
  "From our team": "ہماری ٹیم کی طرف سے",
  "Style notes, fabric guides and care tips for every season.":
    "ہر موسم کے لیے اسٹائل کے مشورے، کپڑوں کی پہچان اور دیکھ بھال کے طریقے۔",
  "Style notes, fabric guides and care tips from {name} team: lawn, formal wear, nightwear and lingerie for every season in Pakistan.":
    "{name} کی ٹیم کی طرف سے اسٹائل کے مشورے، کپڑوں کی پہچان اور دیکھ بھال کے طریقے: پاکستان کے ہر موسم کے لیے لان، فارمل، نائٹ ویئر اور لنجری۔",
  "Loading posts…": "تحریریں لوڈ ہو رہی ہیں…",
  "Failed to load blogs. Please try again later.": "بلاگ لوڈ نہیں ہو سکا۔ براہِ کرم کچھ دیر بعد دوبارہ کوشش کریں۔",
  "No blog posts yet": "ابھی کوئی تحریر نہیں",
  "New stories are on their way. Meanwhile, explore the collection.":
    "نئی تحریریں جلد آ رہی ہیں۔ تب تک ہماری کلیکشن دیکھیں۔",
  "By {author}": "تحریر: {author}",
  By: "تحریر:",
  "Read More": "مزید پڑھیں",
  "More posts": "مزید تحریریں",
  // a post
  "Blog post not found": "تحریر نہیں ملی",
  "Blog post not found.": "یہ تحریر نہیں ملی۔",
  "Failed to load blog post. Please try again later.": "تحریر لوڈ نہیں ہو سکی۔ براہِ کرم کچھ دیر بعد دوبارہ کوشش کریں۔",
  "Back to Blog": "بلاگ پر واپس جائیں",
  // the arrow points back, which on a right-to-left page is to the right
  "← Back to Blog": "→ بلاگ پر واپس جائیں",
  "Shop the Collection": "کلیکشن دیکھیں",
  Tags: "ٹیگز",
  Back: "واپسی",
  // the policy pages and About us
  "Last updated {date}": "آخری بار تبدیل: {date}",
  "Our story": "ہماری کہانی",
  "The legal part, in plain words": "قانونی باتیں، آسان الفاظ میں",
  "Your data": "آپ کا ڈیٹا",
  "Customer service": "کسٹمر سروس",
  "Return & Exchange Policy": "واپسی اور تبادلے کی پالیسی",
  "{name} is a Pakistani clothing and lingerie store: lawn, kurtis, formal wear, nightwear and lingerie, delivered across Pakistan with cash on delivery.":
    "{name} کپڑوں اور لنجری کا پاکستانی اسٹور ہے: لان، کرتیاں، فارمل، نائٹ ویئر اور لنجری، پورے پاکستان میں کیش آن ڈیلیوری کے ساتھ۔",
  "The terms of shopping with us: orders, prices in rupees, cash on delivery, delivery times, exchanges, accounts and reviews.":
    "ہم سے خریداری کی شرائط: آرڈرز، روپوں میں قیمتیں، کیش آن ڈیلیوری، ڈیلیوری کا وقت، تبادلہ، اکاؤنٹس اور ریویوز۔",
  "What personal data we collect when you shop with us, why we need it, who we share it with, how long we keep it and your rights.":
    "خریداری کے وقت ہم آپ کا کون سا ذاتی ڈیٹا جمع کرتے ہیں، کیوں، کس کے ساتھ شیئر کرتے ہیں، کب تک رکھتے ہیں، اور آپ کے حقوق۔",
  "No refunds. Exchange within 7 days of delivery: unworn, with tags, packaging and proof of purchase. Panties and sets with panties cannot be exchanged.":
    "ریفنڈ نہیں ہوتا۔ ڈیلیوری کے 7 دن کے اندر تبادلہ: بغیر پہنے، ٹیگ، پیکنگ اور خریداری کے ثبوت کے ساتھ۔ پینٹیز اور پینٹی والے سیٹ تبدیل نہیں ہوتے۔",
};
