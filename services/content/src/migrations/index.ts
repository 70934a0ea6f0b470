import { captchaMigration, type Migrations } from '@sc/platform';
import { m0001Content } from './0001_content.js';
import { m0002Search } from './0002_search.js';
import { m0003Community } from './0003_community.js';
import { m0005RepliesSubscriptions } from './0005_replies_subscriptions.js';
import { m0006HeaderTitleFollowsSite } from './0006_header_title_follows_site.js';
import { m0007MediaLibrary } from './0007_media_library.js';
import { m0020WebsiteDesigns } from './0020_website_designs.js';
import { m0040ItemUrlHistory } from './0040_item_url_history.js';
import { m0041CollectionSeo } from './0041_collection_seo.js';
import { m0060CollectionUrlHistory } from './0060_collection_url_history.js';

/** Applied in name order at start (the platform's outbox tables come first on their own). */
export const migrations: Migrations = {
  '0001_content': m0001Content,
  '0002_search': m0002Search,
  '0003_community': m0003Community,
  '0004_captcha': captchaMigration,
  '0005_replies_subscriptions': m0005RepliesSubscriptions,
  '0006_header_title_follows_site': m0006HeaderTitleFollowsSite,
  '0007_media_library': m0007MediaLibrary,
  '0020_website_designs': m0020WebsiteDesigns,
  '0040_item_url_history': m0040ItemUrlHistory,
  '0041_collection_seo': m0041CollectionSeo,
  '0060_collection_url_history': m0060CollectionUrlHistory,
};
