import { closeOnSignals, instrumentHttp, loadConfig, runMain, serveMetrics, startTelemetry } from '@sc/platform';
import { buildGateway } from './app.js';
import { GatewayEnv } from './config.js';

await runMain(async () => {
  const config = loadConfig(GatewayEnv);
  const stopTelemetry = startTelemetry('gateway', config.OTEL_EXPORTER_OTLP_ENDPOINT);
  const app = await buildGateway({ config });
  // Requests are counted here, on the main's app; /metrics is on METRICS_PORT, never on PORT.
  instrumentHttp(app, 'gateway');
  await app.listen({ port: config.PORT, host: config.HOST });
  const closeMetrics = await serveMetrics(config.METRICS_PORT, config.HOST, app.log);
  closeOnSignals(
    async () => {
      await app.close();
      await closeMetrics();
      await stopTelemetry();
    },
    app.log,
    config.SHUTDOWN_TIMEOUT_MS,
  );
});
