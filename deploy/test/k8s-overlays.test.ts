// The overlays deploy/k8s/overlays/dev and prod, rendered as `kubectl apply -k` would apply them
// and held to the rules of k8s-rules.ts: Kubernetes schemas, hardened Deployments, HPAs, PDBs,
// NetworkPolicies, the Ingress, Secrets apart, the migrate Job. Rendering: deploy/test/kustomize.ts
// everywhere, and where kubectl is installed its own kustomize as well, which must give the same
// objects. The second half breaks copies of the rendered objects and expects each rule to notice.
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { Manifest, Obj } from './manifests.js';
import { byKind, find, kindOf, listFiles, loadKustomization, nameOf, obj, objs, REPO_ROOT, SERVICES, str } from './manifests.js';
import { applyOperation, kustomizeBuild } from './kustomize.js';
import {
  AUTOSCALED,
  canConnect,
  checkAutoscaling,
  checkDeployments,
  checkDisruptionBudgets,
  checkIngress,
  checkMigrationJob,
  checkNetworkPolicies,
  checkOverlay,
  checkSchemas,
  checkSecretsApart,
  INGRESS_CONTROLLER,
  networkOf,
  quantity,
} from './k8s-rules.js';

const K8S = path.join(REPO_ROOT, 'deploy/k8s');
const OVERLAYS = ['dev', 'prod'] as const;
/** prod reaches managed servers on its data network (overlays/prod: 10.100.0.0/16). */
const EXTERNAL: Record<(typeof OVERLAYS)[number], Record<string, string>> = {
  dev: {},
  prod: { postgres: '10.100.0.7', nats: '10.100.0.8', redis: '10.100.0.9' },
};

const rendered = Object.fromEntries(OVERLAYS.map((o) => [o, kustomizeBuild(path.join(K8S, 'overlays', o))])) as Record<
  (typeof OVERLAYS)[number],
  Manifest[]
>;

function kubectl(): boolean {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const hasKubectl = kubectl();
const id = (doc: Obj): string => `${String(doc.kind)}/${String(obj(doc.metadata).namespace)}/${String(obj(doc.metadata).name)}`;

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`missing ${what}`);
  return value;
}
const broken = (overlay: (typeof OVERLAYS)[number], change: (copy: Manifest[]) => void): Manifest[] => {
  const copy = structuredClone(rendered[overlay]);
  change(copy);
  return copy;
};
const container = (ms: Manifest[], kind: string, name: string, index = 0): Obj =>
  must(objs(obj(obj(obj(must(find(ms, kind, name), `${kind} ${name}`).doc.spec).template).spec).containers)[index], `container of ${name}`);
const patch = (ms: Manifest[], kind: string, name: string, ops: Obj[]): void => {
  const m = must(find(ms, kind, name), `${kind} ${name}`);
  for (const op of ops) applyOperation(m, op);
};

describe.each(OVERLAYS)('overlay %s', (overlay) => {
  const manifests = rendered[overlay];

  (hasKubectl ? it : it.skip)('renders to the same objects as kubectl kustomize', () => {
    const output = execFileSync('kubectl', ['kustomize', path.join(K8S, 'overlays', overlay)], { encoding: 'utf8' });
    const real = parseAllDocuments(output).map((d) => d.toJS() as Obj);
    const mine = new Map(manifests.map((m) => [id(m.doc), m.doc]));
    expect(real.map(id).sort()).toEqual([...mine.keys()].sort());
    for (const doc of real) expect({ [id(doc)]: mine.get(id(doc)) }).toEqual({ [id(doc)]: doc });
  });

  it('passes every rule', () => {
    expect(checkOverlay(manifests, EXTERNAL[overlay])).toEqual([]);
  });

  it('validates every object against the Kubernetes schemas', () => {
    expect(checkSchemas(manifests)).toEqual([]);
  });

  it('puts every namespaced object in the namespace sitebuilder', () => {
    const stray = manifests
      .filter((m) => kindOf(m) !== 'Namespace' && obj(m.doc.metadata).namespace !== 'sitebuilder')
      .map((m) => id(m.doc));
    expect(stray).toEqual([]);
  });

  it('has the objects it is made of', () => {
    const kinds: Record<string, number> = {};
    for (const m of manifests) kinds[kindOf(m) ?? '?'] = (kinds[kindOf(m) ?? '?'] ?? 0) + 1;
    // dev's second Job makes its MinIO's bucket.
    expect(kinds).toMatchObject({
      Deployment: 8,
      HorizontalPodAutoscaler: 3,
      PodDisruptionBudget: 8,
      Ingress: 3,
      Job: overlay === 'dev' ? 2 : 1,
    });
    expect(byKind(manifests, 'HorizontalPodAutoscaler').map(nameOf).sort()).toEqual([...AUTOSCALED].sort());
  });
});

describe('differences between the overlays', () => {
  it('dev runs Postgres, NATS, Redis and MinIO in the namespace; prod uses managed ones and S3', () => {
    expect(byKind(rendered.dev, 'StatefulSet').map(nameOf).sort()).toEqual(['minio', 'nats', 'postgres', 'redis']);
    // dev's uploads go to its MinIO (no shared volume), with the keys MinIO's root user is made of.
    const devContent = obj(must(find(rendered.dev, 'ConfigMap', 'content-config'), 'content-config').doc.data);
    expect([devContent.S3_BUCKET, devContent.S3_ENDPOINT, devContent.S3_FORCE_PATH_STYLE, devContent.ASSETS_DIR]).toEqual([
      'sitebuilder-assets',
      'http://minio:9000',
      'true',
      undefined,
    ]);
    expect(byKind(rendered.dev, 'PersistentVolumeClaim')).toEqual([]);
    const keys = (c: Obj) =>
      objs(c.env)
        .map((e) => str(obj(obj(e.valueFrom).secretKeyRef).key))
        .filter((k) => k?.startsWith('AWS_'))
        .sort();
    expect(keys(container(rendered.dev, 'Deployment', 'content'))).toEqual(['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']);
    expect(keys(container(rendered.dev, 'StatefulSet', 'minio'))).toEqual(['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']);
    expect(String(container(rendered.dev, 'Job', 'minio-bucket').args)).toContain(
      `mc mb --ignore-existing local/${String(devContent.S3_BUCKET)}`,
    );
    expect(byKind(rendered.prod, 'StatefulSet')).toEqual([]);
    expect(byKind(rendered.prod, 'PersistentVolumeClaim')).toEqual([]);
    const content = obj(must(find(rendered.prod, 'ConfigMap', 'content-config'), 'content-config').doc.data);
    expect(content.S3_BUCKET).toBeDefined();
    expect(content.ASSETS_DIR).toBeUndefined();
    expect(obj(must(find(rendered.prod, 'ConfigMap', 'cart-config'), 'cart-config').doc.data).NATS_URL).toMatch(
      /^nats:\/\/.+\.internal:4222$/,
    );
  });

  it('prod pins every image to a registry and a version, and its Job runs the same', () => {
    for (const m of [...byKind(rendered.prod, 'Deployment'), ...byKind(rendered.prod, 'Job')]) {
      for (const c of objs(obj(obj(obj(m.doc.spec).template).spec).containers))
        expect(String(c.image)).toMatch(/^registry\.example\.com\/sitebuilder\/[a-z]+:\d+\.\d+\.\d+$/);
    }
  });

  it('prod keeps two replicas or more of everything and enforces the restricted pod security profile', () => {
    for (const d of byKind(rendered.prod, 'Deployment')) {
      const replicas = obj(d.doc.spec).replicas;
      const hpa = byKind(rendered.prod, 'HorizontalPodAutoscaler').find((h) => obj(obj(h.doc.spec).scaleTargetRef).name === nameOf(d));
      expect(hpa ? obj(hpa.doc.spec).minReplicas : replicas).toBeGreaterThanOrEqual(2);
    }
    const labels = obj(obj(must(find(rendered.prod, 'Namespace', 'sitebuilder'), 'Namespace').doc.metadata).labels);
    expect(labels['pod-security.kubernetes.io/enforce']).toBe('restricted');
  });

  it('prod alerts on what readiness no longer reports: backing servers down, outbox backlog, checkouts past their lease, error rates', () => {
    const rule = must(find(rendered.prod, 'PrometheusRule', 'sitebuilder'), 'PrometheusRule');
    const rules = objs(obj(rule.doc.spec).groups).flatMap((g) => objs(g.rules));
    const byName = Object.fromEntries(rules.map((r) => [String(r.alert), String(r.expr)]));
    expect(Object.keys(byName)).toEqual(
      expect.arrayContaining([
        'SitebuilderHighErrorRate',
        'SitebuilderDependencyDown',
        'SitebuilderOutboxBacklog',
        'SitebuilderOrdersPastLease',
        'SitebuilderIdempotencyKeysStuck',
      ]),
    );
    // Every metric an alert reads is one the processes serve (packages/platform/src/metrics.ts).
    const served = readFileSync(path.join(REPO_ROOT, 'packages/platform/src/metrics.ts'), 'utf8');
    for (const expr of Object.values(byName)) {
      const names = [...expr.matchAll(/\b([a-z_]+)(?=\{|\[|\)|\s*(?:==|>|<))/g)]
        .map((m) => m[1]!)
        .filter((n) => !['by', 'sum', 'max', 'min', 'rate'].includes(n));
      for (const name of names) expect(served).toContain(`'${name.replace(/_count$|_bucket$/, '')}'`);
    }
    // dev has no prometheus-operator: no alerts there.
    expect(byKind(rendered.dev, 'PrometheusRule')).toEqual([]);
  });

  it('every file under deploy/k8s is used by some kustomization', () => {
    const referenced = new Set<string>();
    for (const dir of ['base', 'overlays/dev', 'overlays/prod'])
      for (const file of loadKustomization(path.join(K8S, dir)).referenced) referenced.add(file);
    const unused = listFiles(K8S)
      .filter((f) => !referenced.has(f) && !f.endsWith('README.md'))
      .map((f) => path.relative(REPO_ROOT, f));
    expect(unused).toEqual([]);
  });
});

describe('the rules catch broken overlays', () => {
  it('an object that does not fit its schema, or of an unknown kind', () => {
    const ms = broken('prod', (c) => {
      obj(must(find(c, 'Deployment', 'forms'), 'forms').doc.spec).replicas = 'two';
    });
    expect(checkSchemas(ms)).toEqual([expect.stringContaining('Deployment/forms: data/spec/replicas must be integer')]);
    const unknown = broken('dev', (c) => {
      c.push({ file: 'x', doc: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } } });
    });
    expect(checkSchemas(unknown)).toEqual(['Widget/w: no schema for example.com/v1 Widget']);
  });

  it('a missing probe, a probe on the metrics port, a probe on the wrong path', () => {
    const noStartup = broken('prod', (c) => {
      delete container(c, 'Deployment', 'cart').startupProbe;
    });
    expect(checkDeployments(noStartup)).toEqual(['Deployment/cart: no startupProbe']);
    const onMetrics = broken('dev', (c) => {
      obj(obj(container(c, 'Deployment', 'render').livenessProbe).httpGet).port = 'metrics';
    });
    expect(checkDeployments(onMetrics)).toEqual(['Deployment/render: livenessProbe is not on the http port']);
    const wrongPath = broken('dev', (c) => {
      obj(obj(container(c, 'Deployment', 'gateway').readinessProbe).httpGet).path = '/healthz';
    });
    expect(checkDeployments(wrongPath)).toEqual(['Deployment/gateway: readinessProbe is on /healthz, not /readyz']);
  });

  it('missing limits, a request above its limit', () => {
    const noLimit = broken('prod', (c) => {
      delete obj(obj(container(c, 'Deployment', 'identity').resources).limits).memory;
    });
    expect(checkDeployments(noLimit)).toEqual([expect.stringContaining('Deployment/identity container identity: no limits.memory')]);
    const above = broken('prod', (c) => {
      obj(obj(container(c, 'Deployment', 'forms').resources).requests).cpu = '3';
    });
    expect(checkDeployments(above)).toEqual([expect.stringContaining('requests.cpu 3 is above limits.cpu 2')]);
    expect(quantity('250m')).toBe(0.25);
    expect(quantity('1536Mi')).toBe(1536 * 2 ** 20);
  });

  it('a writable root, privilege escalation, kept capabilities, root, no seccomp, no /tmp', () => {
    const ms = broken('prod', (c) => {
      const sc = obj(container(c, 'Deployment', 'analytics').securityContext);
      sc.readOnlyRootFilesystem = false;
      sc.allowPrivilegeEscalation = true;
      sc.capabilities = { drop: ['NET_RAW'] };
      const pod = obj(obj(obj(must(find(c, 'Deployment', 'analytics'), 'analytics').doc.spec).template).spec);
      pod.securityContext = {};
      container(c, 'Deployment', 'analytics').volumeMounts = [];
    });
    expect(checkDeployments(ms)).toEqual([
      expect.stringContaining('runAsNonRoot is not true'),
      expect.stringContaining('no seccomp profile'),
      expect.stringContaining('allowPrivilegeEscalation is not false'),
      expect.stringContaining('readOnlyRootFilesystem is not true'),
      expect.stringContaining('capabilities do not drop ALL'),
      expect.stringContaining('/tmp is not an emptyDir'),
    ]);
  });

  it('no topology spread, or one that selects other pods', () => {
    const ms = broken('dev', (c) => {
      patch(c, 'Deployment', 'restock', [{ op: 'remove', path: '/spec/template/spec/topologySpreadConstraints/1' }]);
      patch(c, 'Deployment', 'restock', [
        {
          op: 'replace',
          path: '/spec/template/spec/topologySpreadConstraints/0/labelSelector/matchLabels/app.kubernetes.io~1name',
          value: 'forms',
        },
      ]);
    });
    expect(checkDeployments(ms)).toEqual([
      'Deployment/restock: no topology spread over kubernetes.io/hostname',
      'Deployment/restock: a topology spread that does not select its own pods',
    ]);
  });

  it('a missing HPA, an HPA whose Deployment sets replicas', () => {
    const noHpa = broken('prod', (c) => {
      c.splice(c.indexOf(must(find(c, 'HorizontalPodAutoscaler', 'render'), 'hpa')), 1);
    });
    expect(checkAutoscaling(noHpa)).toEqual(['no HorizontalPodAutoscaler for render']);
    const replicas = broken('dev', (c) => {
      obj(must(find(c, 'Deployment', 'cart'), 'cart').doc.spec).replicas = 2;
    });
    expect(checkAutoscaling(replicas)).toEqual([expect.stringContaining('Deployment/cart: sets replicas')]);
  });

  it('a Deployment without its PDB, a budget that blocks every drain', () => {
    const none = broken('prod', (c) => {
      c.splice(c.indexOf(must(find(c, 'PodDisruptionBudget', 'content'), 'pdb')), 1);
    });
    expect(checkDisruptionBudgets(none)).toEqual(['Deployment/content: 0 PodDisruptionBudgets select its pods, not 1']);
    const blocking = broken('prod', (c) => {
      const spec = obj(must(find(c, 'PodDisruptionBudget', 'forms'), 'pdb').doc.spec);
      delete spec.maxUnavailable;
      spec.minAvailable = 2;
    });
    expect(checkDisruptionBudgets(blocking)).toEqual([
      expect.stringContaining('Deployment/forms: its budget (minAvailable 2) blocks every drain'),
    ]);
  });

  it('no default deny, a service opened to everyone, a path the code uses closed', () => {
    const noDeny = broken('dev', (c) => {
      c.splice(c.indexOf(must(find(c, 'NetworkPolicy', 'default-deny'), 'deny')), 1);
    });
    // The other policies happen to select every pod both ways, so only the rule itself notices.
    expect(checkNetworkPolicies(noDeny)).toEqual(['no default-deny NetworkPolicy (empty podSelector, Ingress and Egress, no rules)']);
    const open = broken('dev', (c) => {
      patch(c, 'NetworkPolicy', 'content-from-render', [{ op: 'remove', path: '/spec/ingress/0/from' }]);
    });
    expect(checkNetworkPolicies(open)).toEqual(
      expect.arrayContaining(['the ingress controller can reach content:4106', '{"ip":"203.0.113.10"} can reach content:4106']),
    );
    const closed = broken('dev', (c) => {
      patch(c, 'NetworkPolicy', 'render-to-content', [{ op: 'replace', path: '/spec/egress/0/ports/0/port', value: 4107 }]);
    });
    expect(checkNetworkPolicies(closed)).toEqual(['render cannot reach content:4106, which it uses']);
  });

  it('metrics reachable from the gateway, the gateway reaching the database, egress to anywhere', () => {
    // Both ends must give way: the gateway's egress and the services' ingress.
    const metrics = broken('dev', (c) => {
      patch(c, 'NetworkPolicy', 'services-from-gateway', [{ op: 'remove', path: '/spec/ingress/0/ports' }]);
      patch(c, 'NetworkPolicy', 'gateway-to-services', [{ op: 'remove', path: '/spec/egress/0/ports' }]);
    });
    expect(checkNetworkPolicies(metrics)).toEqual(expect.arrayContaining(['gateway can reach cart:9464, which it does not use']));
    const scraping = broken('prod', (c) => {
      patch(c, 'NetworkPolicy', 'metrics-from-monitoring', [{ op: 'remove', path: '/spec/ingress/0/ports' }]);
    });
    expect(checkNetworkPolicies(scraping, EXTERNAL.prod)).toEqual(expect.arrayContaining(['the monitoring namespace can reach cart:4101']));
    const database = broken('prod', (c) => {
      patch(c, 'NetworkPolicy', 'to-postgres', [{ op: 'add', path: '/spec/podSelector/matchExpressions/0/values/-', value: 'gateway' }]);
    });
    expect(checkNetworkPolicies(database, EXTERNAL.prod)).toEqual(['gateway can reach the external postgres, which it does not use']);
    const anywhere = broken('prod', (c) => {
      patch(c, 'NetworkPolicy', 'to-https', [{ op: 'remove', path: '/spec/egress/0/to/0/ipBlock/except' }]);
    });
    expect(checkNetworkPolicies(anywhere, EXTERNAL.prod)).toEqual(
      expect.arrayContaining(['cart can reach the private address 169.254.169.254:443']),
    );
    // And the evaluation itself: the real prod overlay lets the controller in on 8080 only.
    const net = networkOf(rendered.prod);
    const gatewayPod = {
      name: 'gateway',
      labels: { 'app.kubernetes.io/name': 'gateway', 'app.kubernetes.io/part-of': 'sitebuilder', 'app.kubernetes.io/component': 'gateway' },
      ports: [
        { name: 'http', port: 8080 },
        { name: 'metrics', port: 9464 },
      ],
    };
    expect(canConnect(net, { external: INGRESS_CONTROLLER }, { pod: gatewayPod }, 8080)).toBe(true);
    expect(canConnect(net, { external: INGRESS_CONTROLLER }, { pod: gatewayPod }, 9464)).toBe(false);
  });

  it('an Ingress to another Service, to the metrics port, without TLS or issuer', () => {
    const other = broken('prod', (c) => {
      patch(c, 'Ingress', 'gateway', [{ op: 'replace', path: '/spec/rules/0/http/paths/0/backend/service/name', value: 'content' }]);
    });
    expect(checkIngress(other)).toEqual(['Ingress/gateway: routes to content:http, not gateway:http']);
    const metrics = broken('prod', (c) => {
      patch(c, 'Ingress', 'gateway', [{ op: 'replace', path: '/spec/rules/0/http/paths/0/backend/service/port', value: { number: 9464 } }]);
    });
    expect(checkIngress(metrics)).toEqual(['Ingress/gateway: routes to gateway:9464, not gateway:http']);
    const plain = broken('dev', (c) => {
      patch(c, 'Ingress', 'gateway', [
        { op: 'remove', path: '/spec/tls' },
        { op: 'remove', path: '/metadata/annotations/cert-manager.io~1cluster-issuer' },
      ]);
    });
    expect(checkIngress(plain)).toEqual([
      'Ingress/gateway: no cert-manager issuer annotation',
      'Ingress/gateway: host shop.dev.example.com is not under TLS',
    ]);
    const exposed = broken('dev', (c) => {
      obj(must(find(c, 'Service', 'gateway'), 'svc').doc.spec).type = 'LoadBalancer';
    });
    expect(checkIngress(exposed)).toEqual(['Service/gateway: published as LoadBalancer, around the Ingress']);
  });

  it('a secret in a ConfigMap, a literal password, a Secret in the manifests', () => {
    const inConfig = broken('prod', (c) => {
      obj(must(find(c, 'ConfigMap', 'gateway-config'), 'cm').doc.data).IDENTITY_SIGNING_KEY = 'x'.repeat(40);
    });
    expect(checkSecretsApart(inConfig)).toEqual(['ConfigMap/gateway-config: IDENTITY_SIGNING_KEY belongs in the Secret']);
    const literal = broken('dev', (c) => {
      const env = must(
        objs(container(c, 'Deployment', 'forms').env).find((e) => e.name === 'DATABASE_URL'),
        'env',
      );
      delete env.valueFrom;
      env.value = 'postgres://sitebuilder:pw@postgres:5432/sitebuilder';
    });
    expect(checkSecretsApart(literal)).toEqual(['Deployment/forms: DATABASE_URL is a literal, not a Secret reference']);
    const secret = broken('dev', (c) => {
      c.push({ file: 'x', doc: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'sitebuilder-secrets' } } });
    });
    expect(checkSecretsApart(secret)).toEqual(['Secret/sitebuilder-secrets: a Secret in the manifests']);
  });

  it('no migrate Job, a Job with a stale image, without MIGRATE_ONLY or with an optional database', () => {
    const none = broken('prod', (c) => {
      c.splice(c.indexOf(must(find(c, 'Job', 'migrate'), 'job')), 1);
    });
    expect(checkMigrationJob(none)).toEqual(['0 migration Jobs, not 1']);
    const stale = broken('prod', (c) => {
      container(c, 'Job', 'migrate', SERVICES.indexOf('content')).image = 'registry.example.com/sitebuilder/content:0.9.0';
    });
    expect(checkMigrationJob(stale)).toEqual([
      expect.stringContaining(
        'content runs registry.example.com/sitebuilder/content:0.9.0, its Deployment registry.example.com/sitebuilder/content:1.0.0',
      ),
    ]);
    const flagless = broken('dev', (c) => {
      const cart = container(c, 'Job', 'migrate');
      cart.env = objs(cart.env).filter((e) => e.name !== 'MIGRATE_ONLY');
      const db = must(
        objs(container(c, 'Job', 'migrate', 1).env).find((e) => e.name === 'DATABASE_URL'),
        'env',
      );
      obj(obj(db.valueFrom).secretKeyRef).optional = true;
    });
    expect(checkMigrationJob(flagless)).toEqual([
      'Job/migrate: cart does not set MIGRATE_ONLY=1',
      'Job/migrate: forms does not require DATABASE_URL from sitebuilder-secrets',
    ]);
  });
});

describe('the kustomize renderer', () => {
  it('refuses what it does not implement instead of ignoring it', () => {
    const dir = path.join(REPO_ROOT, 'deploy/k8s/overlays/dev');
    expect(() => kustomizeBuild(path.join(dir, '..'))).toThrow('no kustomization');
    const m: Manifest = { file: 'x', doc: { kind: 'ConfigMap', metadata: { name: 'a' }, data: { A: '1' } } };
    expect(() => applyOperation(m, { op: 'move', path: '/data/A', from: '/data/B' })).toThrow('operation move is not supported');
    expect(() => applyOperation(m, { op: 'replace', path: '/data/B', value: '2' })).toThrow('/data/B does not exist');
    expect(() => applyOperation(m, { op: 'add', path: '/spec/x', value: 1 })).toThrow('/spec/x leads nowhere');
    applyOperation(m, { op: 'add', path: '/data/B', value: '2' });
    expect(m.doc.data).toEqual({ A: '1', B: '2' });
  });

  it('renders the base as it did (32 objects), the overlays with everything in one namespace', () => {
    expect(kustomizeBuild(path.join(K8S, 'base'))).toHaveLength(32);
    expect(str(obj(must(find(rendered.dev, 'Deployment', 'cart'), 'cart').doc.metadata).namespace)).toBe('sitebuilder');
  });
});
