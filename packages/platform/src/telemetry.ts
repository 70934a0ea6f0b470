// OpenTelemetry through @opentelemetry/sdk-node. Spans are always made (so trace ids flow through
// logs, the gateway and NATS headers); they leave the process only when OTEL_EXPORTER_OTLP_ENDPOINT
// is set. Context crosses NATS as W3C traceparent/tracestate message headers.
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace, type Context, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/**
 * Ends spans without sending them anywhere. NodeSDK registers no tracer provider at all when it
 * has no span processor, which would make every span a no-op and leave events without a trace
 * id of their own; with this one, spans are real and only their export is off.
 */
const discardSpans: SpanProcessor = {
  onStart: () => undefined,
  onEnd: () => undefined,
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

let sdk: NodeSDK | undefined;

/** Starts tracing for this process once (later calls are no-ops). Returns a function that flushes and stops it. */
export function startTelemetry(serviceName: string, endpoint?: string): () => Promise<void> {
  if (sdk) return async () => undefined;
  const exporter = endpoint ? new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }) : undefined;
  sdk = new NodeSDK({
    serviceName,
    // An explicit list keeps the SDK from reading OTEL_TRACES_EXPORTER and exporting by default.
    spanProcessors: [exporter ? new BatchSpanProcessor(exporter) : discardSpans],
    // With nowhere to send spans, new traces are not recorded: their ids still exist and travel
    // (HTTP and NATS headers), but the per-request recording cost, measured at half the
    // gateway's throughput in bench/gateway, is only paid when someone will read the spans.
    // A caller that sends a sampled traceparent is still followed.
    sampler: new ParentBasedSampler({ root: exporter ? new AlwaysOnSampler() : new AlwaysOffSampler() }),
    instrumentations: [],
  });
  sdk.start();
  const started = sdk;
  return async () => {
    await started.shutdown();
    if (sdk === started) sdk = undefined;
  };
}

export const tracer = () => trace.getTracer('sitebuilder');

/** The current trace context as message headers (traceparent, tracestate). */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/**
 * Runs `fn` inside a span whose parent comes from incoming headers (HTTP or NATS). `active`
 * (the default) makes the span the current context while `fn` runs, so what `fn` publishes
 * carries it; false only passes the span to `fn` (see ServiceDefinition.tracing).
 */
export async function withSpanFromHeaders<T>(
  name: string,
  kind: SpanKind,
  headers: Record<string, string | string[] | undefined>,
  fn: (span: Span) => Promise<T>,
  options: { active?: boolean } = {},
): Promise<T> {
  const parent = propagation.extract(ROOT_CONTEXT, headers);
  const run = async (span: Span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  };
  if (options.active === false) return run(tracer().startSpan(name, { kind }, parent));
  return tracer().startActiveSpan(name, { kind }, parent, run);
}

export { SpanKind, context, trace, propagation };
