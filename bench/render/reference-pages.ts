// The three pages of the reference bench (bench/render/reference.ts): templates written the way a
// Squarespace theme writes them, with the page data such a site gives them. Deterministic data,
// built once, so every run renders the same bytes.

/** One bench page: a template and the data it renders. */
export interface BenchPage {
  name: string;
  template: string;
  data: unknown;
}

const DAY = 86_400_000;
const BASE = Date.UTC(2024, 2, 15, 10, 30);

const website = {
  id: 'w1',
  siteTitle: 'Harbour & Pine',
  baseUrl: 'https://harbour-and-pine.example',
  language: 'en-US',
  timeZone: 'America/New_York',
  socialAccounts: [
    { serviceName: 'instagram', profileUrl: 'https://instagram.com/harbourpine', screenname: 'harbourpine' },
    { serviceName: 'twitter', profileUrl: 'https://twitter.com/harbourpine', screenname: 'harbourpine' },
  ],
};

const navigation = [
  { title: 'Home', url: '/', active: false },
  { title: 'Shop', url: '/shop', active: true },
  { title: 'Journal', url: '/journal', active: false },
  { title: 'About', url: '/about', active: false },
];

function money(value: number): { value: string; currency: string } {
  return { value: value.toFixed(2), currency: 'USD' };
}

function product(i: number): Record<string, unknown> {
  const price = 18 + ((i * 7) % 40);
  const onSale = i % 5 === 0;
  const soldOut = i % 7 === 0;
  return {
    id: `p${i}`,
    title: `Stoneware Mug No. ${i} — "Harbour" glaze`,
    urlId: `stoneware-mug-${i}`,
    fullUrl: `/shop/stoneware-mug-${i}`,
    addedOn: BASE - i * DAY,
    excerpt: `<p>Wheel-thrown in small batches & glazed by hand. Holds 350&nbsp;ml; dishwasher safe.</p>`,
    tags: ['mugs', i % 2 ? 'blue' : 'green', 'handmade'],
    categories: ['Kitchen'],
    assetUrl: `https://images.example/mug-${i}.jpg`,
    starred: i % 3 === 0,
    onSale,
    soldOut,
    price: money(price),
    salePrice: money(price * 0.8),
    variants: [
      { sku: `MUG-${i}-S`, attributes: { Size: 'Small' }, price: money(price), stock: soldOut ? 0 : 4 },
      { sku: `MUG-${i}-L`, attributes: { Size: 'Large' }, price: money(price + 6), stock: soldOut ? 0 : 12 },
    ],
    // The commerce formatters (product-price, add-to-cart-btn, ...) read the product's structured content.
    structuredContent: {
      productType: 1,
      variantOptionOrdering: ['Size'],
      variants: [
        {
          id: `v${i}s`,
          sku: `MUG-${i}-S`,
          attributes: { Size: 'Small' },
          priceMoney: money(price),
          salePriceMoney: money(price * 0.8),
          onSale,
          qtyInStock: soldOut ? 0 : 4,
        },
        {
          id: `v${i}l`,
          sku: `MUG-${i}-L`,
          attributes: { Size: 'Large' },
          priceMoney: money(price + 6),
          salePriceMoney: money((price + 6) * 0.8),
          onSale,
          qtyInStock: soldOut ? 0 : 12,
        },
      ],
    },
  };
}

const header = `<!doctype html>
<html lang="{website.language}">
<head>
<meta charset="utf-8">
<title>{.section item}{title|htmltag} — {.end}{website.siteTitle|htmltag}</title>
<link rel="canonical" href="{website.baseUrl}{.section item}{fullUrl}{.or}{collection.fullUrl}{.end}">
</head>
<body class="{.section collection}collection-{id}{.end}{.if item} item-page{.end}">
<header>
  <a class="site-title" href="/">{website.siteTitle|html}</a>
  <nav><ul>{.repeated section navigation}
    <li class="nav-item{.if active} active{.end}"><a href="{url}">{title|html}</a></li>{.end}
  </ul></nav>
</header>
`;

const footer = `<footer>
  <ul class="social">{.repeated section website.socialAccounts}<li><a href="{profileUrl|htmlattr}">{serviceName|capitalize}</a></li>{.alternates with} {.end}</ul>
  <p>&copy; {website.siteTitle|html}</p>
</footer>
</body>
</html>
`;

const productTemplate = `${header}<main class="product">
{.section item}
  <h1>{title|html}</h1>
  <p class="added">Added {addedOn|date %B %d, %Y}</p>
  {@|product-status}{@|product-price}
  <div class="price">{.if onSale}<del>{price|money}</del> <ins>{salePrice|money}</ins>{.or}{price|money}{.end}</div>
  {.if soldOut}<p class="sold-out">Sold out</p>{.end}
  <div class="excerpt">{excerpt}</div>
  <ul class="variants">{.repeated section variants}
    <li data-sku="{sku|htmlattr}">{attributes.Size|html}: {price|money}{.equal? stock 0} (sold out){.or}, {stock} in stock{.end}</li>{.end}
  </ul>
  <p class="tags">{.repeated section tags}<a href="/shop?tag={@|url-encode}">{@|html}</a>{.alternates with}, {.end}</p>
  <form class="product-form">{@|variants-select}{@|quantity-input}{@|add-to-cart-btn}</form>
  <script type="application/ld+json">{variants|json}</script>
{.end}
</main>
${footer}`;

const collectionTemplate = `${header}<main class="collection">
<h1>{collection.title|html}</h1>
<p class="count">{items|count} products</p>
<ul class="grid">{.repeated section items}
  <li class="product{.if starred} featured{.end}{.if soldOut} sold-out{.end}" data-index="{@index}">
    <a href="{fullUrl}"><img src="{assetUrl}?format=500w" alt="{title|htmlattr}" loading="lazy"></a>
    <h2><a href="{fullUrl}">{title|html}</a></h2>
    <p class="price">{.if onSale}<del>{price|money}</del> {salePrice|money}{.or}{price|money}{.end}</p>
    {.if soldOut}<span class="badge">Sold out</span>{.or}{.if onSale}<span class="badge">Sale</span>{.end}{.end}
    {@|product-status}{@|product-price}
    <p class="tags">{.repeated section tags}{@|html}{.alternates with} · {.end}</p>
  </li>{.end}
</ul>
</main>
${footer}`;

const blogTemplate = `${header}<main class="blog">
<h1>{collection.title|html}</h1>
{.repeated section items}
<article class="post{.odd? @index} odd{.end}">
  <h2><a href="{fullUrl}">{title|html}</a></h2>
  <p class="meta">By {author.displayName|html} on <time datetime="{publishOn|date %Y-%m-%d}">{publishOn|date %A, %B %d, %Y}</time>{.if commentCount} · {commentCount} comments{.end}</p>
  <div class="excerpt">{excerpt|truncate 160}</div>
  <p class="categories">{.repeated section categories}<a href="{collection.fullUrl}?category={@|url-encode}">{@|html}</a>{.alternates with}, {.end}</p>
  <a class="more" href="{fullUrl}">Read more</a>
</article>
{.end}
{.section pagination}{.if nextPage}<a class="older" href="{nextPageUrl}">Older posts</a>{.end}{.end}
</main>
${footer}`;

const posts = Array.from({ length: 20 }, (_, i) => ({
  id: `b${i}`,
  title: `Notes from the studio, week ${i + 1}: glazes, kilns & "happy accidents"`,
  fullUrl: `/journal/notes-week-${i + 1}`,
  publishOn: BASE - i * 3 * DAY,
  author: { displayName: i % 2 ? 'Mara Lindqvist' : 'Tomás Ferreira' },
  commentCount: i % 4,
  excerpt: `This week we fired the big kiln twice, tried a new celadon recipe and learned (again) that a ${i + 1}-degree difference in the last hour changes everything about how a glaze breaks over texture.`,
  categories: ['Studio', i % 3 ? 'Glazes' : 'Kilns'],
}));

/** The product page, the 50-product collection page and the 20-post blog list. */
export const REFERENCE_PAGES: readonly BenchPage[] = [
  {
    name: 'product',
    template: productTemplate,
    data: { website, navigation, collection: { id: 'shop', title: 'Shop', fullUrl: '/shop' }, item: product(3) },
  },
  {
    name: 'collection (50)',
    template: collectionTemplate,
    data: {
      website,
      navigation,
      collection: { id: 'shop', title: 'Shop', fullUrl: '/shop' },
      items: Array.from({ length: 50 }, (_, i) => product(i + 1)),
    },
  },
  {
    name: 'blog list (20)',
    template: blogTemplate,
    data: {
      website,
      navigation,
      collection: { id: 'journal', title: 'Journal', fullUrl: '/journal' },
      items: posts,
      pagination: { nextPage: true, nextPageUrl: '/journal?offset=20' },
    },
  },
];
