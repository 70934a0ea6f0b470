import { closeOnSignals, loadConfig, runMain, startTelemetry } from '@sc/platform';
import { buildGateway } from './app.js';
import { GatewayEnv } from './config.js';

await runMain(async () => {
  const config = loadConfig(GatewayEnv);
  const stopTelemetry = startTelemetry('gateway', config.OTEL_EXPORTER_OTLP_ENDPOINT);
  const app = await buildGateway({ config });
  await app.listen({ port: config.PORT, host: config.HOST });
  closeOnSignals(async () => {
    await app.close();
    await stopTelemetry();
  }, app.log, config.SHUTDOWN_TIMEOUT_MS);
});
