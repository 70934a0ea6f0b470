// The alert rules and the Grafana dashboard ask only for metrics the processes serve: a renamed
// metric would otherwise leave an alert that can never fire and a panel that stays empty.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { metricsRegistry } from '@sc/platform';
import { REPO_ROOT, arr, obj, objs, str } from './manifests.js';

const dir = path.join(REPO_ROOT, 'deploy/observability');
const served = new Set(
  metricsRegistry.getMetricsAsArray().flatMap((m) => {
    const name = m.name;
    return [name, `${name}_bucket`, `${name}_count`, `${name}_sum`];
  }),
);
/** The metric names in a PromQL expression: identifiers followed by `{`, `[` or `)`, not functions or labels. */
function metricNames(expr: string): string[] {
  const withoutLabels = expr.replace(/\{[^}]*\}/g, '{}').replace(/by \([^)]*\)/g, '');
  return [...withoutLabels.matchAll(/\b([a-z_]+_[a-z_]+)\b(?=\s*[{[)]|\s*$|\s*[<>=])/g)]
    .map((m) => m[1] ?? '')
    .filter((n) => !['histogram_quantile'].includes(n));
}
const unknown = (exprs: string[]) => exprs.flatMap(metricNames).filter((name) => !served.has(name));

describe('deploy/observability', () => {
  const rules = objs(obj(parse(readFileSync(path.join(dir, 'alerts.yaml'), 'utf8'))).groups).flatMap((g) => objs(g.rules));
  const dashboard = obj(JSON.parse(readFileSync(path.join(dir, 'grafana-dashboard.json'), 'utf8')));
  const panelExprs = objs(dashboard.panels).flatMap((p) => objs(p.targets).map((t) => str(t.expr) ?? ''));

  it('alerts on errors, latency, empty read models, consumer lag, the outbox, the pool and the event loop', () => {
    expect(rules.map((r) => str(r.alert))).toEqual(
      expect.arrayContaining(['SitebuilderReadModelEmpty', 'SitebuilderConsumerLag', 'SitebuilderOutboxBacklog']),
    );
    expect(rules.length).toBeGreaterThanOrEqual(7);
  });

  it('uses only served metrics', () => {
    expect(unknown(rules.map((r) => str(r.expr) ?? ''))).toEqual([]);
    expect(unknown(panelExprs)).toEqual([]);
    expect(arr(dashboard.panels).length).toBeGreaterThanOrEqual(8);
  });

  it('notices a metric that is not served', () => {
    expect(unknown(['max by (service) (outbox_backlog_total) > 5'])).toEqual(['outbox_backlog_total']);
  });
});
