/**
 * The Prometheus text exposition format (version 0.0.4), read as far as the service map needs it:
 * every sample line `name{label="value",...} value [timestamp]`, comments skipped. Label values
 * keep their escapes undone (\\, \", \n). prom-client writes this format; a line that does not
 * parse is left out rather than failing the whole reading.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?\s*/gy;

const unescaped = (value: string) => value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));

function labelsOf(text: string | undefined): Record<string, string> | undefined {
  const labels: Record<string, string> = {};
  if (!text) return labels;
  LABEL.lastIndex = 0;
  let end = 0;
  for (let m = LABEL.exec(text); m; m = LABEL.exec(text)) {
    labels[m[1]!] = unescaped(m[2]!);
    end = LABEL.lastIndex;
  }
  return end === text.trimEnd().length ? labels : undefined;
}

function numberOf(text: string): number {
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  return Number(text);
}

export function parseMetricsText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (!m) continue;
    const labels = labelsOf(m[2]);
    const value = numberOf(m[3]!);
    if (labels && !Number.isNaN(value)) samples.push({ name: m[1]!, labels, value });
  }
  return samples;
}
