// Web vitals as mergeable histograms: each value falls in a log-scale bucket (4% wide), daily
// rollups count values per bucket, and the p75 of any range is read from the summed buckets. A
// percentile cannot be summed, a histogram can: that keeps the rollup incremental.
import { VITAL_THRESHOLDS, type WebVitalMetric } from '@sc/contracts';

const GROWTH = Math.log(1.04);
/** CLS is unitless and small (0.1 is "good"): it is bucketed in thousandths. */
const scale = (metric: WebVitalMetric): number => (metric === 'CLS' ? 1000 : 1);

export function bucketOf(metric: WebVitalMetric, value: number): number {
  const scaled = value * scale(metric);
  return scaled <= 0 ? 0 : Math.floor(Math.log1p(scaled) / GROWTH) + 1;
}

/** The value a bucket stands for: the geometric middle of its bounds. */
export function valueOfBucket(metric: WebVitalMetric, bucket: number): number {
  if (bucket <= 0) return 0;
  const low = Math.expm1((bucket - 1) * GROWTH);
  const high = Math.expm1(bucket * GROWTH);
  const middle = low <= 0 ? high / 2 : Math.sqrt(low * high);
  return middle / scale(metric);
}

/** The 75th percentile of a histogram (bucket → count); null when it is empty. */
export function p75(metric: WebVitalMetric, histogram: ReadonlyArray<{ bucket: number; count: number }>): number | null {
  const total = histogram.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(total * 0.75);
  let seen = 0;
  for (const entry of [...histogram].sort((a, b) => a.bucket - b.bucket)) {
    seen += entry.count;
    if (seen >= rank) return round(metric, valueOfBucket(metric, entry.bucket));
  }
  return null;
}

const round = (metric: WebVitalMetric, value: number): number => (metric === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value));

export function vitalRating(metric: WebVitalMetric, value: number): 'good' | 'needs-improvement' | 'poor' {
  const { good, poor } = VITAL_THRESHOLDS[metric];
  return value <= good ? 'good' : value > poor ? 'poor' : 'needs-improvement';
}
