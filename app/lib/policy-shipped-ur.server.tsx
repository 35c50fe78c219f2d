// The policy pages' shipped texts in Urdu (decision 0110), as a Pakistani shop publishes them:
// the same rules and figures as the English texts in the route modules (days, hours, ages),
// written in Urdu rather than translated word for word. Rendered to HTML on the server, so
// none of it travels in a browser's scripts; an Urdu page shows them while the owner has
// written no text of her own. Change them together with the English texts.
import { renderToStaticMarkup } from "react-dom/server";
import { cleanHtml } from "../../core/shared/sanitize";
import type { PolicyPageSlug } from "../../core/content/policy-pages";
import { PolicyTextOnly } from "../components/StaticPage";
import type { ShellData } from "./shell.server";
import { privacy, terms } from "./policy-shipped-ur-legal.server";
import { PageLink, UrduContactDetails, type UrduText } from "./policy-shipped-ur-parts.server";

/** A shipped text in Urdu as HTML: the intro under the title, and the body. */
export interface ShippedUrduText {
  intro: string;
  body: string;
}

const about: UrduText = (shell) => {
  const name = shell?.siteName ?? "ہم";
  return {
    intro: (
      <p>
        {name} پورے پاکستان کی خواتین کے لیے روزمرہ کے کپڑے، تقریبات کے ملبوسات اور لنجری لاتا ہے، قیمتیں روپوں میں اور
        ادائیگی آپ کے دروازے پر۔
      </p>
    ),
    body: (
      <>
        <h2>ہم کون ہیں</h2>
        <p>
          {name} پاکستان کی خواتین کے لیے ایک آن لائن اسٹور ہے۔ ہمارے ہاں لان اور کاٹن کے سوٹ، کرتیاں، فارمل اور شادیوں
          کے سیزن کے ملبوسات، نائٹ ویئر اور لنجری ملتی ہے۔ ہر پیس اس لیے چنا جاتا ہے کہ اس کا کپڑا ہمارے موسم کے مطابق
          ہو، سائز درست ہو اور قیمت مناسب ہو۔
        </p>
        <h2>ہم کیسے کام کرتے ہیں</h2>
        <ul>
          <li>
            <strong>کیش آن ڈیلیوری۔</strong> پارسل پہنچنے پر آپ کورئیر کو نقد ادائیگی کرتے ہیں۔ آرڈر کے لیے کسی کارڈ کی
            ضرورت نہیں۔
          </li>
          <li>
            <strong>پورے پاکستان میں ڈیلیوری</strong> 3 سے 5 کاروباری دنوں میں، اور بیرونِ ملک چند ممالک میں بھی۔ ہماری
            فری شپنگ کی حد سے زیادہ کے آرڈر مفت پہنچتے ہیں؛ کارٹ میں نظر آتا ہے کہ آپ اس حد سے کتنا دور ہیں۔
          </li>
          <li>
            <strong>ڈیلیوری کے 7 دن کے اندر تبادلہ۔</strong> تفصیل کے لیے ہماری{" "}
            <PageLink to="/refund-policy">واپسی اور تبادلے کی پالیسی</PageLink> پڑھیں۔
          </li>
          <li>
            <strong>اصلی ریویوز۔</strong> خریدار ہر پراڈکٹ پر ریویو دے سکتے ہیں، تاکہ خریدنے سے پہلے آپ جان سکیں کہ کپڑا
            کیسا ہے اور سائز کیسا آتا ہے۔
          </li>
        </ul>
        <h2>ہم سے رابطہ</h2>
        <p>سائز، کپڑے یا کسی آرڈر کے بارے میں کوئی سوال ہے؟ ہماری ٹیم خوشی سے آپ کی مدد کرے گی۔</p>
        {shell && <UrduContactDetails shell={shell} fallback="" />}
        <p>
          آرڈر کنفرمیشن میں دی گئی ٹریکنگ آئی ڈی سے آپ کسی بھی وقت <PageLink to="/track">اپنا آرڈر ٹریک کریں</PageLink>{" "}
          والے صفحے پر اپنا پارسل دیکھ سکتے ہیں۔
        </p>
      </>
    ),
  };
};

const refundPolicy: UrduText = (shell) => ({
  intro: (
    <p>
      ہم چاہتے ہیں کہ آپ کو اپنا آرڈر پسند آئے۔ اگر سائز یا رنگ ٹھیک نہ ہو تو آپ اسے تبدیل کروا سکتے ہیں۔ طریقہ یہ ہے۔
    </p>
  ),
  body: (
    <>
      <h2>مختصراً</h2>
      <ul>
        <li>
          <strong>ریفنڈ نہیں ہوتا۔</strong> ہم کسی آرڈر کے پیسے واپس نہیں کرتے، اس کے بجائے چیز تبدیل کر دیتے ہیں۔
        </li>
        <li>
          <strong>ڈیلیوری کے 7 دن کے اندر تبادلہ۔</strong>
        </li>
        <li>
          چیز <strong>پہنی اور دھوئی نہ گئی ہو</strong>، اس کے <strong>اصل ٹیگ اور پیکنگ</strong> موجود ہوں، اور آپ کے
          پاس <strong>خریداری کا ثبوت</strong> ہو۔
        </li>
        <li>
          صفائی کے خیال سے <strong>پینٹیز، اور کوئی بھی سیٹ جس میں پینٹی شامل ہو، تبدیل نہیں ہوتے</strong>۔
        </li>
        <li>
          <strong>ایک طرف کا کورئیر خرچ آپ کے ذمے ہے:</strong> یعنی چیز ہمیں واپس بھیجنے کا خرچ۔
        </li>
      </ul>

      <h2>کیا تبدیل ہو سکتا ہے</h2>
      <p>
        آپ <strong>ڈیلیوری والے دن سے 7 دن کے اندر</strong> کوئی چیز دوسرے سائز، دوسرے رنگ یا کسی دوسری پراڈکٹ سے تبدیل
        کروا سکتے ہیں۔ تبادلہ قبول ہونے کے لیے ضروری ہے کہ چیز:
      </p>
      <ul>
        <li>پہنی، دھوئی یا آلٹر نہ کی گئی ہو، اور اس پر پرفیوم، میک اپ یا ڈیوڈرنٹ کے نشان نہ ہوں؛</li>
        <li>کے تمام اصل ٹیگ لگے ہوئے ہوں؛</li>
        <li>اپنی اصل پیکنگ میں، ساتھ آنے والی ہر چیز (دوپٹا، بیلٹ، پاؤچ، ہینگر) سمیت واپس آئے؛</li>
        <li>کے ساتھ خریداری کا ثبوت ہو: آپ کے آرڈر کی ٹریکنگ آئی ڈی، آرڈر کنفرمیشن یا پارسل میں موجود انوائس۔</li>
      </ul>

      <h2>کیا تبدیل نہیں ہو سکتا</h2>
      <ul>
        <li>صفائی کے خیال سے پینٹیز، اور کوئی بھی سیٹ جس میں پینٹی شامل ہو (مثلاً برا اور پینٹی کا سیٹ)۔</li>
        <li>وہ چیزیں جو پہنی یا دھوئی گئی ہوں، ڈیلیوری کے بعد خراب ہوئی ہوں، یا جن کے ٹیگ یا پیکنگ موجود نہ ہوں۔</li>
        <li>وہ چیزیں جن کی ڈیلیوری کو ہم سے رابطہ کرنے تک 7 دن سے زیادہ گزر چکے ہوں۔</li>
      </ul>

      <h2>ریفنڈ نہیں ہوتا</h2>
      <p>
        ہم ریفنڈ نہیں دیتے، نہ نقد اور نہ کسی اکاؤنٹ میں۔ تبادلہ قبول ہونے پر آپ کو اس کے بدلے دوسری چیز ملتی ہے۔ اگر
        نئی چیز مہنگی ہو تو فرق کی رقم آپ کیش آن ڈیلیوری پر ادا کرتے ہیں؛ اگر سستی ہو تو بھیجنے سے پہلے ہم آپ کو آپ کے
        اختیارات بتاتے ہیں، جیسے باقی رقم پوری کرنے کے لیے کوئی دوسری چیز بھی چن لینا۔
      </p>

      <h2>تبادلے کی درخواست کیسے کریں</h2>
      <ol>
        <li>
          ڈیلیوری کے 7 دن کے اندر واٹس ایپ یا ای میل پر ہم سے رابطہ کریں اور اپنی <strong>ٹریکنگ آئی ڈی</strong>، تبدیل
          کی جانے والی چیز اور اس کی جگہ آپ کیا لینا چاہتے ہیں، یہ بتائیں۔
        </li>
        <li>ہم تبادلہ قبول ہونے کی تصدیق کرتے ہیں اور آپ کو وہ پتا بتاتے ہیں جس پر چیز بھیجنی ہے۔</li>
        <li>
          اپنی پسند کے کسی بھی کورئیر سے چیز واپس بھیجیں۔ <strong>اس کورئیر کا خرچ آپ ادا کرتے ہیں</strong> (ہمیں بھیجنے
          کا ایک طرف کا خرچ)۔
        </li>
        <li>
          چیز ہم تک پہنچنے اور ہماری جانچ میں پوری اترنے پر ہم نئی چیز آپ کو بھیج دیتے ہیں۔ اس ڈیلیوری کا خرچ ہم اٹھاتے
          ہیں۔ یہ عموماً 3 سے 5 کاروباری دنوں میں پہنچ جاتی ہے۔
        </li>
      </ol>
      <p>
        تبادلہ اسٹاک پر منحصر ہے۔ اگر آپ کی مطلوبہ چیز ختم ہو چکی ہو تو ہم آپ کو کوئی دوسری چیز چننے میں مدد دیں گے۔
      </p>

      <h2>غلط یا خراب چیز</h2>
      <p>
        اگر ہم نے آپ کو غلط چیز بھیج دی ہو، یا وہ خراب یا کسی نقص کے ساتھ پہنچی ہو، تو ڈیلیوری کے 48 گھنٹوں کے اندر چیز
        اور پارسل کی تصویروں کے ساتھ ہمیں بتائیں۔ ہم اسے ٹھیک کریں گے اور دونوں طرف کا کورئیر خرچ خود ادا کریں گے۔ براہِ
        کرم رائیڈر سے پارسل لیتے وقت ہی اسے چیک کر لیں۔
      </p>

      <h2>دراز کے ذریعے خریدے گئے آرڈرز</h2>
      <p>
        اگر آپ نے ہماری کوئی پراڈکٹ دراز مارکیٹ پلیس سے خریدی ہے تو اس آرڈر پر دراز کے اپنے واپسی کے قواعد لاگو ہوں گے۔
      </p>

      <h2>ہم سے رابطہ</h2>
      {shell && <UrduContactDetails shell={shell} fallback="" />}
      <p>
        ہماری <PageLink to="/terms">شرائط و ضوابط</PageLink> اور <PageLink to="/privacy">پرائیویسی پالیسی</PageLink> بھی
        دیکھیں۔
      </p>
    </>
  ),
});

const TEXTS: Record<PolicyPageSlug, UrduText> = { terms, privacy, "refund-policy": refundPolicy, about };

/** A page's shipped text in Urdu, for the storefront: its intro and body as HTML. */
export function shippedUrduPolicy(shell: ShellData | undefined, slug: PolicyPageSlug): ShippedUrduText {
  const { intro, body } = TEXTS[slug](shell);
  return { intro: renderToStaticMarkup(intro), body: renderToStaticMarkup(body) };
}

/**
 * A page's shipped text in Urdu as one cleaned HTML text, the way the console's editor starts
 * from the English one (decision 0067): for the Urdu text staff will be able to write.
 */
export function shippedUrduPolicyHtml(shell: ShellData | undefined, slug: PolicyPageSlug): string {
  const { intro, body } = TEXTS[slug](shell);
  return cleanHtml(
    renderToStaticMarkup(
      <PolicyTextOnly.Provider value={true}>
        {intro}
        {body}
      </PolicyTextOnly.Provider>,
    ),
  );
}
