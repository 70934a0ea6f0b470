// The rules a rendered overlay (deploy/k8s/overlays/*) must keep to run for real. Each rule is a
// pure function of the rendered objects that returns the problems it found, so the tests can run
// it on the real overlays and on broken copies (k8s-overlays.test.ts): a rule that cannot fail
// would prove nothing.
import * as appsV1 from 'kubernetes-models/apps/v1';
import * as autoscalingV2 from 'kubernetes-models/autoscaling/v2';
import * as batchV1 from 'kubernetes-models/batch/v1';
import * as networkingV1 from 'kubernetes-models/networking.k8s.io/v1';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import * as policyV1 from 'kubernetes-models/policy/v1';
import * as coreV1 from 'kubernetes-models/v1';
import type { Manifest, Obj } from './manifests.js';
import { APP_PORTS, APPS, arr, byKind, find, isObj, kindOf, nameOf, obj, objs, SECRET_NAME, SERVICES, str, strMap } from './manifests.js';

const where = (m: Manifest): string => `${kindOf(m) ?? '?'}/${nameOf(m) ?? '?'}`;

// ---------------------------------------------------------------------------------------------
// Schemas: kubernetes-models carries the Kubernetes OpenAPI definitions as compiled validators.

const MODELS: Record<string, Record<string, unknown>> = {
  v1: coreV1,
  'apps/v1': appsV1,
  'batch/v1': batchV1,
  'autoscaling/v2': autoscalingV2,
  'policy/v1': policyV1,
  'networking.k8s.io/v1': networkingV1,
  // The prod overlay's alerts (prometheus-operator's custom resource).
  'monitoring.coreos.com/v1': { PrometheusRule },
};

interface Validating {
  validate(): void;
}
type ModelClass = new (data: unknown) => Validating;

/** Every object validates against the schema of its apiVersion and kind (types, required fields,
 * formats); an apiVersion/kind the schemas do not know is a problem too. */
export function checkSchemas(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const m of manifests) {
    const apiVersion = str(m.doc.apiVersion) ?? '';
    const model = MODELS[apiVersion]?.[kindOf(m) ?? ''];
    if (typeof model !== 'function') {
      problems.push(`${where(m)}: no schema for ${apiVersion} ${kindOf(m) ?? '?'}`);
      continue;
    }
    try {
      new (model as ModelClass)(structuredClone(m.doc)).validate();
    } catch (error) {
      problems.push(`${where(m)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Pods: resources, probes, security, scratch space, spread.

const podTemplate = (m: Manifest): Obj => obj(obj(m.doc.spec).template);
const podSpecOf = (m: Manifest): Obj => obj(podTemplate(m).spec);
const podLabelsOf = (m: Manifest): Record<string, string> => strMap(obj(podTemplate(m).metadata).labels);
const allContainers = (m: Manifest): Obj[] => [...objs(podSpecOf(m).initContainers), ...objs(podSpecOf(m).containers)];

/** Kubernetes quantities, enough of them to compare requests with limits. */
export function quantity(value: unknown): number {
  const text = String(value);
  const match = /^([0-9.]+)(m|Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(text);
  if (!match) return Number.NaN;
  const units: Record<string, number> = { m: 1e-3, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, k: 1e3, M: 1e6, G: 1e9, T: 1e12 };
  return Number(match[1]) * (match[2] ? (units[match[2]] ?? Number.NaN) : 1);
}

function containerSecurity(m: Manifest): string[] {
  const problems: string[] = [];
  const pod = podSpecOf(m);
  const podSecurity = obj(pod.securityContext);
  if (pod.automountServiceAccountToken !== false) problems.push(`${where(m)}: mounts a service account token it does not need`);
  const volumes = new Map(objs(pod.volumes).map((v) => [str(v.name), v]));
  for (const c of allContainers(m)) {
    const name = `${where(m)} container ${str(c.name) ?? '?'}`;
    const sc = obj(c.securityContext);
    const runAsNonRoot = sc.runAsNonRoot ?? podSecurity.runAsNonRoot;
    if (runAsNonRoot !== true) problems.push(`${name}: runAsNonRoot is not true`);
    const seccomp = str(obj(sc.seccompProfile).type) ?? str(obj(podSecurity.seccompProfile).type);
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost') problems.push(`${name}: no seccomp profile (RuntimeDefault)`);
    if (sc.allowPrivilegeEscalation !== false) problems.push(`${name}: allowPrivilegeEscalation is not false`);
    if (sc.readOnlyRootFilesystem !== true) problems.push(`${name}: readOnlyRootFilesystem is not true`);
    if (sc.privileged === true) problems.push(`${name}: privileged`);
    if (!arr(obj(sc.capabilities).drop).includes('ALL')) problems.push(`${name}: capabilities do not drop ALL`);
    if (arr(obj(sc.capabilities).add).length > 0) problems.push(`${name}: adds capabilities`);
    // Node and its libraries write temporary files: with a read-only root, /tmp must be a volume.
    const tmp = objs(c.volumeMounts).find((v) => v.mountPath === '/tmp');
    if (!tmp || !isObj(volumes.get(str(tmp.name))?.emptyDir)) problems.push(`${name}: /tmp is not an emptyDir`);
    const resources = obj(c.resources);
    for (const resource of ['cpu', 'memory']) {
      const text = (v: unknown): string | undefined => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
      const request = text(obj(resources.requests)[resource]);
      const limit = text(obj(resources.limits)[resource]);
      if (request === undefined) problems.push(`${name}: no requests.${resource}`);
      if (limit === undefined) problems.push(`${name}: no limits.${resource}`);
      if (request !== undefined && limit !== undefined && !(quantity(request) <= quantity(limit)))
        problems.push(`${name}: requests.${resource} ${request} is above limits.${resource} ${limit}`);
    }
  }
  return problems;
}

function httpProbe(m: Manifest, c: Obj, kind: string, path: string): string[] {
  const probe = c[kind];
  if (!isObj(probe)) return [`${where(m)}: no ${kind}`];
  const get = obj(probe.httpGet);
  const ports = objs(c.ports);
  const problems: string[] = [];
  if (get.path !== path) problems.push(`${where(m)}: ${kind} is on ${String(get.path)}, not ${path}`);
  // On the public port: the metrics server answers only /metrics.
  const port = ports.find((p) => p.name === get.port || p.containerPort === get.port);
  if (!port || port.name !== 'http') problems.push(`${where(m)}: ${kind} is not on the http port`);
  return problems;
}

/** Every Deployment: requests and limits, the three probes on the endpoints the platform serves
 * (packages/platform/src/http/health.ts), the restricted security settings, /tmp as an emptyDir,
 * and a spread of its replicas over nodes and zones that selects its own pods. */
export function checkDeployments(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  const deployments = byKind(manifests, 'Deployment');
  for (const app of APPS) if (!find(manifests, 'Deployment', app)) problems.push(`no Deployment ${app}`);
  for (const d of deployments) {
    problems.push(...containerSecurity(d));
    for (const c of objs(podSpecOf(d).containers)) {
      problems.push(...httpProbe(d, c, 'readinessProbe', '/readyz'));
      problems.push(...httpProbe(d, c, 'livenessProbe', '/healthz'));
      problems.push(...httpProbe(d, c, 'startupProbe', '/healthz'));
      if (!objs(c.ports).some((p) => p.name === 'metrics' && p.containerPort === 9464)) problems.push(`${where(d)}: no metrics port 9464`);
    }
    const spread = objs(podSpecOf(d).topologySpreadConstraints);
    const keys = spread.map((s) => str(s.topologyKey));
    for (const key of ['kubernetes.io/hostname', 'topology.kubernetes.io/zone'])
      if (!keys.includes(key)) problems.push(`${where(d)}: no topology spread over ${key}`);
    for (const s of spread) {
      const selector = strMap(obj(s.labelSelector).matchLabels);
      const labels = podLabelsOf(d);
      if (Object.keys(selector).length === 0 || !Object.entries(selector).every(([k, v]) => labels[k] === v))
        problems.push(`${where(d)}: a topology spread that does not select its own pods`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Scaling and disruption.

export const AUTOSCALED = ['gateway', 'render', 'cart'] as const;

/** autoscaling/v2 HPAs for gateway, render and cart, on CPU (which needs a CPU request), with sane
 * bounds; their Deployments leave the replica count to them. */
export function checkAutoscaling(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  const hpas = byKind(manifests, 'HorizontalPodAutoscaler');
  for (const app of AUTOSCALED) {
    const hpa = hpas.find((h) => obj(obj(h.doc.spec).scaleTargetRef).name === app);
    if (!hpa) {
      problems.push(`no HorizontalPodAutoscaler for ${app}`);
      continue;
    }
    if (hpa.doc.apiVersion !== 'autoscaling/v2') problems.push(`${where(hpa)}: not autoscaling/v2`);
    const spec = obj(hpa.doc.spec);
    const ref = obj(spec.scaleTargetRef);
    if (ref.kind !== 'Deployment' || ref.apiVersion !== 'apps/v1') problems.push(`${where(hpa)}: does not scale a Deployment`);
    const min = typeof spec.minReplicas === 'number' ? spec.minReplicas : 1;
    if (typeof spec.maxReplicas !== 'number' || spec.maxReplicas <= min)
      problems.push(`${where(hpa)}: maxReplicas is not above minReplicas`);
    if (objs(spec.metrics).length === 0) problems.push(`${where(hpa)}: no metrics`);
    const deployment = find(manifests, 'Deployment', app);
    if (!deployment) continue;
    if (obj(deployment.doc.spec).replicas !== undefined)
      problems.push(`${where(deployment)}: sets replicas, which each apply would reset under its HPA`);
    if (objs(podSpecOf(deployment).containers).some((c) => obj(obj(c.resources).requests).cpu === undefined))
      problems.push(`${where(deployment)}: no CPU request for its HPA to measure against`);
  }
  return problems;
}

const selects = (selector: Obj, labels: Record<string, string>): boolean => {
  const match = strMap(selector.matchLabels);
  if (!Object.entries(match).every(([k, v]) => labels[k] === v)) return false;
  return objs(selector.matchExpressions).every((e) => {
    const key = String(e.key);
    const values = arr(e.values).map(String);
    switch (e.operator) {
      case 'In':
        return labels[key] !== undefined && values.includes(labels[key]);
      case 'NotIn':
        return labels[key] === undefined || !values.includes(labels[key]);
      case 'Exists':
        return key in labels;
      case 'DoesNotExist':
        return !(key in labels);
      default:
        return false;
    }
  });
};

/** One PodDisruptionBudget per Deployment, selecting its pods, that allows a drain to go on. */
export function checkDisruptionBudgets(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  const pdbs = byKind(manifests, 'PodDisruptionBudget');
  for (const d of byKind(manifests, 'Deployment')) {
    const mine = pdbs.filter(
      (p) => Object.keys(obj(obj(p.doc.spec).selector)).length > 0 && selects(obj(obj(p.doc.spec).selector), podLabelsOf(d)),
    );
    if (mine.length !== 1) {
      problems.push(`${where(d)}: ${mine.length} PodDisruptionBudgets select its pods, not 1`);
      continue;
    }
    const spec = obj(mine[0]?.doc.spec);
    const replicas = typeof obj(d.doc.spec).replicas === 'number' ? Number(obj(d.doc.spec).replicas) : undefined;
    if (spec.maxUnavailable === 0 || spec.maxUnavailable === '0%') problems.push(`${where(d)}: its budget allows no eviction at all`);
    if (typeof spec.minAvailable === 'number' && replicas !== undefined && spec.minAvailable >= replicas)
      problems.push(`${where(d)}: its budget (minAvailable ${spec.minAvailable}) blocks every drain`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Network policies: who may talk to whom, evaluated the way the cluster would.

/** A pod of the overlay: a workload's template labels and its container ports. */
interface Pod {
  name: string;
  labels: Record<string, string>;
  ports: Array<{ name?: string; port: number }>;
}

/** A peer outside the overlay's pods: another namespace's pods, or an address. */
export interface ExternalPeer {
  namespace?: Record<string, string>;
  pod?: Record<string, string>;
  ip?: string;
}

function podsOf(manifests: Manifest[]): Pod[] {
  return manifests
    .filter((m) => ['Deployment', 'StatefulSet', 'Job'].includes(kindOf(m) ?? ''))
    .map((m) => ({
      name: str(podLabelsOf(m)['app.kubernetes.io/name']) ?? nameOf(m) ?? '?',
      labels: podLabelsOf(m),
      ports: objs(podSpecOf(m).containers).flatMap((c) => objs(c.ports).map((p) => ({ name: str(p.name), port: Number(p.containerPort) }))),
    }));
}

const policyTypes = (policy: Obj): string[] => {
  const spec = obj(policy.spec);
  const types = arr(spec.policyTypes).map(String);
  if (types.length > 0) return types;
  return spec.egress === undefined ? ['Ingress'] : ['Ingress', 'Egress'];
};

function portAllowed(rulePorts: Obj[], port: number, portName: string | undefined, protocol: string): boolean {
  if (rulePorts.length === 0) return true;
  return rulePorts.some((p) => {
    if ((str(p.protocol) ?? 'TCP') !== protocol) return false;
    if (p.port === undefined) return true;
    if (typeof p.port === 'string') return p.port === portName;
    if (typeof p.port !== 'number') return false;
    const end = typeof p.endPort === 'number' ? p.endPort : p.port;
    return port >= p.port && port <= end;
  });
}

function ipIn(ip: string, cidr: string): boolean {
  const toNumber = (a: string): number => a.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits ?? 32));
  const start = Math.floor(toNumber(base ?? '0.0.0.0') / size) * size;
  return toNumber(ip) >= start && toNumber(ip) < start + size;
}

/** Does a rule's peer list admit this peer? `namespace` is the overlay's namespace. */
function peerMatches(peers: Obj[] | undefined, peer: { pod?: Pod; external?: ExternalPeer }, namespace: Record<string, string>): boolean {
  if (peers === undefined || peers.length === 0) return true;
  return peers.some((p) => {
    if (isObj(p.ipBlock)) {
      const ip = peer.external?.ip;
      return ip !== undefined && ipIn(ip, String(p.ipBlock.cidr)) && !arr(p.ipBlock.except).some((c) => ipIn(ip, String(c)));
    }
    const nsLabels = peer.pod ? namespace : peer.external?.namespace;
    const podLabels = peer.pod ? peer.pod.labels : peer.external?.pod;
    if (nsLabels === undefined || podLabels === undefined) return false;
    if (p.namespaceSelector === undefined) {
      // A bare podSelector means pods of the policy's own namespace.
      if (!peer.pod) return false;
    } else if (!selects(obj(p.namespaceSelector), nsLabels)) return false;
    return p.podSelector === undefined || selects(obj(p.podSelector), podLabels);
  });
}

export interface Reach {
  policies: Obj[];
  namespace: Record<string, string>;
}

export function networkOf(manifests: Manifest[]): Reach {
  const ns = str(obj(byKind(manifests, 'NetworkPolicy')[0]?.doc.metadata).namespace) ?? 'default';
  return { policies: byKind(manifests, 'NetworkPolicy').map((m) => m.doc), namespace: { 'kubernetes.io/metadata.name': ns } };
}

/** May `from` open a connection to `to` on `port`? Both ends' policies must allow it. */
export function canConnect(
  net: Reach,
  from: { pod?: Pod; external?: ExternalPeer },
  to: { pod?: Pod; external?: ExternalPeer },
  port: number,
  protocol = 'TCP',
): boolean {
  const portName = to.pod?.ports.find((p) => p.port === port)?.name;
  const side = (pod: Pod | undefined, type: 'Ingress' | 'Egress', other: { pod?: Pod; external?: ExternalPeer }): boolean => {
    if (!pod) return true; // outside the namespace: not ours to decide
    const applying = net.policies.filter((p) => selects(obj(obj(p.spec).podSelector), pod.labels) && policyTypes(p).includes(type));
    if (applying.length === 0) return true;
    return applying.some((p) =>
      objs(obj(p.spec)[type === 'Ingress' ? 'ingress' : 'egress']).some(
        (rule) =>
          peerMatches(
            rule[type === 'Ingress' ? 'from' : 'to'] === undefined ? undefined : objs(rule[type === 'Ingress' ? 'from' : 'to']),
            other,
            net.namespace,
          ) && portAllowed(objs(rule.ports), port, portName, protocol),
      ),
    );
  };
  return side(from.pod, 'Egress', to) && side(to.pod, 'Ingress', from);
}

/** Who uses what, from the code (DESIGN.md, the services' settings): the allowed paths inside. */
const USES: Record<string, string[]> = {
  gateway: [...SERVICES, 'redis'],
  render: ['content', 'postgres', 'nats', 'redis'],
  migrate: ['postgres'],
  ...Object.fromEntries(SERVICES.filter((s) => s !== 'render').map((s) => [s, ['postgres', 'nats', 'redis']])),
  // Uploaded images, where an overlay runs MinIO in the namespace (dev); the Job makes its bucket.
  content: ['postgres', 'nats', 'redis', 'minio'],
  'minio-bucket': ['minio'],
};
const INFRA_PORT: Record<string, number> = { postgres: 5432, nats: 4222, redis: 6379, minio: 9000 };
/** Ports each app may reach outside the cluster. */
const SMTP = [25, 465, 587];
const OUTSIDE: Record<string, number[]> = { cart: [443, ...SMTP], forms: [443, ...SMTP], identity: SMTP, restock: SMTP, content: [443] };
const INTERNET = '203.0.113.10';
const PRIVATE = ['10.1.2.3', '172.16.0.5', '192.168.1.1', '169.254.169.254'];
export const INGRESS_CONTROLLER: ExternalPeer = {
  namespace: { 'kubernetes.io/metadata.name': 'ingress-nginx' },
  pod: { 'app.kubernetes.io/name': 'ingress-nginx' },
};
export const MONITORING: ExternalPeer = {
  namespace: { 'kubernetes.io/metadata.name': 'monitoring' },
  pod: { 'app.kubernetes.io/name': 'prometheus' },
};
const ELSEWHERE: ExternalPeer[] = [
  { namespace: { 'kubernetes.io/metadata.name': 'default' }, pod: { app: 'anything' } },
  { namespace: { 'kubernetes.io/metadata.name': 'ingress-nginx' }, pod: { 'app.kubernetes.io/name': 'something-else' } },
  { ip: INTERNET },
  ...PRIVATE.map((ip) => ({ ip })),
];

/**
 * NetworkPolicies: a default deny for every pod both ways; DNS for every pod; inside the namespace
 * exactly the paths of USES (each checked both ways: the paths used are open, every other pod and
 * port is closed, metrics included); from outside only the ingress controller, to the gateway's
 * http port, and the monitoring namespace, to every app's metrics port; out of the cluster only the
 * ports of OUTSIDE, to public addresses, plus the data stores when they are not in the namespace
 * (`external`: name → an address of theirs).
 */
export function checkNetworkPolicies(manifests: Manifest[], external: Record<string, string> = {}): string[] {
  const problems: string[] = [];
  const net = networkOf(manifests);
  const denyAll = net.policies.find((p) => {
    const spec = obj(p.spec);
    return (
      Object.keys(obj(spec.podSelector)).length === 0 &&
      policyTypes(p).includes('Ingress') &&
      policyTypes(p).includes('Egress') &&
      arr(spec.ingress).length === 0 &&
      arr(spec.egress).length === 0
    );
  });
  if (!denyAll) problems.push('no default-deny NetworkPolicy (empty podSelector, Ingress and Egress, no rules)');
  const pods = podsOf(manifests);
  const dns: ExternalPeer = { namespace: { 'kubernetes.io/metadata.name': 'kube-system' }, pod: { 'k8s-app': 'kube-dns' } };
  for (const from of pods) {
    if (!canConnect(net, { pod: from }, { external: dns }, 53, 'UDP')) problems.push(`${from.name} cannot reach the cluster DNS`);
    const uses = USES[from.name] ?? [];
    for (const to of pods) {
      for (const port of to.ports) {
        const expected =
          uses.includes(to.name) &&
          (INFRA_PORT[to.name] ?? (to.name in APP_PORTS ? APP_PORTS[to.name as keyof typeof APP_PORTS] : undefined)) === port.port;
        const open = canConnect(net, { pod: from }, { pod: to }, port.port);
        if (expected && !open) problems.push(`${from.name} cannot reach ${to.name}:${port.port}, which it uses`);
        if (!expected && open) problems.push(`${from.name} can reach ${to.name}:${port.port}, which it does not use`);
      }
    }
    for (const [store, ip] of Object.entries(external)) {
      const open = canConnect(net, { pod: from }, { external: { ip } }, INFRA_PORT[store] ?? 0);
      if (uses.includes(store) && !open) problems.push(`${from.name} cannot reach the external ${store}`);
      if (!uses.includes(store) && open) problems.push(`${from.name} can reach the external ${store}, which it does not use`);
    }
    const outside = OUTSIDE[from.name] ?? [];
    for (const port of [80, 443, 25, 465, 587, 5432, 6379, 4222, 22]) {
      if (canConnect(net, { pod: from }, { external: { ip: INTERNET } }, port) !== outside.includes(port)) {
        problems.push(`${from.name} ${outside.includes(port) ? 'cannot' : 'can'} reach the internet on port ${port}`);
      }
      for (const ip of PRIVATE) {
        if (!Object.values(external).includes(ip) && canConnect(net, { pod: from }, { external: { ip } }, port))
          problems.push(`${from.name} can reach the private address ${ip}:${port}`);
      }
    }
  }
  for (const to of pods) {
    for (const port of to.ports) {
      const fromController = to.name === 'gateway' && port.name === 'http';
      if (canConnect(net, { external: INGRESS_CONTROLLER }, { pod: to }, port.port) !== fromController) {
        problems.push(`the ingress controller ${fromController ? 'cannot' : 'can'} reach ${to.name}:${port.port}`);
      }
      const fromMonitoring = port.name === 'metrics';
      if (canConnect(net, { external: MONITORING }, { pod: to }, port.port) !== fromMonitoring) {
        problems.push(`the monitoring namespace ${fromMonitoring ? 'cannot' : 'can'} reach ${to.name}:${port.port}`);
      }
      for (const peer of ELSEWHERE) {
        if (canConnect(net, { external: peer }, { pod: to }, port.port))
          problems.push(`${JSON.stringify(peer)} can reach ${to.name}:${port.port}`);
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The way in, secrets, migrations.

/** One Ingress or more, every backend the gateway's public port, every host under TLS with a
 * cert-manager issuer; no Service published any other way. */
export function checkIngress(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  const ingresses = byKind(manifests, 'Ingress');
  if (ingresses.length === 0) problems.push('no Ingress');
  for (const ing of ingresses) {
    const spec = obj(ing.doc.spec);
    const annotations = strMap(obj(ing.doc.metadata).annotations);
    if (!annotations['cert-manager.io/cluster-issuer'] && !annotations['cert-manager.io/issuer'])
      problems.push(`${where(ing)}: no cert-manager issuer annotation`);
    if (!str(spec.ingressClassName)) problems.push(`${where(ing)}: no ingressClassName`);
    const tlsHosts = objs(spec.tls).flatMap((t) => (str(t.secretName) ? arr(t.hosts).map(String) : []));
    const backends = [spec.defaultBackend, ...objs(spec.rules).flatMap((r) => objs(obj(r.http).paths).map((p) => p.backend))].filter(isObj);
    if (backends.length === 0) problems.push(`${where(ing)}: routes nowhere`);
    for (const backend of backends) {
      const service = obj(backend.service);
      const port = obj(service.port);
      if (service.name !== 'gateway' || !(port.name === 'http' || port.number === APP_PORTS.gateway)) {
        problems.push(`${where(ing)}: routes to ${String(service.name)}:${String(port.name ?? port.number)}, not gateway:http`);
      }
    }
    for (const rule of objs(spec.rules)) {
      const host = str(rule.host);
      if (host === undefined) problems.push(`${where(ing)}: a rule without a host`);
      else if (!tlsHosts.includes(host)) problems.push(`${where(ing)}: host ${host} is not under TLS`);
    }
  }
  // The gateway Service offers the public port only, so no route can reach the metrics port.
  const gateway = find(manifests, 'Service', 'gateway');
  const gatewayPorts = objs(obj(gateway?.doc.spec).ports).map((p) => p.targetPort ?? p.port);
  if (gatewayPorts.some((p) => p !== 'http' && p !== APP_PORTS.gateway)) problems.push('Service/gateway: exposes more than the http port');
  for (const service of byKind(manifests, 'Service')) {
    const type = str(obj(service.doc.spec).type);
    if (type === 'LoadBalancer' || type === 'NodePort') problems.push(`${where(service)}: published as ${type}, around the Ingress`);
  }
  return problems;
}

const SECRET_NAME_PATTERN = /PASSWORD|SECRET|TOKEN|PRIVATE|_KEY$|^KEY$|ACCESS_KEY/i;
const CREDENTIAL_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s]*:[^/@\s]+@/i;

/** Secrets are made outside the repository and read by reference; ConfigMaps and literal env
 * values hold no secret-looking key and no URL with a password. */
export function checkSecretsApart(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const secret of byKind(manifests, 'Secret')) problems.push(`${where(secret)}: a Secret in the manifests`);
  for (const cm of byKind(manifests, 'ConfigMap')) {
    for (const [key, value] of Object.entries(strMap(cm.doc.data))) {
      if (SECRET_NAME_PATTERN.test(key)) problems.push(`${where(cm)}: ${key} belongs in the Secret`);
      if (CREDENTIAL_URL.test(value)) problems.push(`${where(cm)}: ${key} carries a password`);
    }
  }
  for (const m of manifests.filter((x) => ['Deployment', 'StatefulSet', 'Job'].includes(kindOf(x) ?? ''))) {
    for (const c of allContainers(m)) {
      for (const env of objs(c.env)) {
        const name = String(env.name);
        if (
          env.value !== undefined &&
          (SECRET_NAME_PATTERN.test(name) || CREDENTIAL_URL.test(str(env.value) ?? '') || name === 'DATABASE_URL')
        )
          problems.push(`${where(m)}: ${name} is a literal, not a Secret reference`);
        const ref = obj(obj(env.valueFrom).secretKeyRef);
        if (Object.keys(ref).length > 0 && ref.name !== SECRET_NAME)
          problems.push(`${where(m)}: ${name} reads Secret ${String(ref.name)}, not ${SECRET_NAME}`);
      }
    }
  }
  return problems;
}

/** The migrate Job: one container per service, each that service's image (the same tag as its
 * Deployment) with MIGRATE_ONLY=1 and DATABASE_URL from the Secret, never restarted in place, with
 * the same restricted security as the Deployments. */
export function checkMigrationJob(manifests: Manifest[]): string[] {
  const jobs = byKind(manifests, 'Job').filter((j) => podLabelsOf(j)['app.kubernetes.io/component'] === 'migrations');
  if (jobs.length !== 1) return [`${jobs.length} migration Jobs, not 1`];
  const job = jobs[0] as Manifest;
  const problems = containerSecurity(job);
  const spec = obj(job.doc.spec);
  if (podSpecOf(job).restartPolicy !== 'Never') problems.push(`${where(job)}: restartPolicy is not Never`);
  if (typeof spec.backoffLimit !== 'number') problems.push(`${where(job)}: no backoffLimit`);
  if (typeof spec.activeDeadlineSeconds !== 'number') problems.push(`${where(job)}: no activeDeadlineSeconds`);
  const containers = objs(podSpecOf(job).containers);
  for (const service of SERVICES) {
    const c = containers.find((x) => x.name === service);
    if (!c) {
      problems.push(`${where(job)}: no container for ${service}`);
      continue;
    }
    const deployment = find(manifests, 'Deployment', service);
    const deployed = str(objs(deployment ? podSpecOf(deployment).containers : [])[0]?.image);
    if (c.image !== deployed) problems.push(`${where(job)}: ${service} runs ${String(c.image)}, its Deployment ${String(deployed)}`);
    const env = objs(c.env);
    if (env.find((e) => e.name === 'MIGRATE_ONLY')?.value !== '1') problems.push(`${where(job)}: ${service} does not set MIGRATE_ONLY=1`);
    const db = obj(obj(env.find((e) => e.name === 'DATABASE_URL')?.valueFrom).secretKeyRef);
    if (db.name !== SECRET_NAME || db.key !== 'DATABASE_URL' || db.optional === true)
      problems.push(`${where(job)}: ${service} does not require DATABASE_URL from ${SECRET_NAME}`);
    if (objs(c.ports).length > 0) problems.push(`${where(job)}: ${service} exposes ports`);
  }
  return problems;
}

/** Every rule at once, for one rendered overlay. */
export function checkOverlay(manifests: Manifest[], external: Record<string, string> = {}): string[] {
  return [
    ...checkSchemas(manifests),
    ...checkDeployments(manifests),
    ...checkAutoscaling(manifests),
    ...checkDisruptionBudgets(manifests),
    ...checkNetworkPolicies(manifests, external),
    ...checkIngress(manifests),
    ...checkSecretsApart(manifests),
    ...checkMigrationJob(manifests),
  ];
}
