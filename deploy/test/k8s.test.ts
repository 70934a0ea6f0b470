// The Kubernetes base, checked the way the cluster would see it: everything kustomize would
// apply (following nested kustomizations), then the links between the objects (selectors,
// ports, probes, ConfigMaps, Secrets). The second half breaks copies of the real manifests and
// expects each check to notice, so a green run means the properties hold, not that files exist.
import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Manifest, Obj } from './manifests.js';
import {
  APP_PORTS,
  APPS,
  byKind,
  checkConfigMaps,
  checkDocumentShape,
  checkExpectedObjects,
  checkNats,
  checkPorts,
  checkProbes,
  checkResources,
  checkSecrets,
  checkSelectors,
  checkServices,
  checkStatefulSets,
  containers,
  find,
  INFRA,
  K8S_BASE,
  loadKustomization,
  nameOf,
  obj,
  objs,
  orphanFiles,
  REPO_ROOT,
  workloadConfig,
} from './manifests.js';

const base = loadKustomization(K8S_BASE);
const manifests = base.manifests;

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`missing ${what}`);
  return value;
}

/** A deep copy of the real manifests with one change applied. */
function broken(change: (copy: Manifest[]) => void): Manifest[] {
  const copy = structuredClone(manifests);
  change(copy);
  return copy;
}

const deployment = (ms: Manifest[], name: string): Manifest => must(find(ms, 'Deployment', name), `Deployment ${name}`);
const container = (ms: Manifest[], name: string): Obj => must(containers(deployment(ms, name))[0], `container of ${name}`);
const configMapOf = (ms: Manifest[], name: string): Obj => {
  const ref = must(objs(container(ms, name).envFrom)[0], `envFrom of ${name}`);
  const cmName = String(obj(ref.configMapRef).name);
  return obj(must(find(ms, 'ConfigMap', cmName), `ConfigMap ${cmName}`).doc.data);
};

describe('kustomize base (deploy/k8s/base)', () => {
  it('loads every resource the kustomizations list, nested ones included', () => {
    const files = new Set(manifests.map((m) => m.file));
    expect(files.size).toBeGreaterThanOrEqual(11);
    // The nested kustomizations were followed, not just the top-level files.
    expect([...files].some((f) => f.includes('/infra/'))).toBe(true);
    expect([...files].some((f) => f.includes('/apps/'))).toBe(true);
  });

  it('has no manifest that no kustomization lists', () => {
    expect(orphanFiles(K8S_BASE, base.referenced)).toEqual([]);
  });

  it('gives every document an apiVersion, a kind and a metadata.name, each object once', () => {
    expect(checkDocumentShape(manifests)).toEqual([]);
  });

  it('has a Deployment, Service and ConfigMap per app and a StatefulSet per piece of infrastructure', () => {
    expect(checkExpectedObjects(manifests)).toEqual([]);
    expect(byKind(manifests, 'Deployment').map(nameOf).sort()).toEqual([...APPS].sort());
    expect(byKind(manifests, 'StatefulSet').map(nameOf).sort()).toEqual([...INFRA].sort());
    for (const app of APPS) expect(Object.keys(workloadConfig(deployment(manifests, app), manifests)).length).toBeGreaterThan(0);
  });

  it('has selectors that pick their own pod templates', () => {
    expect(checkSelectors(manifests)).toEqual([]);
  });

  it('has Services that select pods and target ports those pods expose', () => {
    expect(checkServices(manifests)).toEqual([]);
  });

  it('probes readiness on /readyz and liveness on /healthz, on a container port', () => {
    expect(checkProbes(manifests)).toEqual([]);
  });

  it('uses the platform ports in containers, Services and PORT', () => {
    expect(checkPorts(manifests)).toEqual([]);
    expect(configMapOf(manifests, 'cart').PORT).toBe(String(APP_PORTS.cart));
    expect(configMapOf(manifests, 'gateway').PORT).toBe('8080');
  });

  it('has ConfigMaps that exist, hold strings and point at real Services', () => {
    expect(checkConfigMaps(manifests)).toEqual([]);
  });

  it('keeps secrets out and reads DATABASE_URL from the optional sitebuilder-secrets', () => {
    expect(checkSecrets(manifests)).toEqual([]);
  });

  it('states resource requests and limits for every container', () => {
    expect(checkResources(manifests)).toEqual([]);
  });

  it('runs Postgres, NATS and Redis as StatefulSets with headless Services and claim templates', () => {
    expect(checkStatefulSets(manifests)).toEqual([]);
  });

  it('runs NATS with JetStream, its store on the volume', () => {
    expect(checkNats(manifests)).toEqual([]);
  });
});

describe('the checks catch broken manifests', () => {
  it('a selector that does not match the template', () => {
    const ms = broken((c) => {
      obj(obj(obj(deployment(c, 'forms').doc.spec).selector).matchLabels)['app.kubernetes.io/name'] = 'form';
    });
    expect(checkSelectors(ms)).toEqual([expect.stringContaining('Deployment/forms')]);
  });

  it('a Service whose targetPort the pods do not expose, or whose selector matches nothing', () => {
    const wrongPort = broken((c) => {
      const port = must(objs(obj(must(find(c, 'Service', 'cart'), 'Service cart').doc.spec).ports)[0], 'port');
      port.targetPort = 'web';
    });
    expect(checkServices(wrongPort)).toEqual([expect.stringContaining('targetPort web')]);
    const wrongNumber = broken((c) => {
      const port = must(objs(obj(must(find(c, 'Service', 'redis'), 'Service redis').doc.spec).ports)[0], 'port');
      port.targetPort = 6380;
    });
    expect(checkServices(wrongNumber)).toEqual([expect.stringContaining('targetPort 6380')]);
    const noPods = broken((c) => {
      obj(obj(must(find(c, 'Service', 'render'), 'Service render').doc.spec).selector)['app.kubernetes.io/name'] = 'renderer';
    });
    expect(checkServices(noPods)).toEqual([expect.stringContaining('matches no Deployment')]);
  });

  it('swapped probe paths, a probe on a missing port, a missing probe', () => {
    const swapped = broken((c) => {
      obj(obj(container(c, 'identity').readinessProbe).httpGet).path = '/healthz';
    });
    expect(checkProbes(swapped)).toEqual([expect.stringContaining('readinessProbe path is /healthz')]);
    const badPort = broken((c) => {
      obj(obj(container(c, 'gateway').livenessProbe).httpGet).port = 'admin';
    });
    expect(checkProbes(badPort)).toEqual([expect.stringContaining('livenessProbe port admin')]);
    const missing = broken((c) => {
      delete container(c, 'content').livenessProbe;
    });
    expect(checkProbes(missing)).toEqual([expect.stringContaining('has no livenessProbe')]);
  });

  it('a port that differs from the platform table', () => {
    const ms = broken((c) => {
      must(objs(container(c, 'restock').ports)[0], 'port').containerPort = 4199;
    });
    expect(checkPorts(ms)).toEqual([expect.stringContaining('Deployment restock: containerPort "http" is 4199')]);
    // The Service still targets the name "http", so only the number check can see this one.
    expect(checkServices(ms)).toEqual([]);
    const env = broken((c) => {
      configMapOf(c, 'analytics').PORT = '4100';
    });
    expect(checkPorts(env)).toEqual([expect.stringContaining('PORT is 4100')]);
  });

  it('a missing ConfigMap, a number in a ConfigMap, an address of no Service', () => {
    const gone = broken((c) => {
      const index = c.findIndex((m) => m.doc.kind === 'ConfigMap' && nameOf(m) === 'forms-config');
      c.splice(index, 1);
    });
    expect(checkConfigMaps(gone)).toEqual(
      expect.arrayContaining([expect.stringContaining('envFrom ConfigMap forms-config does not exist')]),
    );
    const number = broken((c) => {
      configMapOf(c, 'cart').PORT = 4101;
    });
    expect(checkConfigMaps(number)).toEqual([expect.stringContaining('PORT is a number')]);
    const wrongUrl = broken((c) => {
      configMapOf(c, 'gateway').CART_URL = 'http://cart:9999';
    });
    expect(checkConfigMaps(wrongUrl)).toEqual([expect.stringContaining('does not serve port 9999')]);
    const swappedUrl = broken((c) => {
      configMapOf(c, 'gateway').FORMS_URL = 'http://restock:4103';
    });
    expect(checkConfigMaps(swappedUrl)).toEqual([expect.stringContaining('FORMS_URL http://restock:4103 does not point at Service forms')]);
    const noNats = broken((c) => {
      configMapOf(c, 'content').NATS_URL = 'nats://bus:4222';
    });
    expect(checkConfigMaps(noNats)).toEqual([expect.stringContaining('no Service named bus')]);
  });

  it('a Secret in the repository, a password in plain sight, a required DATABASE_URL', () => {
    const secret = broken((c) => {
      c.push({
        file: 'x.yaml',
        doc: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'sitebuilder-secrets' }, stringData: { DATABASE_URL: 'x' } },
      });
    });
    expect(checkSecrets(secret)).toEqual([expect.stringContaining('a Secret in the manifests')]);
    const plain = broken((c) => {
      configMapOf(c, 'cart').DATABASE_URL = 'postgres://sitebuilder:hunter2@postgres:5432/sitebuilder';
    });
    expect(checkSecrets(plain)).toEqual([expect.stringContaining('DATABASE_URL carries a password')]);
    const required = broken((c) => {
      const env = must(
        objs(container(c, 'identity').env).find((e) => e.name === 'DATABASE_URL'),
        'DATABASE_URL env',
      );
      delete obj(obj(env.valueFrom).secretKeyRef).optional;
    });
    expect(checkSecrets(required)).toEqual([expect.stringContaining('Deployment identity: DATABASE_URL')]);
  });

  it('a container without limits', () => {
    const ms = broken((c) => {
      delete obj(container(c, 'render').resources).limits;
    });
    expect(checkResources(ms)).toEqual([expect.stringContaining('no limits.cpu'), expect.stringContaining('no limits.memory')]);
  });

  it('a StatefulSet behind a Service that is not headless, or without claim templates', () => {
    const notHeadless = broken((c) => {
      delete obj(must(find(c, 'Service', 'postgres'), 'Service postgres').doc.spec).clusterIP;
    });
    expect(checkStatefulSets(notHeadless)).toEqual([expect.stringContaining('is not headless')]);
    const noClaims = broken((c) => {
      delete obj(must(find(c, 'StatefulSet', 'redis'), 'StatefulSet redis').doc.spec).volumeClaimTemplates;
    });
    expect(checkStatefulSets(noClaims)).toEqual([
      expect.stringContaining('no volumeClaimTemplates'),
      expect.stringContaining('volume mount data has no claim or volume'),
    ]);
  });

  it('NATS without JetStream, or with its store off the volume', () => {
    const nats = (c: Manifest[]): Obj => must(containers(must(find(c, 'StatefulSet', 'nats'), 'nats'))[0], 'nats container');
    const noJs = broken((c) => {
      const n = nats(c);
      n.args = (n.args as unknown[]).filter((a) => a !== '-js');
    });
    expect(checkNats(noJs)).toEqual([expect.stringContaining('JetStream is not enabled')]);
    const offVolume = broken((c) => {
      const n = nats(c);
      n.args = (n.args as unknown[]).map((a) => (a === '/data/jetstream' ? '/tmp/js' : a));
    });
    expect(checkNats(offVolume)).toEqual([expect.stringContaining('not on a mounted volume')]);
  });

  it('a document without a name, an object defined twice, a missing workload', () => {
    const unnamed = broken((c) => {
      delete obj(must(c[0], 'first document').doc.metadata).name;
    });
    expect(checkDocumentShape(unnamed)).toEqual([expect.stringContaining('without metadata.name')]);
    const twice = broken((c) => {
      c.push(structuredClone(deployment(c, 'cart')));
    });
    expect(checkDocumentShape(twice)).toEqual([expect.stringContaining('Deployment/cart: defined twice')]);
    const missing = broken((c) => {
      c.splice(c.indexOf(deployment(c, 'analytics')), 1);
    });
    expect(checkExpectedObjects(missing)).toEqual([expect.stringContaining('no Deployment analytics')]);
  });
});

describe('kustomization loading', () => {
  const withTree = (files: Record<string, string>, run: (dir: string) => void): void => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sc-kustomize-'));
    try {
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        writeFileSync(path.join(dir, name), text);
      }
      run(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const cm = (name: string): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n`;

  it('follows nested kustomizations and reports files nobody lists', () => {
    withTree(
      {
        'kustomization.yaml': 'resources:\n  - a.yaml\n  - sub\n',
        'a.yaml': `${cm('a')}---\n${cm('a2')}---\n`,
        'sub/kustomization.yaml': 'resources:\n  - b.yaml\n',
        'sub/b.yaml': cm('b'),
        'sub/forgotten.yaml': cm('c'),
      },
      (dir) => {
        const loaded = loadKustomization(dir);
        expect(loaded.manifests.map(nameOf)).toEqual(['a', 'a2', 'b']);
        expect(orphanFiles(dir, loaded.referenced)).toEqual([path.relative(REPO_ROOT, path.join(dir, 'sub/forgotten.yaml'))]);
      },
    );
  });

  it('fails on a listed file that does not exist and on invalid YAML', () => {
    withTree({ 'kustomization.yaml': 'resources:\n  - missing.yaml\n' }, (dir) => {
      expect(() => loadKustomization(dir)).toThrow('missing.yaml does not exist');
    });
    withTree({ 'kustomization.yaml': 'resources:\n  - bad.yaml\n', 'bad.yaml': 'kind: [ConfigMap\n' }, (dir) => {
      expect(() => loadKustomization(dir)).toThrow('bad.yaml');
    });
  });
});
