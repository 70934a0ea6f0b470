// One asset service per built app: the routes and the demo seed of an app share it (the same
// storage and the same bounded pipeline), made from the environment the first time either asks.
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

/** Memoised per service context: `assetRuntime(ctx)` twice answers the same runtime. */
export function assetRuntimes(storage?: AssetStorage): (ctx: { config: { DATA_DIR: string }; logger: Logger }) => AssetRuntime {
  const made = new WeakMap<object, AssetRuntime>();
  return (ctx) => {
    let runtime = made.get(ctx);
    if (!runtime) {
      const settings = assetsSettings(ctx.config.DATA_DIR);
      const store = storage ?? (settings.s3 ? new S3AssetStorage(settings.s3) : new DirectoryAssetStorage(settings.directory));
      runtime = { service: new AssetService(store, new ImagePipeline(settings.pipeline), ctx.logger), settings, storage: store };
      made.set(ctx, runtime);
    }
    return runtime;
  };
}
