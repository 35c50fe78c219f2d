// Demo blog posts. Bodies are HTML; the seed passes them through cleanHtml before
// insert. "{{PRODUCT_IMAGE}}" is replaced with an image of `productName` from the demo catalogue.

export interface BlogDef {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
  authorName: string;
  /** days before the seed's base date */
  publishedDaysAgo: number;
  isFeatured: boolean;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string;
  /** the product whose picture illustrates the post body */
  productName: string;
  color: string;
  accent: string;
  html: string;
}

export const BLOG_POSTS: BlogDef[] = [
  {
    slug: "choosing-lawn-for-summer",
    title: "How to Choose the Right Lawn for a Pakistani Summer",
    excerpt:
      "Thread count, prints, dupatta fabrics and colours that keep you cool from May to September: a practical guide to buying lawn this season.",
    category: "Style Guide",
    tags: ["lawn", "summer", "fabric guide", "shalwar kameez"],
    authorName: "Ayesha Rehman",
    publishedDaysAgo: 112,
    isFeatured: true,
    seoTitle: "How to Choose Lawn for Summer in Pakistan | Zaiba Style Guide",
    seoDescription:
      "Learn how to pick breathable lawn for Pakistan's summer: fabric weight, thread count, colours, dupattas and stitched vs unstitched suits.",
    seoKeywords: "lawn suits, summer lawn Pakistan, lawn fabric guide, 3 piece lawn, unstitched lawn",
    productName: "Embroidered Lawn 3-Piece Suit",
    color: "Mint",
    accent: "Emerald",
    html: `
<p>Every year the lawn season arrives before the heat does, and every year the choice gets bigger. Between printed, embroidered, digital, jacquard and schiffli lawn, it is easy to buy a suit that looks beautiful on the hanger but feels heavy by noon. Here is how we choose lawn for our own wardrobes when the temperature in Lahore, Multan or Karachi heads past forty degrees.</p>
<h2>Start with the weave, not the print</h2>
<p>Good lawn is a fine, tightly woven cotton. Hold the fabric up to the light: you should see an even weave without thick and thin patches. A higher thread count feels smoother and drapes better, but very dense lawn can trap heat. For everyday wear, a soft mid-weight lawn is the sweet spot; keep the heavier embroidered pieces for evenings and dawats.</p>
<ul>
<li><strong>Printed lawn</strong> is the lightest and easiest to wash, ideal for office and college.</li>
<li><strong>Embroidered lawn</strong> adds weight on the front panel, so choose it for shorter outings.</li>
<li><strong>Jacquard and schiffli lawn</strong> have texture woven or stitched in, and look dressier without extra embellishment.</li>
</ul>
<h2>Colours that work in the heat</h2>
<p>Pastels such as mint, powder blue, peach and blush reflect the sun and look fresh all day. White and off-white are classics, but pick a suit with a lined front or a slightly denser weave so it is not see-through. Deep colours like emerald and maroon are lovely for evening events once the sun has set.</p>
<img src="{{PRODUCT_IMAGE}}" alt="Embroidered lawn three-piece suit in emerald with a chiffon dupatta">
<h2>Pick the right dupatta</h2>
<p>The dupatta changes how a suit feels as much as how it looks. Lawn and voile dupattas are breathable and practical for daily wear. Chiffon is light and floaty but can cling in humid weather, while organza and silk dupattas instantly make a lawn suit formal enough for a lunch or a family function.</p>
<blockquote>Our rule of thumb: printed lawn with a lawn dupatta for the day, embroidered lawn with chiffon or organza for the evening.</blockquote>
<h2>Stitched or unstitched?</h2>
<p>Ready-to-wear suits save you a trip to the tailor and arrive in standard sizes from XS to XL. Unstitched lawn gives you control over the cut, sleeve length and neckline, and usually costs a little less. If you have a trusted tailor and time before Eid, unstitched is great value; if you need something this week, go stitched.</p>
<h2>Care that keeps lawn looking new</h2>
<p>Wash lawn inside out in cold water and dry it in the shade, because strong sun fades prints quickly. Iron while slightly damp for a crisp finish, and wash dark colours separately for the first couple of washes. With a little care a good lawn suit will see you through several summers.</p>
`,
  },
  {
    slug: "bra-size-guide",
    title: "The Bra Size Guide: Measure Yourself at Home in Five Minutes",
    excerpt:
      "Most women wear the wrong bra size. All you need is a measuring tape and five minutes to find your band and cup size, and to recognise a good fit.",
    category: "Lingerie Guide",
    tags: ["bra size", "fit guide", "lingerie", "measurement"],
    authorName: "Sana Qureshi",
    publishedDaysAgo: 84,
    isFeatured: true,
    seoTitle: "Bra Size Guide: How to Measure Your Bra Size at Home | Zaiba",
    seoDescription:
      "Measure your band and cup size at home with a tape measure, read our bra size chart and learn the signs of a well-fitting bra.",
    seoKeywords: "bra size guide, how to measure bra size, bra size chart Pakistan, 34B 36C, band and cup size",
    productName: "Lace Push-Up Bra",
    color: "Blush Pink",
    accent: "Wine",
    html: `
<p>Ask any fitting specialist and they will tell you the same thing: most of us are wearing the wrong bra size. Straps that slip, a band that rides up at the back or cups that gape are all signs of a poor fit, not of a bad body. The good news is that you can measure yourself at home with a soft measuring tape in about five minutes.</p>
<h2>What you need</h2>
<ul>
<li>A soft measuring tape (the kind your tailor uses).</li>
<li>A mirror, so you can check the tape is level at the back.</li>
<li>A non-padded bra, or no bra at all, for the most accurate reading.</li>
</ul>
<h2>Step 1: measure your band</h2>
<p>Wrap the tape snugly around your ribcage, directly under your bust. Keep it level all the way round and breathe out normally. Round to the nearest whole inch. If the number is odd, add one inch; if it is even, add nothing or two inches depending on how firm you like the band. This is your band size, for example 32, 34, 36 or 38.</p>
<h2>Step 2: measure your bust</h2>
<p>Now measure loosely around the fullest part of your bust, again keeping the tape level. Do not pull it tight. Round to the nearest inch.</p>
<h2>Step 3: work out your cup</h2>
<p>Subtract your band size from your bust measurement. Each inch of difference is one cup size: one inch is an A, two inches a B, three inches a C, four inches a D. So a band of 34 with a bust of 37 gives a 34C.</p>
<img src="{{PRODUCT_IMAGE}}" alt="Lace push-up bra laid flat to show the band, cups and straps">
<h2>How a good fit feels</h2>
<ul>
<li>The band sits level and does most of the supporting, not the straps.</li>
<li>The centre of the bra lies flat against your breastbone.</li>
<li>The cups are smooth, with no spilling over the top and no gaps.</li>
<li>You can slide two fingers under the straps comfortably.</li>
</ul>
<blockquote>Always fasten a new bra on the loosest hook. As the elastic relaxes over the months, move to the tighter hooks.</blockquote>
<h2>Sister sizes</h2>
<p>If a band feels too tight but the cups fit, go up one band and down one cup: a 34C becomes a 36B. These sister sizes hold the same cup volume on a different band. It is a handy trick when a style runs small or your favourite size is out of stock.</p>
<p>Our product pages list every size we stock, from 32B to 38D. If you are between sizes, message us on WhatsApp and our team will happily help you choose.</p>
`,
  },
  {
    slug: "caring-for-lingerie",
    title: "How to Care for Your Lingerie So It Lasts Longer",
    excerpt:
      "Lace, satin and underwires need a gentler routine than the rest of your laundry. Simple washing, drying and storage habits that double the life of your bras and sets.",
    category: "Care Tips",
    tags: ["lingerie care", "washing", "lace", "bras"],
    authorName: "Sana Qureshi",
    publishedDaysAgo: 61,
    isFeatured: true,
    seoTitle: "Lingerie Care Tips: Washing, Drying and Storing Bras | Zaiba",
    seoDescription:
      "How to wash bras and lace lingerie by hand or machine, dry them without damage and store them so they keep their shape.",
    seoKeywords: "lingerie care, how to wash bras, lace care, bra storage, wash bag",
    productName: "Balconette Lace Bra",
    color: "Lavender",
    accent: "Plum",
    html: `
<p>A beautiful bra is an investment, and the way you wash and store it matters as much as the quality you buy. Heat, harsh detergent and the spin cycle are the three biggest enemies of elastic, lace and moulded cups. With a few easy habits your favourite pieces can keep their shape and colour for much longer.</p>
<h2>Rotate your bras</h2>
<p>Elastic needs time to recover. Try not to wear the same bra two days in a row; with three or four bras in rotation, each one gets a rest and lasts noticeably longer. Wash a bra after two or three wears, and wash panties after every wear.</p>
<h2>Hand washing, the gentle way</h2>
<ul>
<li>Fill a basin with cool water and a small amount of mild detergent or baby shampoo.</li>
<li>Fasten the hooks so they do not snag the lace.</li>
<li>Soak for ten to fifteen minutes, then gently swish; never scrub or wring.</li>
<li>Rinse in clean cool water until no soap remains.</li>
</ul>
<h2>If you use a washing machine</h2>
<p>Put each bra in a mesh lingerie wash bag, choose the delicate or hand-wash cycle with cold water, and use the lowest spin. Keep lingerie away from jeans and towels, whose zips and weight can bend underwires. Avoid fabric softener on sportswear and seamless pieces because it clogs the fibres.</p>
<img src="{{PRODUCT_IMAGE}}" alt="Balconette lace bra resting on a folded towel after hand washing">
<h2>Drying without damage</h2>
<p>Press out the water by rolling the bra in a clean towel. Reshape the cups with your hands and hang it over a line by the centre gore, or lay it flat. Never hang a wet bra by its straps, and keep it out of direct sun, which yellows white cotton and fades lace. The tumble dryer is the quickest way to ruin elastic.</p>
<blockquote>Treat your lingerie like your best silk dupatta: cool water, a little soap and patience.</blockquote>
<h2>Storing your lingerie</h2>
<p>Keep moulded and padded bras flat, with one cup tucked into the next, so the shape is never crushed. Soft cotton and lace bras can be folded in half. A drawer lined with a cotton cloth and a sachet of dried rose petals keeps everything fresh, especially in humid Karachi months.</p>
<p>Finally, know when to let go. If the band rides up even on the tightest hook, or the wire has started to poke through, it is time for a new bra.</p>
`,
  },
  {
    slug: "eid-outfit-ideas",
    title: "Eid Outfit Ideas: From Chand Raat to Eid Dinner",
    excerpt:
      "Three days, many plans. Easy outfit ideas for chand raat shopping, Eid morning prayers, family lunches and the big dinner, with accessories to match.",
    category: "Occasions",
    tags: ["eid", "festive", "outfit ideas", "kurtis", "formal"],
    authorName: "Mahnoor Ali",
    publishedDaysAgo: 44,
    isFeatured: true,
    seoTitle: "Eid Outfit Ideas 2026: Chand Raat to Eid Dinner | Zaiba",
    seoDescription:
      "Festive but comfortable Eid outfit ideas for chand raat, Eid morning, family lunches and dinners, with dupatta and jewellery styling tips.",
    seoKeywords: "eid outfits, eid dresses Pakistan, chand raat outfit, festive kurti, eid formal wear",
    productName: "Silk Blend Festive Kurti",
    color: "Champagne",
    accent: "Gold",
    html: `
<p>Eid is not one outfit but several. There is chand raat with its bangle stalls and mehndi, the early morning rush to prayers, a long lunch with the family and usually a dinner that calls for something a little more special. Here is how to plan looks that feel festive without leaving you exhausted by the second day.</p>
<h2>Chand raat: easy and colourful</h2>
<p>You will be walking through bazaars and sitting on the floor for mehndi, so choose comfort. A cotton or cambric kurti with cigarette pants, a bright chiffon dupatta and a stack of glass bangles is perfect. Mirror-work and tie-dye kurtis photograph beautifully under fairy lights.</p>
<h2>Eid morning: fresh and traditional</h2>
<p>For the first morning, most of us reach for something new and traditional. A chikankari or embroidered lawn suit in white, mint or powder blue looks fresh in the sunshine and keeps you cool while you greet relatives and hand out Eidi.</p>
<ul>
<li>Pair with kundan jhumkas for a classic touch.</li>
<li>Choose flat khussas; you will be on your feet all morning.</li>
<li>Carry a small potli bag for Eidi envelopes.</li>
</ul>
<img src="{{PRODUCT_IMAGE}}" alt="Champagne silk blend festive kurti with zari embroidery on the neckline">
<h2>Family lunch: elevated but relaxed</h2>
<p>A silk-blend festive kurti with straight pants hits the right note between dressy and comfortable. Jewel tones such as wine and emerald look rich, and zari embroidery catches the light without the weight of a full formal.</p>
<h2>Eid dinner: your showstopper</h2>
<p>This is the moment for a formal: an organza sharara, an embellished chiffon maxi or, for a winter Eid, a velvet shalwar kameez. Keep jewellery to one statement piece and let the embroidery do the talking. An embellished clutch finishes the look.</p>
<blockquote>Plan your outfits backwards from the dinner: choose the showstopper first, then build simpler looks around the colours you have left.</blockquote>
<h2>Order early</h2>
<p>Courier networks across Pakistan get very busy in the last week of Ramzan. Order at least ten days before Eid so you have time for any size exchange, and check our announcements for festive voucher codes.</p>
`,
  },
  {
    slug: "history-of-chikankari",
    title: "Chikankari: The Story Behind the Stitch",
    excerpt:
      "From Mughal courts to today's summer kurtis, chikankari has stayed one of the subcontinent's best-loved embroideries. A short history and how to spot quality work.",
    category: "Heritage",
    tags: ["chikankari", "embroidery", "heritage", "craft"],
    authorName: "Ayesha Rehman",
    publishedDaysAgo: 27,
    isFeatured: false,
    seoTitle: "The History of Chikankari Embroidery | Zaiba Heritage",
    seoDescription:
      "Discover the history of chikankari, its classic stitches and how to recognise quality chikankari in kurtis and lawn suits.",
    seoKeywords: "chikankari, chikankari history, chikan embroidery, shadow work, chikankari kurti",
    productName: "Chikankari Kurti",
    color: "Powder Blue",
    accent: "Indigo",
    html: `
<p>Few embroideries feel as cool and graceful as chikankari. White thread on fine white muslin, patterns of creepers and flowers, and a lightness that suits the hottest summer: it is no surprise that chikankari has stayed in fashion for centuries, from royal courts to the kurtis we wear to work today.</p>
<h2>Where it began</h2>
<p>Chikankari is most closely associated with Lucknow, where it flourished under the patronage of the Mughal court and later the Nawabs of Awadh. Popular stories credit Empress Nur Jahan with a love of the craft, and the fine muslin of the region was the perfect canvas for delicate white-on-white work. Over time the art spread across the subcontinent and today it is loved just as much in Lahore and Karachi.</p>
<h2>The stitches</h2>
<p>Traditional chikankari uses around thirty stitches. A few you will see again and again:</p>
<ul>
<li><strong>Bakhiya</strong>, the shadow stitch, worked on the reverse so the motif glows softly through the fabric.</li>
<li><strong>Phanda</strong> and <strong>murri</strong>, tiny knots that form the centres of flowers.</li>
<li><strong>Jaali</strong>, where threads are pulled apart to create a delicate net-like opening.</li>
<li><strong>Keel kangan</strong> and <strong>tepchi</strong>, used for outlines, stems and leaves.</li>
</ul>
<img src="{{PRODUCT_IMAGE}}" alt="Chikankari kurti showing shadow-work embroidery on the yoke">
<h2>How it is made</h2>
<p>The process begins with block-printing the design in washable ink onto the cut fabric. Artisans, many of them women working from home, then embroider the pattern by hand, a process that can take days for a single kurta. Finally the garment is washed to remove the print and starched for a crisp finish.</p>
<blockquote>Hand chikankari is never perfectly uniform. Tiny variations are the signature of a human hand, not a flaw.</blockquote>
<h2>Spotting quality</h2>
<p>Turn the garment inside out. Neat, small stitches with few loose ends are a good sign. Machine-made chikan-style embroidery is more regular and more affordable, and is a practical choice for everyday wear. Look for soft, breathable base fabrics such as lawn, cotton or voile, and pastel shades that let the thread work stand out.</p>
<h2>Wearing chikankari today</h2>
<p>Chikankari kurtis pair as easily with jeans as with a white shalwar. For a festive touch, add silver jhumkas and a contrast dupatta. Wash gently in cold water and iron on the reverse to keep the embroidery raised and beautiful.</p>
`,
  },
  {
    slug: "wedding-season-formal-wear",
    title: "Wedding Season Formal Wear: What to Wear to Every Event",
    excerpt:
      "Dholki, mehndi, baraat and walima each have their own mood. Our guide to fabrics, colours and silhouettes for every event of the shaadi season.",
    category: "Occasions",
    tags: ["wedding", "formal wear", "mehndi", "baraat", "walima"],
    authorName: "Mahnoor Ali",
    publishedDaysAgo: 9,
    isFeatured: true,
    seoTitle: "Wedding Season Outfit Guide: Mehndi, Baraat, Walima | Zaiba",
    seoDescription:
      "What to wear to dholki, mehndi, baraat and walima: fabrics, colours and formal silhouettes for Pakistani wedding guests.",
    seoKeywords: "wedding formal wear, mehndi outfit, baraat dress, walima dress, velvet shalwar kameez",
    productName: "Velvet Formal Shalwar Kameez",
    color: "Maroon",
    accent: "Gold",
    html: `
<p>From November to February, weekends fill up with dholkis, mehndis, baraats and walimas. Each event has its own mood, and dressing for them all without repeating yourself, or overspending, takes a little planning. Here is our event-by-event guide for wedding guests.</p>
<h2>Dholki: relaxed and cheerful</h2>
<p>Dholkis are usually at home, with singing on the floor late into the night. Choose something comfortable: a mirror-work kurti or a printed silk suit with a bright dupatta. Bangles are a must, since half the fun is the sound they make with the dholak.</p>
<h2>Mehndi: colour and movement</h2>
<p>Mehndi is the time for yellows, greens, oranges and fuchsia. Shararas and ghararas look wonderful when you dance, and organza or raw silk holds its shape beautifully. Gota work and mirror details catch the light of the diyas.</p>
<ul>
<li>Choose fabrics that will not crush when you sit on the floor.</li>
<li>Pick flat or block-heel khussas for dancing.</li>
<li>Keep jewellery playful: jhumkas, a maang tikka and glass churiyan.</li>
</ul>
<h2>Baraat: rich and traditional</h2>
<p>The baraat is the most formal event. Deep reds are traditionally reserved for the bride, so guests often choose maroon, emerald, navy or wine instead. In winter, a velvet shalwar kameez with dabka embroidery is warm and regal; in milder weather, a zari peshwas or an embellished chiffon maxi feels just as grand.</p>
<img src="{{PRODUCT_IMAGE}}" alt="Maroon velvet formal shalwar kameez with dabka and zari embroidery">
<h2>Walima: soft and elegant</h2>
<p>Walimas traditionally lean towards lighter, softer colours: champagne, ivory, powder blue, blush and silver. Net, tissue and chiffon with pearl or sequin work look refined under evening lights. An embellished clutch in silver or gold completes the look.</p>
<blockquote>One velvet shawl can carry you through several winter events: wear it over a plain silk suit at the baraat and over a pastel formal at the walima.</blockquote>
<h2>Smart planning</h2>
<p>Build your wardrobe around two or three statement pieces and restyle them with different dupattas and jewellery. Order early, because formal wear takes a little longer to pack and ship, and remember that you can exchange a formal within seven days of delivery if it is unworn and still has its tags.</p>
`,
  },
];
