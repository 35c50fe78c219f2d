// The shopper's account emails in Urdu (decision 0110), for an account registered or last signed
// in from the Urdu storefront: the same facts as account-emails.ts, written as a Pakistani shop
// writes to its customers, laid out right to left. Staff emails stay English, as the console is.
import { renderEmail, type RenderedEmail } from "../messaging/email-layout";

const hello = (firstName: string) => (firstName.trim() ? `السلام علیکم ${firstName.trim()}،` : "السلام علیکم،");

export function urduPasswordResetEmail(storeName: string, firstName: string, url: string): RenderedEmail {
  return renderEmail({
    locale: "ur",
    storeName,
    subject: `${storeName} پر اپنا پاس ورڈ ری سیٹ کریں`,
    preheader: "نیا پاس ورڈ منتخب کریں۔ یہ لنک ایک گھنٹے تک، صرف ایک بار کام کرے گا۔",
    heading: "اپنا پاس ورڈ ری سیٹ کریں",
    paragraphs: [
      hello(firstName),
      "کسی نے (امید ہے آپ ہی نے) آپ کے اکاؤنٹ کا پاس ورڈ ری سیٹ کرنے کی درخواست کی ہے۔ نیا پاس ورڈ منتخب کرنے کے لیے بٹن دبائیں۔ یہ لنک ایک گھنٹے تک، صرف ایک بار کام کرے گا۔",
    ],
    button: { label: "نیا پاس ورڈ منتخب کریں", url },
    after: [
      "اگر آپ نے یہ درخواست نہیں کی تو اس ای میل کو نظر انداز کر دیں: آپ کا پاس ورڈ جوں کا توں رہے گا۔",
      "نیا پاس ورڈ رکھنے پر آپ ہر ڈیوائس سے سائن آؤٹ ہو جائیں گے۔",
    ],
  });
}

export function urduEmailVerificationEmail(storeName: string, firstName: string, url: string): RenderedEmail {
  return renderEmail({
    locale: "ur",
    storeName,
    subject: `${storeName} کے لیے اپنی ای میل کی تصدیق کریں`,
    preheader: "بس ایک بار دبا کر اپنی ای میل کی تصدیق کریں۔",
    heading: "اپنے ای میل ایڈریس کی تصدیق کریں",
    paragraphs: [
      hello(firstName),
      "براہِ کرم تصدیق کریں کہ یہ آپ کا ای میل ایڈریس ہے۔ تصدیق کے بعد اس ای میل سے بطور مہمان دیے گئے آپ کے آرڈرز بھی «میرے آرڈرز» میں نظر آئیں گے۔",
    ],
    button: { label: "میری ای میل کی تصدیق کریں", url },
    after: ["یہ لنک 48 گھنٹے تک کام کرے گا۔ اگر آپ نے اکاؤنٹ نہیں بنایا تو اس ای میل کو نظر انداز کر دیں۔"],
  });
}

export function urduSignInLinkEmail(storeName: string, firstName: string, url: string): RenderedEmail {
  return renderEmail({
    locale: "ur",
    storeName,
    subject: `${storeName} میں سائن اِن کرنے کا لنک`,
    preheader: "ایک بار دبا کر سائن اِن کریں۔ یہ لنک ایک گھنٹے تک، صرف ایک بار کام کرے گا۔",
    heading: "اپنے اکاؤنٹ میں سائن اِن کریں",
    paragraphs: [
      hello(firstName),
      "کسی نے (امید ہے آپ ہی نے) آپ کے اکاؤنٹ میں سائن اِن کرنے کا لنک مانگا ہے۔ سائن اِن کرنے کے لیے بٹن دبائیں۔ یہ لنک ایک گھنٹے تک، صرف ایک بار کام کرے گا۔",
    ],
    button: { label: "سائن اِن کریں", url },
    after: [
      "اگر آپ نے یہ لنک نہیں مانگا تو اس ای میل کو نظر انداز کر دیں: آپ کے سوا کوئی اس لنک کو استعمال نہیں کر سکتا۔",
      "اگر کوئی بار بار آپ کے اکاؤنٹ پر غلط پاس ورڈ آزما رہا ہے تو نیا پاس ورڈ رکھ لیں، اس سے آپ کا اکاؤنٹ محفوظ رہے گا۔",
    ],
  });
}

export function urduRegistrationAttemptEmail(storeName: string, firstName: string, loginUrl: string): RenderedEmail {
  return renderEmail({
    locale: "ur",
    storeName,
    subject: `${storeName} پر آپ کا اکاؤنٹ پہلے سے موجود ہے`,
    preheader: "کسی نے اس ای میل سے نیا اکاؤنٹ بنانے کی کوشش کی ہے۔",
    heading: "آپ کا اکاؤنٹ پہلے سے موجود ہے",
    paragraphs: [
      hello(firstName),
      "کسی نے (شاید آپ نے) اس ای میل ایڈریس سے نیا اکاؤنٹ بنانے کی کوشش کی۔ ہمارے ہاں آپ کا اکاؤنٹ پہلے سے موجود ہے، اس لیے کوئی نیا اکاؤنٹ نہیں بنایا گیا۔",
    ],
    button: { label: "سائن اِن کریں", url: loginUrl },
    after: [
      "پاس ورڈ بھول گئے ہیں؟ سائن اِن کے صفحے پر «پاس ورڈ بھول گئے؟» دبائیں، ہم آپ کو نیا پاس ورڈ منتخب کرنے کا لنک ای میل کر دیں گے۔",
      "اگر یہ آپ نہیں تھے تو اس ای میل کو نظر انداز کر دیں: آپ کے اکاؤنٹ میں کوئی تبدیلی نہیں ہوئی۔",
    ],
  });
}
