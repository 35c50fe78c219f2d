// Demo store content besides the catalogue: settings, announcements, videos, vouchers and the
// text pools products, FAQs and reviews are drawn from.

export const SITE = {
  siteName: "Zaiba",
  phone: "+92 300 1234567",
  whatsappNumber: "923001234567",
  email: "care@zaiba.pk",
  address: "Shop 14, Block H3, Main Boulevard, Johar Town, Lahore 54782, Pakistan",
  facebookUrl: "https://www.facebook.com/zaiba.pk",
  instagramUrl: "https://www.instagram.com/zaiba.pk",
  twitterUrl: "https://twitter.com/zaibapk",
  businessHours: "Mon-Sat 10am-8pm",
  defaultMetaTitle: "Zaiba | Lawn, Kurtis, Formals & Lingerie Online in Pakistan",
  defaultMetaDescription:
    "Shop embroidered lawn, chikankari kurtis, wedding formals, nightwear, bras and lingerie sets online. Cash on delivery across Pakistan. {free_delivery}.",
  defaultMetaKeywords:
    "lawn suits, kurtis, formal wear, shalwar kameez, nightwear, bras, lingerie Pakistan, online shopping Pakistan, cash on delivery",
  schemaOrgType: "Store",
  shippingFeePaisa: 50_000,
  freeShippingThresholdPaisa: 500_000,
};

export const ANNOUNCEMENTS: { content: string; isActive: boolean }[] = [
  // {free_delivery}: filled from the delivery settings as it is shown (decision 0090)
  { content: "{free_delivery} across Pakistan", isActive: true },
  { content: "Cash on delivery available nationwide: pay when your parcel arrives", isActive: true },
  { content: "The Eid edit is live! Use code EID25 for 25% off your first festive order", isActive: true },
  { content: "Summer Lawn Sale: up to 40% off, this weekend only", isActive: false },
];

export const VIDEOS: { title: string; description: string; videoUrl: string }[] = [
  {
    title: "Summer Lawn Lookbook 2026",
    description: "Six ways to wear our new embroidered and printed lawn, shot on the streets of old Lahore.",
    videoUrl: "https://www.youtube.com/watch?v=q8Xv3LmN0aE",
  },
  {
    title: "One Chikankari Kurti, Three Looks",
    description: "From office to chai with friends to a family dinner: styling a single chikankari kurti.",
    videoUrl: "https://www.youtube.com/shorts/Kt5rW1pYz9c",
  },
  {
    title: "How to Measure Your Bra Size at Home",
    description: "Our fit specialist walks you through band and cup measurements with just a tape measure.",
    videoUrl: "https://youtu.be/m2HdQ7sVb4U",
  },
  {
    title: "Wedding Season Formals: Behind the Scenes",
    description: "Watch our artisans hand-finish dabka and zari embroidery for the winter formal collection.",
    videoUrl: "https://www.youtube.com/watch?v=Lw9eT3nRj6A",
  },
];

export interface VoucherDef {
  code: string;
  description: string;
  message: string;
  discountType: "percentage" | "flat" | "shipping";
  discountValue: number;
  maxDiscountPaisa: number | null;
  minOrderPaisa: number;
  /** in Pakistan time, as the console shows and takes them */
  startsAt: string | null;
  endsAt: string | null;
  isActive: boolean;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  usedCount: number;
}

export const VOUCHERS: VoucherDef[] = [
  {
    code: "WELCOME10",
    description: "10% off your order, up to Rs. 1,000",
    message: "Welcome to Zaiba! 10% off has been applied to your order.",
    discountType: "percentage",
    discountValue: 10,
    maxDiscountPaisa: 100_000,
    minOrderPaisa: 0,
    startsAt: "2026-01-01T00:00:00+05:00",
    endsAt: null,
    isActive: true,
    usageLimit: null,
    perCustomerLimit: null,
    usedCount: 0,
  },
  {
    code: "FLAT500",
    description: "Rs. 500 off orders of Rs. 3,000 or more",
    message: "Rs. 500 off applied. Enjoy your shopping!",
    discountType: "flat",
    discountValue: 50_000,
    maxDiscountPaisa: null,
    minOrderPaisa: 300_000,
    startsAt: "2026-01-01T00:00:00+05:00",
    endsAt: null,
    isActive: true,
    usageLimit: null,
    perCustomerLimit: null,
    usedCount: 0,
  },
  {
    code: "FREESHIP",
    description: "Free delivery anywhere in Pakistan",
    message: "Free shipping unlocked: delivery is on us.",
    discountType: "shipping",
    discountValue: 0,
    maxDiscountPaisa: null,
    minOrderPaisa: 0,
    startsAt: "2026-01-01T00:00:00+05:00",
    endsAt: null,
    isActive: true,
    usageLimit: null,
    perCustomerLimit: null,
    usedCount: 0,
  },
  {
    code: "EID25",
    description: "Eid special: 25% off, one use per customer",
    message: "Eid Mubarak! 25% off has been applied.",
    discountType: "percentage",
    discountValue: 25,
    maxDiscountPaisa: null,
    minOrderPaisa: 0,
    startsAt: "2026-08-01T00:00:00+05:00",
    endsAt: null,
    isActive: true,
    usageLimit: 100,
    perCustomerLimit: 1,
    usedCount: 0,
  },
  {
    code: "EXPIRED20",
    description: "New Year sale: 20% off (ended 31 January 2026)",
    message: "20% off has been applied.",
    discountType: "percentage",
    discountValue: 20,
    maxDiscountPaisa: null,
    minOrderPaisa: 0,
    startsAt: "2026-01-01T00:00:00+05:00",
    endsAt: "2026-01-31T23:59:59+05:00",
    isActive: true,
    usageLimit: null,
    perCustomerLimit: null,
    usedCount: 0,
  },
  {
    code: "INACTIVE",
    description: "Paused staff promotion: 15% off",
    message: "15% off has been applied.",
    discountType: "percentage",
    discountValue: 15,
    maxDiscountPaisa: null,
    minOrderPaisa: 0,
    startsAt: null,
    endsAt: null,
    isActive: false,
    usageLimit: null,
    perCustomerLimit: null,
    usedCount: 0,
  },
];

export const HOMEPAGE_CATEGORIES = [
  { name: "New Arrivals", description: "Fresh in this week: the latest lawn, formals and lingerie." },
  { name: "Best Sellers", description: "The pieces our customers love most, rated and reviewed." },
  { name: "Lingerie Edit", description: "Bras, sets and nightwear picked for comfort and confidence." },
];

/** Review and FAQ groups: products in lawn/kurtis/formal are "clothing", and so on. */
export type Group = "clothing" | "nightwear" | "bra" | "panty" | "set" | "accessory";

export const REVIEWER_NAMES = [
  "Ayesha Khan",
  "Fatima Malik",
  "Hira Siddiqui",
  "Sana Javed",
  "Maham Raza",
  "Zainab Ahmed",
  "Mahnoor Qureshi",
  "Amna Sheikh",
  "Iqra Butt",
  "Rabia Chaudhry",
  "Noor Fatima",
  "Anum Tariq",
  "Sadia Hussain",
  "Mehwish Iqbal",
  "Kiran Aslam",
  "Saba Nadeem",
  "Areeba Farooq",
  "Laiba Shahid",
  "Komal Rizvi",
  "Hafsa Anwar",
  "Bushra Mirza",
  "Nimra Abbasi",
  "Maryam Zafar",
  "Sidra Yousaf",
  "Uzma Baig",
  "Aiman Ali",
  "Tayyaba Khalid",
  "Rimsha Saleem",
  "Javeria Hashmi",
  "Alizeh Khan",
  "Farah Naz",
  "Shazia Parveen",
  "Mariam Gillani",
  "Yumna Awan",
  "Sobia Akhtar",
  "Esha Mughal",
];

type ReviewPool = Record<5 | 4 | 3 | 2, string[]>;

export const REVIEW_TEXTS: Record<"clothing" | "lingerie" | "nightwear" | "accessory", ReviewPool> = {
  clothing: {
    5: [
      "Fabric quality is excellent and the embroidery is even neater than in the pictures. Got so many compliments at my cousin's dholki.",
      "Bohat acha suit hai, colour bilkul picture jaisa hai. Delivery Karachi mein 3 din mein ho gayi.",
      "Perfect fit in M. Stitching is neat and the dupatta is lovely and soft.",
      "Ordered for Eid and it arrived well before chand raat. Very happy with the quality for this price.",
      "So soft and breathable, I wore it all day in the Multan heat without any problem.",
      "Exactly as shown in the pictures. Neat packaging, and cash on delivery made it easy.",
      "Second time ordering from Zaiba and again no complaints. The colours are so elegant.",
      "My mother loved it! Fabric is thick enough that it is not see-through at all.",
    ],
    4: [
      "Beautiful colour and good fabric. The sleeves were slightly long for me but easy to alter.",
      "Very nice print. The trouser is a little loose but overall worth it.",
      "Good quality. Delivery took 5 days to Peshawar but the rider was polite.",
      "Lovely suit. The dupatta is a bit thinner than I expected but it looks elegant.",
      "Nice fitting and the colour is true to the picture. Would have liked pockets.",
    ],
    3: [
      "Decent for the price. The colour is a shade darker than on my screen.",
      "Fabric is fine but the size runs slightly small; I would order one size up.",
      "Okay quality, but ironing the embroidered part takes some care.",
    ],
    2: [
      "The embroidery had a few loose threads. Customer service did offer an exchange though.",
      "Delivery was delayed by a week and the shirt arrived wrinkled. Quality is average.",
    ],
  },
  lingerie: {
    5: [
      "Finally a bra that fits properly! 34C is perfect and the straps don't dig in.",
      "Very comfortable. I wore it all day at the office and forgot I had it on.",
      "Packaging was very discreet, which I really appreciated. Quality is like imported brands.",
      "The lace is soft and doesn't itch at all. Ordering another colour.",
      "Bought it for my trousseau and it's gorgeous. Worth every rupee.",
      "Bohat comfortable hai aur fabric bilkul soft hai. Highly recommended.",
      "Their WhatsApp team helped me choose my size and it fits perfectly.",
    ],
    4: [
      "Good fit and nice fabric. The colour was slightly lighter than the picture.",
      "Comfortable and well made. The band runs a little tight so go one band size up.",
      "Pretty and good value. Delivery took 4 days to Islamabad.",
      "Nice quality, washed it twice already and the shape is the same.",
    ],
    3: [
      "Quality is okay but the padding is thicker than I expected.",
      "Nice, but the elastic feels a bit tight after a few hours.",
    ],
    2: [
      "Ran small for me, and since these cannot be exchanged please check the size chart carefully.",
      "The stitching on the strap came loose after a few washes.",
    ],
  },
  nightwear: {
    5: [
      "So soft and cool, perfect for summer nights. Ordered one for my mother too.",
      "The satin is heavy and good quality, not cheap and shiny. Looks very elegant.",
      "Bought it as a gift for my sister's wedding; the box and the quality were both lovely.",
      "Very comfortable, and the fabric got even softer after washing.",
      "Best night suit I have bought online. Size chart was accurate.",
    ],
    4: [
      "Lovely set. The shirt is slightly long but I like it that way.",
      "Good quality, I just wish there were more colours.",
      "Comfortable and pretty, delivery to Rawalpindi in 3 days.",
    ],
    3: ["Comfortable, but the colour faded a little after the first wash."],
    2: ["The fabric is thinner than it looks in the pictures."],
  },
  accessory: {
    5: [
      "Looks so elegant with my formal suit, everyone asked where I got it.",
      "Beautiful and lightweight; I wore it all evening without any discomfort.",
      "Very good quality for the price and it came safely packed.",
      "Exactly as pictured. Will order more as Eid gifts.",
    ],
    4: ["Nice finish, slightly smaller than I expected.", "Good quality and quick delivery to Faisalabad."],
    3: ["It's okay; the colour is a bit more yellow than in the picture."],
    2: ["One piece arrived damaged, though the rest were fine and support replied quickly."],
  },
};

export const FAQS: Record<Group, { question: string; answer: string }[]> = {
  clothing: [
    {
      question: "Can I exchange it if the size does not fit?",
      answer:
        "Yes. You can exchange within 7 days of delivery as long as the outfit is unworn, with its tags and packaging, and you have proof of purchase. We do not offer refunds, and the customer pays the one-way courier charge.",
    },
    {
      question: "Will the colour bleed when washed?",
      answer:
        "The fabric is colour-fixed, but we recommend washing dark shades separately in cold water for the first two washes and drying them in the shade.",
    },
    {
      question: "Will the fabric shrink?",
      answer: "Lawn and cotton can shrink by 2-3% if washed hot. Wash in cold water and iron while slightly damp.",
    },
    {
      question: "How long does delivery take?",
      answer: "{delivery_promise} anywhere in Pakistan. You pay cash on delivery. {free_delivery}.",
    },
  ],
  nightwear: [
    {
      question: "Is the fabric see-through?",
      answer: "No. The fabric is opaque in all colours, including the light shades.",
    },
    {
      question: "How does the sizing run?",
      answer:
        "Our nightwear has a relaxed fit. If you are between sizes or prefer a closer fit, choose the smaller size.",
    },
    {
      question: "How should I wash it?",
      answer: "Machine wash cold on a gentle cycle, or hand wash. Do not bleach, and dry in the shade.",
    },
    {
      question: "How long does delivery take?",
      answer: "{delivery_promise} anywhere in Pakistan, cash on delivery. {free_delivery}.",
    },
  ],
  bra: [
    {
      question: "How do I find my bra size?",
      answer:
        "Measure snugly under your bust for the band and loosely around the fullest part for the cup; each inch of difference is one cup size. Our blog has a step-by-step bra size guide.",
    },
    {
      question: "Is the packaging discreet?",
      answer: "Yes. All lingerie ships in plain, unbranded packaging and the parcel label shows no product details.",
    },
    {
      question: "Can I exchange a bra?",
      answer:
        "Bras can be exchanged within 7 days of delivery if unworn, with tags and original packaging. We do not offer refunds.",
    },
    {
      question: "How should I wash it?",
      answer:
        "Hand wash in cool water with a mild detergent, or machine wash in a mesh bag on a delicate cycle. Never tumble dry.",
    },
  ],
  panty: [
    {
      question: "Can panties be exchanged?",
      answer:
        "For hygiene reasons panties, and sets that contain panties, cannot be exchanged. Please check the size chart before ordering.",
    },
    {
      question: "Which size should I choose?",
      answer: "Choose your usual trouser size: S fits hips 34-36 in, M 36-38 in, L 38-40 in and XL 40-42 in.",
    },
    {
      question: "Is the packaging discreet?",
      answer: "Yes. Every order is packed in a plain, unbranded parcel.",
    },
    {
      question: "How should I wash them?",
      answer: "Machine wash cold with similar colours. Avoid fabric softener, which reduces breathability.",
    },
  ],
  set: [
    {
      question: "Can lingerie sets be exchanged?",
      answer:
        "Because the set contains panties, it cannot be exchanged for hygiene reasons. Please check the size chart or message us on WhatsApp before ordering.",
    },
    {
      question: "Can I send it as a gift?",
      answer: "Yes. Sets come in a gift-ready box, and the parcel is plain with no product details on the label.",
    },
    {
      question: "Are the bra straps adjustable?",
      answer: "Yes, the straps are fully adjustable and the band has a 3-hook closure.",
    },
    {
      question: "How long does delivery take?",
      answer: "3-5 business days anywhere in Pakistan, cash on delivery.",
    },
  ],
  accessory: [
    {
      question: "How do I care for it?",
      answer: "Keep it in the pouch it arrives in, away from perfume and moisture, and wipe it with a soft dry cloth.",
    },
    {
      question: "Do you deliver outside Pakistan?",
      answer:
        "Yes, we ship to the United States, Canada, the United Kingdom and Australia. International delivery takes longer than the 3-5 business days within Pakistan.",
    },
    {
      question: "Is it suitable for gifting?",
      answer: "Yes, it arrives in a neat gift-ready box.",
    },
    {
      question: "Can I exchange it?",
      answer:
        "Yes, within 7 days of delivery if unused and in its original packaging. We do not offer refunds, and the customer pays the one-way courier charge.",
    },
  ],
};

export const CARE: Record<Group, string> = {
  clothing: "Machine wash cold or hand wash separately, dry in the shade and iron on the reverse.",
  nightwear: "Machine wash cold on a gentle cycle, do not bleach, dry in the shade.",
  bra: "Hand wash cold or machine wash in a mesh bag on a delicate cycle; do not tumble dry.",
  panty: "Machine wash cold with similar colours; do not use fabric softener.",
  set: "Hand wash cold with a mild detergent; dry flat away from direct sun.",
  accessory: "Store in its pouch, keep away from water and perfume, wipe with a soft dry cloth.",
};

export const HIGHLIGHTS: Record<Group, string[]> = {
  clothing: ["Cash on delivery across Pakistan", "{free_delivery}", "Exchange within 7 days"],
  nightwear: ["Soft, breathable fabric", "Cash on delivery across Pakistan", "Exchange within 7 days"],
  bra: ["Discreet packaging", "Sizes 32B to 38D", "Cash on delivery across Pakistan"],
  panty: ["Discreet packaging", "Breathable cotton gusset", "Cash on delivery across Pakistan"],
  set: ["Gift-ready box", "Discreet packaging", "Cash on delivery across Pakistan"],
  accessory: ["Gift-ready packaging", "Cash on delivery across Pakistan", "{free_delivery}"],
};
