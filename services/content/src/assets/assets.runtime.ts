// The uploads' runtime of one built app: its storage, its bounded image pipeline and the asset
// service over them. Made once, by the wiring step (module.ts); the routes and the demo seed are
// handed the same one.
import type { Logger } from '@sc/platform';
import { DirectoryAssetStorage, type AssetStorage } from './asset-storage.js';
import { assetsSettings, type AssetsSettings } from './assets.config.js';
import { AssetService } from './assets.service.js';
import { ImagePipeline } from './image-pipeline.js';
import { S3AssetStorage } from './s3-storage.js';

export interface AssetRuntime {
  service: AssetService;
  settings: AssetsSettings;
  storage: AssetStorage;
}

/** The runtime from the environment (ASSETS_*, S3_*); `storage` replaces the configured one (tests). */
export function createAssetRuntime(ctx: { config: { DATA_DIR: string }; logger: Logger }, storage?: AssetStorage): AssetRuntime {
  const settings = assetsSettings(ctx.config.DATA_DIR);
  const store = storage ?? (settings.s3 ? new S3AssetStorage(settings.s3) : new DirectoryAssetStorage(settings.directory));
  return { service: new AssetService(store, new ImagePipeline(settings.pipeline), ctx.logger), settings, storage: store };
}
