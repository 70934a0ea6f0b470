// The product page and the 50-product collection page of the default theme, rewritten in the core
// of the language that every public implementation understands (the original JSON-Template as
// well as the Squarespace dialect): sections, repeated sections, `.or`, `.alternates with`,
// dotted names, `@`, and the html / htmltag formatters. No predicates, .if, .include or commerce
// formatters, so one source renders the same page in every engine of bench/render/compare.ts.
// The data is the context render builds for those pages (same shape as the theme reads).

const layout = (main: string): string => `<!doctype html>
<html lang="{website.language|htmltag}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{.section item}{title|html} — {.end}{website.siteTitle|html}</title>
{.section item}{.section excerpt}<meta name="description" content="{@|htmltag}">{.end}{.end}
<link rel="stylesheet" href="{assets.themeCss|htmltag}">
{.section assets}{.repeated section styles}<link rel="stylesheet" href="{@|htmltag}">{.end}{.repeated section preloads}<link rel="modulepreload" href="{@|htmltag}">{.end}{.end}</head>
<body class="page-type-{pageType}" data-page-type="{pageType}" data-page-type-name="{pageTypeName|htmltag}">
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header align-{header.alignment|htmltag}" style="--header-bg: {header.backgroundColor|htmltag}; --header-fg: {header.textColor|htmltag}">
  <div class="site-header-inner">
    <a class="site-title" href="/">{.section header}{.section logo}<img src="{assetUrl|htmltag}" alt="{altText|htmltag}">{.or}{website.siteTitle|html}{.end}{.end}</a>
    <nav class="main-nav" aria-label="Main">
      <ul>{.section navigation}{.repeated section main}<li class="nav-item{.section active} active{.end}"><a href="{url|htmltag}">{title|html}</a>{.section children}<ul class="nav-children">{.repeated section @}<li class="nav-item"><a href="{url|htmltag}">{title|html}</a></li>{.end}</ul>{.end}</li>{.end}{.end}</ul>
    </nav>
    <div class="header-actions">{.section header}{.section showAccountLink}<a class="account-link" href="/account">Account</a>{.end}{.section showCart}<a class="cart-link" href="/cart">Cart</a>{.end}{.end}</div>
  </div>
</header>
<main id="main" class="main">
${main}
</main>
<footer class="site-footer" style="--footer-bg: {footer.backgroundColor|htmltag}; --footer-fg: {footer.textColor|htmltag}">
  <div class="site-footer-inner">
    {.section navigation}{.section secondary}<nav class="secondary-nav" aria-label="Secondary"><ul>{.repeated section @}<li class="nav-item"><a href="{url|htmltag}">{title|html}</a></li>{.end}</ul></nav>{.end}{.end}
    {.section footer}{.section text}<p class="footer-text">{@|html}</p>{.end}{.end}
    <p class="copyright">&copy; {year} {website.siteTitle|html}</p>
  </div>
</footer>
{.repeated section islands}<script type="application/json" id="{dataId|htmltag}" data-island="{name|htmltag}"></script>{.end}{.section assets}{.repeated section scripts}<script type="module" src="{@|htmltag}"></script>{.end}{.end}</body>
</html>
`;

const variants = `{.section structuredContent}{.repeated section variants}<li class="variant" data-variant-id="{id|htmltag}" data-sku="{sku|htmltag}">{.repeated section optionValues}<span class="option">{optionName|html}: {value|html}</span>{.alternates with}, {.end} <span class="price">{priceMoney.value} {priceMoney.currency|html}</span>{.section onSale} <span class="sale-price">{salePriceMoney.value}</span>{.end}{.section unlimited} <span class="stock">in stock</span>{.or} <span class="stock">{qtyInStock} left</span>{.end}</li>{.end}{.end}`;

const productPage = `{.section item}
<article class="product-detail" data-item-id="{id|htmltag}" data-product-type="{structuredContent.productType}">
  <nav class="breadcrumb" aria-label="Breadcrumb"><a href="{collection.fullUrl|htmltag}">{collection.title|html}</a> <span aria-hidden="true">›</span> <span>{title|html}</span></nav>
  <div class="product-layout">
    <div class="product-images">
      {.repeated section items}<figure class="product-image"><img src="{assetUrl|htmltag}" data-image-dimensions="{originalSize|htmltag}" alt="{altText|htmltag}"></figure>{.or}{.section mainImage}<figure class="product-image"><img src="{assetUrl|htmltag}" alt="{altText|htmltag}"></figure>{.end}{.end}
    </div>
    <div class="product-summary">
      <h1 class="product-title">{title|html}</h1>
      {.section excerpt}<div class="product-excerpt">{@}</div>{.end}
      <ul class="product-variants">${variants}</ul>
      <div class="product-body">{body}</div>
      {.section tags}<ul class="tags">{.repeated section @}<li>{@|html}</li>{.end}</ul>{.end}
    </div>
  </div>
</article>
{.end}`;

const listPage = `<section class="collection products-list" data-collection-id="{collection.id|htmltag}">
  <header class="collection-header">
    <h1>{collection.title|html}</h1>
    {.section collection}{.section description}<div class="collection-description">{@}</div>{.end}{.end}
  </header>
  {.section items}<div class="product-grid">
    {.repeated section @}<article class="product-card" data-item-id="{id|htmltag}">
  <a class="product-card-link" href="{fullUrl|htmltag}">
    <div class="product-card-image">{.section mainImage}<img src="{assetUrl|htmltag}" data-image-dimensions="{originalSize|htmltag}" loading="lazy" alt="{altText|htmltag}">{.end}</div>
    <h3 class="product-card-title">{title|html}</h3>
  </a>
  {.section excerpt}<div class="product-card-excerpt">{@}</div>{.end}
  <ul class="product-card-variants">${variants}</ul>
  <p class="tags">{.repeated section tags}<span class="tag">{@|html}</span>{.alternates with} · {.end}</p>
</article>{.end}
  </div>{.or}<p class="empty">No products here yet.</p>{.end}
  {.section pagination}{.section nextPageUrl}<nav class="pagination" aria-label="Pages"><a class="next-page" href="{@|htmltag}">More</a></nav>{.end}{.end}
</section>`;

/** Core-language sources of the two bench pages. */
export const CORE_TEMPLATES = {
  product: layout(productPage),
  list: layout(listPage),
} as const;
