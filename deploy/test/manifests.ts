// Loading and checking the deployment files. Every check is a pure function that returns the
// problems it found (empty when all is well), so the tests can run it on the real files and on
// deliberately broken copies: a check that cannot fail would prove nothing.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { GATEWAY_PORT, SERVICE_PORTS } from '@sc/platform';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const K8S_BASE = path.join(REPO_ROOT, 'deploy/k8s/base');

/** The application processes and the port each listens on: the platform's own table. */
export const APP_PORTS = { ...SERVICE_PORTS, gateway: GATEWAY_PORT } as const;
export type AppName = keyof typeof APP_PORTS;
export const APPS = Object.keys(APP_PORTS) as AppName[];
/** The seven services behind the gateway: they use the database and the bus. */
export const SERVICES = APPS.filter((name) => name !== 'gateway');

/** The infrastructure StatefulSets and their client ports. */
export const INFRA_PORTS = { postgres: 5432, nats: 4222, redis: 6379 } as const;
export type InfraName = keyof typeof INFRA_PORTS;
export const INFRA = Object.keys(INFRA_PORTS) as InfraName[];

export const SECRET_NAME = 'sitebuilder-secrets';

// ---------------------------------------------------------------------------------------------
// Untyped YAML access. Parsed YAML is `unknown`; these narrow it without trusting its shape.

export type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
export function obj(value: unknown): Obj {
  return isObj(value) ? value : {};
}
export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
export function objs(value: unknown): Obj[] {
  return arr(value).filter(isObj);
}
export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
/** A string-to-string map (labels, selectors); anything else in it is dropped. */
export function strMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, val] of Object.entries(obj(value))) {
    if (typeof val === 'string') out[key] = val;
  }
  return out;
}
function isSubset(small: Record<string, string>, big: Record<string, string>): boolean {
  return Object.entries(small).every(([key, val]) => big[key] === val);
}

// ---------------------------------------------------------------------------------------------
// Kustomize loading: the files a kustomization (and the kustomizations it nests) brings in.

export interface Manifest {
  /** Path relative to the repository root, for messages. */
  file: string;
  doc: Obj;
}

export interface LoadedKustomization {
  manifests: Manifest[];
  /** Absolute paths of every file some kustomization refers to, the kustomizations included. */
  referenced: Set<string>;
}

const KUSTOMIZATION_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

function kustomizationFile(dir: string): string {
  const found = KUSTOMIZATION_NAMES.map((name) => path.join(dir, name)).find((file) => existsSync(file));
  if (!found) throw new Error(`no kustomization file in ${path.relative(REPO_ROOT, dir) || dir}`);
  return found;
}

/** Every non-empty YAML document of a file; a syntax error is an exception, not a skip. */
export function parseYamlFile(file: string): Obj[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'));
  const list = Array.isArray(docs) ? docs : [];
  const out: Obj[] = [];
  list.forEach((doc, index) => {
    if (doc.errors.length > 0) {
      throw new Error(`${file} document ${index + 1}: ${doc.errors.map((e) => e.message).join('; ')}`);
    }
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) return; // an empty document, e.g. after a final ---
    if (!isObj(value)) throw new Error(`${file} document ${index + 1} is not a mapping`);
    out.push(value);
  });
  return out;
}

/** Follows resources and components (files or nested kustomization directories) recursively. */
export function loadKustomization(dir: string): LoadedKustomization {
  const result: LoadedKustomization = { manifests: [], referenced: new Set() };
  const visit = (kdir: string, chain: string[]): void => {
    if (chain.includes(kdir)) throw new Error(`kustomization cycle through ${kdir}`);
    const kfile = kustomizationFile(kdir);
    result.referenced.add(kfile);
    const [k] = parseYamlFile(kfile);
    const kust = obj(k);
    const mustExist = (entry: string): string => {
      // The base is self-contained: a remote resource would make `apply -k` depend on the network.
      if (/^[a-z]+:\/\//i.test(entry) || entry.startsWith('github.com/')) {
        throw new Error(`${kfile}: remote resource ${entry}`);
      }
      const target = path.resolve(kdir, entry);
      if (!existsSync(target)) throw new Error(`${kfile}: ${entry} does not exist`);
      return target;
    };
    for (const entry of [...arr(kust.resources), ...arr(kust.components)]) {
      const name = str(entry);
      if (name === undefined) throw new Error(`${kfile}: a resource entry is not a string`);
      const target = mustExist(name);
      if (statSync(target).isDirectory()) {
        visit(target, [...chain, kdir]);
      } else {
        result.referenced.add(target);
        for (const doc of parseYamlFile(target)) {
          result.manifests.push({ file: path.relative(REPO_ROOT, target), doc });
        }
      }
    }
    // Files that are not resources but still belong to the kustomization: patches and the
    // inputs of generators. Listed so the orphan check knows about them.
    for (const patch of arr(kust.patches)) {
      const file = str(obj(patch).path);
      if (file !== undefined) result.referenced.add(mustExist(file));
    }
    for (const file of arr(kust.patchesStrategicMerge)) {
      const name = str(file);
      if (name !== undefined) result.referenced.add(mustExist(name));
    }
    for (const generator of [...objs(kust.configMapGenerator), ...objs(kust.secretGenerator)]) {
      for (const source of [...arr(generator.files), ...arr(generator.envs)]) {
        const name = str(source);
        // "key=path" names the key; the file is after the "=".
        if (name !== undefined) result.referenced.add(mustExist(name.includes('=') ? name.slice(name.indexOf('=') + 1) : name));
      }
    }
  };
  visit(path.resolve(dir), []);
  return result;
}

/** Every file under dir (recursively). */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/** Files in dir that no kustomization refers to: applied by nobody, so they silently rot. */
export function orphanFiles(dir: string, referenced: Set<string>): string[] {
  return listFiles(dir)
    .filter((file) => !referenced.has(file))
    .map((file) => path.relative(REPO_ROOT, file));
}

// ---------------------------------------------------------------------------------------------
// Kubernetes object helpers.

export const kindOf = (m: Manifest): string | undefined => str(m.doc.kind);
export const nameOf = (m: Manifest): string | undefined => str(obj(m.doc.metadata).name);
const where = (m: Manifest): string => `${m.file}: ${kindOf(m) ?? '?'}/${nameOf(m) ?? '?'}`;

export function byKind(manifests: Manifest[], kind: string): Manifest[] {
  return manifests.filter((m) => kindOf(m) === kind);
}
export function find(manifests: Manifest[], kind: string, name: string): Manifest | undefined {
  return manifests.find((m) => kindOf(m) === kind && nameOf(m) === name);
}

const WORKLOAD_KINDS = ['Deployment', 'StatefulSet'];
export const workloads = (manifests: Manifest[]): Manifest[] => manifests.filter((m) => WORKLOAD_KINDS.includes(kindOf(m) ?? ''));

export const podSpec = (workload: Manifest): Obj => obj(obj(obj(workload.doc.spec).template).spec);
export const podLabels = (workload: Manifest): Record<string, string> => strMap(obj(obj(obj(workload.doc.spec).template).metadata).labels);
export const containers = (workload: Manifest): Obj[] => objs(podSpec(workload).containers);

interface ContainerPort {
  name?: string;
  containerPort?: number;
}
function containerPorts(container: Obj): ContainerPort[] {
  return objs(container.ports).map((p) => ({
    name: str(p.name),
    containerPort: typeof p.containerPort === 'number' ? p.containerPort : undefined,
  }));
}
const workloadPorts = (workload: Manifest): ContainerPort[] => containers(workload).flatMap(containerPorts);

/** Kubernetes IntOrString port reference: a number is a port number, a string a port name. */
function portRefMatches(ref: unknown, ports: ContainerPort[]): boolean {
  if (typeof ref === 'number') return ports.some((p) => p.containerPort === ref);
  if (typeof ref === 'string') return ports.some((p) => p.name === ref);
  return false;
}

/** The workloads whose pods a Service's selector picks. */
function selectedWorkloads(service: Manifest, manifests: Manifest[]): Manifest[] {
  const selector = strMap(obj(service.doc.spec).selector);
  if (Object.keys(selector).length === 0) return [];
  return workloads(manifests).filter((w) => isSubset(selector, podLabels(w)));
}

/** The service port numbers of a Service. */
function servicePorts(service: Manifest): number[] {
  return objs(obj(service.doc.spec).ports)
    .map((p) => p.port)
    .filter((p): p is number => typeof p === 'number');
}

/** The names of the ConfigMaps a container takes its environment from. */
function envFromConfigMaps(container: Obj): string[] {
  return objs(container.envFrom)
    .map((source) => str(obj(source.configMapRef).name))
    .filter((name): name is string => name !== undefined);
}

/** The merged data of the ConfigMaps behind a workload's first container. */
export function workloadConfig(workload: Manifest, manifests: Manifest[]): Record<string, string> {
  const [container] = containers(workload);
  const data: Record<string, string> = {};
  for (const name of container ? envFromConfigMaps(container) : []) {
    const cm = find(manifests, 'ConfigMap', name);
    if (cm) Object.assign(data, strMap(cm.doc.data));
  }
  return data;
}

// ---------------------------------------------------------------------------------------------
// Kubernetes checks.

/** Every document is an object Kubernetes can identify, and no two share kind and name. */
export function checkDocumentShape(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const m of manifests) {
    if (!str(m.doc.apiVersion)) problems.push(`${where(m)}: no apiVersion`);
    if (!kindOf(m)) problems.push(`${m.file}: a document without kind`);
    if (!nameOf(m)) problems.push(`${m.file}: a ${kindOf(m) ?? 'document'} without metadata.name`);
    const id = `${kindOf(m) ?? ''}/${nameOf(m) ?? ''}`;
    // kustomize refuses two objects with one id; better to learn it here.
    if (seen.has(id)) problems.push(`${where(m)}: defined twice`);
    seen.add(id);
  }
  return problems;
}

/** Each app has its Deployment, Service and ConfigMap; each piece of infrastructure its
 * StatefulSet and Service. Labels carry the app name and the part-of of the whole product. */
export function checkExpectedObjects(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const app of APPS) {
    const deployment = find(manifests, 'Deployment', app);
    if (!deployment) {
      problems.push(`no Deployment ${app}`);
    } else {
      const labels = podLabels(deployment);
      if (labels['app.kubernetes.io/name'] !== app) problems.push(`Deployment ${app}: pod label app.kubernetes.io/name is not ${app}`);
      if (labels['app.kubernetes.io/part-of'] !== 'sitebuilder')
        problems.push(`Deployment ${app}: pod label app.kubernetes.io/part-of is not sitebuilder`);
      const [container] = containers(deployment);
      const configMaps = container ? envFromConfigMaps(container) : [];
      if (!configMaps.some((name) => find(manifests, 'ConfigMap', name)))
        problems.push(`Deployment ${app}: takes its environment from no ConfigMap`);
      const image = str(container?.image);
      if (image !== `sitebuilder/${app}:latest`)
        problems.push(`Deployment ${app}: image ${image ?? '(none)'} is not sitebuilder/${app}:latest`);
    }
    if (!find(manifests, 'Service', app)) problems.push(`no Service ${app}`);
  }
  for (const name of INFRA) {
    const set = find(manifests, 'StatefulSet', name);
    if (!set) {
      problems.push(`no StatefulSet ${name}`);
      continue;
    }
    if (podLabels(set)['app.kubernetes.io/name'] !== name)
      problems.push(`StatefulSet ${name}: pod label app.kubernetes.io/name is not ${name}`);
    if (!find(manifests, 'Service', name)) problems.push(`no Service ${name}`);
  }
  return problems;
}

/** A workload's selector must pick its own pods, or the controller rejects it. */
export function checkSelectors(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const w of workloads(manifests)) {
    const match = strMap(obj(obj(w.doc.spec).selector).matchLabels);
    if (Object.keys(match).length === 0) problems.push(`${where(w)}: empty selector.matchLabels`);
    else if (!isSubset(match, podLabels(w))) problems.push(`${where(w)}: selector.matchLabels is not a subset of the pod template labels`);
  }
  return problems;
}

/** Every Service selects some pods, and each of its target ports is a port those pods expose. */
export function checkServices(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const service of byKind(manifests, 'Service')) {
    const selected = selectedWorkloads(service, manifests);
    if (selected.length === 0) {
      problems.push(`${where(service)}: its selector matches no Deployment or StatefulSet pods`);
      continue;
    }
    const ports = objs(obj(service.doc.spec).ports);
    if (ports.length === 0) problems.push(`${where(service)}: no ports`);
    for (const port of ports) {
      // Without targetPort, Kubernetes uses the port number itself.
      const target = port.targetPort ?? port.port;
      for (const w of selected) {
        if (!portRefMatches(target, workloadPorts(w))) {
          problems.push(`${where(service)}: targetPort ${String(target)} is not a container port of ${where(w)}`);
        }
      }
    }
  }
  return problems;
}

function checkHttpProbe(w: Manifest, container: Obj, kind: string, expectedPath: string): string[] {
  const probe = container[kind];
  if (!isObj(probe)) return [`${where(w)}: container ${str(container.name) ?? '?'} has no ${kind}`];
  const get = obj(probe.httpGet);
  const problems: string[] = [];
  if (get.path !== expectedPath) problems.push(`${where(w)}: ${kind} path is ${String(get.path)}, not ${expectedPath}`);
  if (!portRefMatches(get.port, containerPorts(container)))
    problems.push(`${where(w)}: ${kind} port ${String(get.port)} is not a container port`);
  return problems;
}

/** Apps: readiness on /readyz (dependencies answer), liveness on /healthz (process alive), on a
 * port the container has; a startup probe, when there is one, on /healthz as well. */
export function checkProbes(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const w of byKind(manifests, 'Deployment')) {
    for (const container of containers(w)) {
      problems.push(...checkHttpProbe(w, container, 'readinessProbe', '/readyz'));
      problems.push(...checkHttpProbe(w, container, 'livenessProbe', '/healthz'));
      if (container.startupProbe !== undefined) problems.push(...checkHttpProbe(w, container, 'startupProbe', '/healthz'));
    }
  }
  for (const w of byKind(manifests, 'StatefulSet')) {
    for (const container of containers(w)) {
      if (!isObj(container.readinessProbe)) problems.push(`${where(w)}: no readinessProbe`);
      if (!isObj(container.livenessProbe)) problems.push(`${where(w)}: no livenessProbe`);
    }
  }
  return problems;
}

/** The port numbers agree everywhere: container, Service and the PORT the process reads. */
export function checkPorts(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const app of APPS) {
    const expected = APP_PORTS[app];
    const deployment = find(manifests, 'Deployment', app);
    const service = find(manifests, 'Service', app);
    if (deployment) {
      const http = workloadPorts(deployment).find((p) => p.name === 'http');
      if (http?.containerPort !== expected)
        problems.push(`Deployment ${app}: containerPort "http" is ${String(http?.containerPort)}, not ${expected}`);
      const config = workloadConfig(deployment, manifests);
      if (config.PORT !== String(expected)) problems.push(`Deployment ${app}: PORT is ${String(config.PORT)}, not ${expected}`);
      if (config.HOST !== '0.0.0.0') problems.push(`Deployment ${app}: HOST is ${String(config.HOST)}, not 0.0.0.0`);
    }
    if (service && !servicePorts(service).includes(expected)) problems.push(`Service ${app}: does not serve port ${expected}`);
  }
  for (const name of INFRA) {
    const service = find(manifests, 'Service', name);
    if (service && !servicePorts(service).includes(INFRA_PORTS[name]))
      problems.push(`Service ${name}: does not serve port ${INFRA_PORTS[name]}`);
  }
  return problems;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443, 'nats:': 4222, 'redis:': 6379, 'postgres:': 5432 };

/** A URL reaches a Service of these manifests: its host is the Service's name (short or with
 * the namespace and cluster suffix) and its port one the Service serves. */
function urlTargetsService(url: string, manifests: Manifest[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${url} is not a URL`;
  }
  const [host] = parsed.hostname.split('.');
  const service = find(manifests, 'Service', host ?? '');
  if (!service) return `${url}: no Service named ${host ?? '?'}`;
  const port = parsed.port === '' ? DEFAULT_PORTS[parsed.protocol] : Number(parsed.port);
  if (port === undefined || !servicePorts(service).includes(port))
    return `${url}: Service ${host ?? '?'} does not serve port ${String(port)}`;
  return undefined;
}

/** ConfigMaps: referenced ones exist, values are strings (the API rejects numbers), and the
 * service addresses in them lead to Services that exist, on the right port. */
export function checkConfigMaps(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const cm of byKind(manifests, 'ConfigMap')) {
    for (const [key, value] of Object.entries(obj(cm.doc.data))) {
      if (typeof value !== 'string') problems.push(`${where(cm)}: ${key} is a ${typeof value}, not a string`);
    }
  }
  for (const w of workloads(manifests)) {
    for (const container of containers(w)) {
      for (const name of envFromConfigMaps(container)) {
        if (!find(manifests, 'ConfigMap', name)) problems.push(`${where(w)}: envFrom ConfigMap ${name} does not exist`);
      }
    }
  }
  const required = (app: AppName): string[] =>
    app === 'gateway'
      ? ['REDIS_URL', 'LOG_LEVEL', ...SERVICES.map((s) => `${s.toUpperCase()}_URL`)]
      : ['NATS_URL', 'REDIS_URL', 'LOG_LEVEL'];
  for (const app of APPS) {
    const deployment = find(manifests, 'Deployment', app);
    if (!deployment) continue;
    const config = workloadConfig(deployment, manifests);
    for (const key of required(app)) {
      const value = config[key];
      if (value === undefined) {
        problems.push(`Deployment ${app}: ${key} is not in its ConfigMaps`);
        continue;
      }
      if (key.endsWith('_URL')) {
        const problem = urlTargetsService(value, manifests);
        if (problem) problems.push(`Deployment ${app}: ${key} ${problem}`);
      }
    }
    if (app === 'gateway') {
      // Each *_URL names the Service of that very service, not just any Service.
      for (const service of SERVICES) {
        const value = config[`${service.toUpperCase()}_URL`];
        if (value !== undefined && URL.canParse(value) && new URL(value).hostname.split('.')[0] !== service) {
          problems.push(`Deployment gateway: ${service.toUpperCase()}_URL ${value} does not point at Service ${service}`);
        }
      }
    }
  }
  return problems;
}

/** No Secret in the repository; DATABASE_URL comes from the optional sitebuilder-secrets key,
 * and no environment value carries a password in a connection string. */
export function checkSecrets(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const secret of byKind(manifests, 'Secret')) problems.push(`${where(secret)}: a Secret in the manifests`);
  const credentialUrl = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s]*:[^/@\s]+@/i;
  for (const cm of byKind(manifests, 'ConfigMap')) {
    for (const [key, value] of Object.entries(strMap(cm.doc.data))) {
      if (credentialUrl.test(value)) problems.push(`${where(cm)}: ${key} carries a password`);
    }
  }
  for (const w of workloads(manifests)) {
    for (const container of containers(w)) {
      for (const env of objs(container.env)) {
        const value = str(env.value);
        if (value !== undefined && credentialUrl.test(value)) problems.push(`${where(w)}: ${String(env.name)} carries a password`);
        const ref = obj(obj(env.valueFrom).secretKeyRef);
        if (Object.keys(ref).length > 0 && ref.name !== SECRET_NAME)
          problems.push(`${where(w)}: ${String(env.name)} reads Secret ${String(ref.name)}, not ${SECRET_NAME}`);
      }
    }
  }
  for (const service of SERVICES) {
    const deployment = find(manifests, 'Deployment', service);
    if (!deployment) continue;
    const env = containers(deployment)
      .flatMap((c) => objs(c.env))
      .find((e) => e.name === 'DATABASE_URL');
    const ref = obj(obj(env?.valueFrom).secretKeyRef);
    if (ref.name !== SECRET_NAME || ref.key !== 'DATABASE_URL' || ref.optional !== true) {
      problems.push(`Deployment ${service}: DATABASE_URL is not read from ${SECRET_NAME}/DATABASE_URL with optional: true`);
    }
  }
  return problems;
}

/** Every container states its requests and limits, so the scheduler can place it and a leak
 * cannot take the node down. */
export function checkResources(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const w of workloads(manifests)) {
    for (const container of containers(w)) {
      const resources = obj(container.resources);
      for (const section of ['requests', 'limits']) {
        const values = obj(resources[section]);
        for (const resource of ['cpu', 'memory']) {
          if (values[resource] === undefined) problems.push(`${where(w)}: no ${section}.${resource}`);
        }
      }
    }
  }
  return problems;
}

/** StatefulSets: governed by a headless Service, storage from volumeClaimTemplates, and every
 * volume mount backed by a claim template or a pod volume. */
export function checkStatefulSets(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  for (const set of byKind(manifests, 'StatefulSet')) {
    const spec = obj(set.doc.spec);
    const serviceName = str(spec.serviceName);
    const service = serviceName === undefined ? undefined : find(manifests, 'Service', serviceName);
    if (!service) problems.push(`${where(set)}: serviceName ${String(serviceName)} is not a Service`);
    else if (obj(service.doc.spec).clusterIP !== 'None') problems.push(`${where(set)}: Service ${serviceName ?? ''} is not headless`);
    if (service && !selectedWorkloads(service, manifests).includes(set))
      problems.push(`${where(set)}: its Service does not select its pods`);
    const claims = objs(spec.volumeClaimTemplates).map((c) => str(obj(c.metadata).name));
    if (claims.length === 0) problems.push(`${where(set)}: no volumeClaimTemplates`);
    const volumes = objs(podSpec(set).volumes).map((v) => str(v.name));
    for (const container of containers(set)) {
      for (const mount of objs(container.volumeMounts)) {
        const name = str(mount.name);
        if (!claims.includes(name) && !volumes.includes(name))
          problems.push(`${where(set)}: volume mount ${String(name)} has no claim or volume`);
      }
    }
  }
  return problems;
}

/** NATS runs JetStream, and its store directory is on the persistent volume. */
export function checkNats(manifests: Manifest[]): string[] {
  const set = find(manifests, 'StatefulSet', 'nats');
  if (!set) return ['no StatefulSet nats'];
  const [container] = containers(set);
  if (!container) return [`${where(set)}: no container`];
  const args = [...arr(container.command), ...arr(container.args)].map(String);
  const problems: string[] = [];
  if (!args.includes('-js') && !args.includes('--jetstream')) problems.push(`${where(set)}: JetStream is not enabled (-js)`);
  const sdIndex = args.findIndex((a) => a === '-sd' || a === '--store_dir');
  const storeDir = sdIndex >= 0 ? args[sdIndex + 1] : undefined;
  const mounts = objs(container.volumeMounts)
    .map((m) => str(m.mountPath))
    .filter((p): p is string => p !== undefined);
  if (storeDir === undefined) problems.push(`${where(set)}: no JetStream store dir (-sd)`);
  else if (!mounts.some((m) => storeDir === m || storeDir.startsWith(`${m}/`)))
    problems.push(`${where(set)}: store dir ${storeDir} is not on a mounted volume`);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// docker-compose.yml

export function loadCompose(file = path.join(REPO_ROOT, 'docker-compose.yml')): Obj {
  // Compose honours YAML merge keys (`<<:`), which the file uses to share settings.
  return obj(parse(readFileSync(file, 'utf8'), { merge: true }));
}

/** Compose's ${VAR}, ${VAR:-default} and ${VAR-default}, resolved to their defaults (the test
 * must not depend on the shell that runs it). */
export function interpolate(value: string): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}/g, (_match, _name, fallback?: string) => fallback ?? '');
}

/** environment: as a map or as a list of KEY=VALUE. */
export function composeEnv(service: Obj): Record<string, string> {
  const env = service.environment;
  const out: Record<string, string> = {};
  if (Array.isArray(env)) {
    for (const entry of env) {
      const text = String(entry);
      const eq = text.indexOf('=');
      if (eq > 0) out[text.slice(0, eq)] = interpolate(text.slice(eq + 1));
    }
  } else {
    for (const [key, value] of Object.entries(obj(env))) {
      // Compose accepts numbers and booleans here and passes them on as text.
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = interpolate(String(value));
    }
  }
  return out;
}

/** depends_on: as a list (started) or a map with conditions. */
function composeDependsOn(service: Obj): Map<string, string> {
  const deps = service.depends_on;
  if (Array.isArray(deps)) return new Map(deps.map((d) => [String(d), 'service_started']));
  return new Map(Object.entries(obj(deps)).map(([name, spec]) => [name, str(obj(spec).condition) ?? 'service_started']));
}

/** build.args: as a map or as a list of KEY=VALUE. */
function composeBuildArgs(service: Obj): Record<string, string> {
  const args = obj(service.build).args;
  if (Array.isArray(args)) {
    return Object.fromEntries(
      args
        .map(String)
        .filter((a) => a.includes('='))
        .map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]),
    );
  }
  return Object.fromEntries(Object.entries(obj(args)).map(([k, v]) => [k, String(v)]));
}

/** command: as a list or a string. */
function composeCommand(service: Obj): string[] {
  const command = service.command;
  if (typeof command === 'string') return command.trim().split(/\s+/);
  return arr(command).map(String);
}

function composeUrlTarget(url: string, services: Obj): string | undefined {
  if (!URL.canParse(url)) return `${url} is not a URL`;
  const parsed = new URL(url);
  const target = services[parsed.hostname];
  if (!isObj(target)) return `${url}: no compose service ${parsed.hostname}`;
  const port = parsed.port === '' ? DEFAULT_PORTS[parsed.protocol] : Number(parsed.port);
  const expected =
    parsed.hostname in APP_PORTS
      ? APP_PORTS[parsed.hostname as AppName]
      : parsed.hostname in INFRA_PORTS
        ? INFRA_PORTS[parsed.hostname as InfraName]
        : undefined;
  if (port !== expected) return `${url}: ${parsed.hostname} listens on ${String(expected)}, not ${String(port)}`;
  return undefined;
}

export function checkCompose(compose: Obj, composeDir = REPO_ROOT): string[] {
  const problems: string[] = [];
  const services = obj(compose.services);
  for (const app of APPS) {
    const service = services[app];
    if (!isObj(service)) {
      problems.push(`compose: no service ${app}`);
      continue;
    }
    const build = obj(service.build);
    if (composeBuildArgs(service).SERVICE !== app) problems.push(`compose ${app}: build arg SERVICE is not ${app}`);
    const context = path.resolve(composeDir, str(build.context) ?? '.');
    if (!existsSync(path.join(context, str(build.dockerfile) ?? 'Dockerfile')))
      problems.push(`compose ${app}: the Dockerfile is not in the build context ${context}`);
    const deps = composeDependsOn(service);
    for (const infra of INFRA) {
      if (!deps.has(infra)) problems.push(`compose ${app}: depends_on lacks ${infra}`);
    }
    for (const [dep, condition] of deps) {
      if (!isObj(services[dep])) problems.push(`compose ${app}: depends on unknown service ${dep}`);
      // A one-shot job (no restart policy, no healthcheck: minio-init making the bucket) is waited for until it has finished.
      const oneShot = isObj(services[dep]) && obj(services[dep]).restart === undefined && !isObj(obj(services[dep]).healthcheck);
      if (condition === 'service_completed_successfully' && oneShot) continue;
      if (condition !== 'service_healthy') problems.push(`compose ${app}: waits for ${dep} with ${condition}, not service_healthy`);
      else if (!isObj(obj(services[dep]).healthcheck))
        problems.push(`compose ${app}: waits for ${dep} to be healthy, but ${dep} has no healthcheck`);
    }
    const env = composeEnv(service);
    if (env.PORT !== String(APP_PORTS[app])) problems.push(`compose ${app}: PORT is ${String(env.PORT)}, not ${APP_PORTS[app]}`);
    if (env.HOST !== '0.0.0.0') problems.push(`compose ${app}: HOST is ${String(env.HOST)}, not 0.0.0.0`);
    const urls =
      app === 'gateway' ? ['REDIS_URL', ...SERVICES.map((s) => `${s.toUpperCase()}_URL`)] : ['DATABASE_URL', 'NATS_URL', 'REDIS_URL'];
    for (const key of urls) {
      const value = env[key];
      const problem = value === undefined ? 'missing' : composeUrlTarget(value, services);
      if (problem) problems.push(`compose ${app}: ${key} ${problem}`);
    }
    if (app === 'gateway') {
      for (const s of SERVICES) {
        const value = env[`${s.toUpperCase()}_URL`];
        if (value !== undefined && URL.canParse(value) && new URL(value).hostname !== s)
          problems.push(`compose gateway: ${s.toUpperCase()}_URL does not point at ${s}`);
      }
    } else {
      const db = env.DATABASE_URL;
      if (db !== undefined && URL.canParse(db) && new URL(db).pathname !== '/sitebuilder')
        problems.push(`compose ${app}: DATABASE_URL is not the sitebuilder database`);
    }
  }
  const gatewayPorts = arr(obj(services.gateway).ports).map((p) => (isObj(p) ? `${String(p.published)}:${String(p.target)}` : String(p)));
  if (!gatewayPorts.some((p) => /^(?:[\d.]+:)?8080:8080(?:\/tcp)?$/.test(p))) problems.push('compose gateway: port 8080 is not published');

  const nats = obj(services.nats);
  const command = composeCommand(nats);
  if (!command.includes('-js') && !command.includes('--jetstream')) problems.push('compose nats: not started with -js');
  const mIndex = command.indexOf('-m');
  if (mIndex < 0 || command[mIndex + 1] !== '8222') problems.push('compose nats: monitoring is not on -m 8222');
  if (!JSON.stringify(obj(nats.healthcheck).test ?? '').includes('8222/healthz'))
    problems.push('compose nats: the healthcheck does not ask :8222/healthz');
  const sdIndex = command.indexOf('-sd');
  const storeDir = sdIndex >= 0 ? command[sdIndex + 1] : undefined;
  const mounts = arr(nats.volumes).map((v) => (isObj(v) ? (str(v.target) ?? '') : (String(v).split(':')[1] ?? '')));
  if (storeDir === undefined || !mounts.some((m) => m !== '' && (storeDir === m || storeDir.startsWith(`${m}/`)))) {
    problems.push('compose nats: the JetStream store dir (-sd) is not on a volume');
  }

  const postgres = obj(services.postgres);
  const major = Number(/^postgres:(\d+)/.exec(str(postgres.image) ?? '')?.[1] ?? NaN);
  if (!(major >= 15)) problems.push(`compose postgres: image ${String(postgres.image)} is not Postgres 15+`);
  if (composeEnv(postgres).POSTGRES_DB !== 'sitebuilder') problems.push('compose postgres: POSTGRES_DB is not sitebuilder');
  if (!/^redis:7(?:[.-]|$)/.test(str(obj(services.redis).image) ?? '')) problems.push('compose redis: image is not Redis 7');
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Dockerfile

export interface DockerInstruction {
  keyword: string;
  args: string;
}

/** Instructions with continuation lines joined and comments dropped. */
export function parseDockerfile(text: string): DockerInstruction[] {
  const out: DockerInstruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (pending !== '' && line.startsWith('#')) continue; // comments may sit inside a continuation
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const full = (pending + line).trim();
    pending = '';
    const match = /^(\S+)\s*(.*)$/.exec(full);
    if (match) out.push({ keyword: (match[1] ?? '').toUpperCase(), args: match[2] ?? '' });
  }
  return out;
}

export const entryPoint = (app: AppName): string => (app === 'gateway' ? 'gateway/src/main.ts' : `services/${app}/src/main.ts`);

export function checkDockerfile(text: string): string[] {
  const problems: string[] = [];
  const instructions = parseDockerfile(text);
  const firstFrom = instructions.findIndex((i) => i.keyword === 'FROM');
  if (!instructions.slice(0, Math.max(firstFrom, 0)).some((i) => i.keyword === 'ARG' && /^SERVICE(=|$)/.test(i.args))) {
    problems.push('Dockerfile: ARG SERVICE is not declared before the first FROM');
  }
  // Split into stages by FROM.
  const stages = new Map<string, DockerInstruction[]>();
  let current: DockerInstruction[] = [];
  let last: DockerInstruction | undefined;
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      current = [];
      last = instruction;
      const name = /\sAS\s+(\S+)\s*$/i.exec(instruction.args)?.[1];
      if (name) stages.set(name, current);
      continue;
    }
    current.push(instruction);
  }
  if (!last || !/^svc-\$\{?SERVICE\}?(\s|$)/.test(last.args)) problems.push('Dockerfile: the last stage is not FROM svc-${SERVICE}');
  for (const app of APPS) {
    const stage = stages.get(`svc-${app}`);
    if (!stage) {
      problems.push(`Dockerfile: no stage svc-${app}`);
      continue;
    }
    const port = String(APP_PORTS[app]);
    if (!stage.some((i) => i.keyword === 'EXPOSE' && i.args.split(/\s+/).includes(port)))
      problems.push(`Dockerfile svc-${app}: does not EXPOSE ${port}`);
    if (!stage.some((i) => i.keyword === 'ENV' && new RegExp(`(^|\\s)PORT=${port}(\\s|$)`).test(i.args)))
      problems.push(`Dockerfile svc-${app}: PORT is not ${port}`);
    const cmd = stage.find((i) => i.keyword === 'CMD');
    let argv: unknown;
    try {
      argv = cmd ? JSON.parse(cmd.args) : undefined;
    } catch {
      argv = undefined;
    }
    const list = arr(argv).map(String);
    // The compiled bundle that scripts/build-service.ts writes, never TypeScript through tsx.
    if (list[0] !== 'node' || list.at(-1) !== 'dist/bundle/main.js' || list.includes('tsx')) {
      problems.push(`Dockerfile svc-${app}: CMD does not start the compiled dist/bundle/main.js with node`);
    }
    // The package the entry point belongs to must exist in the workspace.
    if (!existsSync(path.join(REPO_ROOT, path.dirname(path.dirname(entryPoint(app))), 'package.json'))) {
      problems.push(`Dockerfile svc-${app}: ${entryPoint(app)} is not in a workspace package`);
    }
  }
  if (!instructions.some((i) => i.keyword === 'RUN' && /pnpm@10\.34\.9 install --frozen-lockfile/.test(i.args)))
    problems.push('Dockerfile: no pnpm@10.34.9 install --frozen-lockfile');
  if (!instructions.some((i) => i.keyword === 'RUN' && /scripts\/build-service\.ts "?\$\{?SERVICE\}?"? \/out/.test(i.args)))
    problems.push('Dockerfile: the build stage does not run scripts/build-service.ts for SERVICE');
  if (!instructions.some((i) => i.keyword === 'COPY' && /--from=build \/out\/? /.test(i.args)))
    problems.push('Dockerfile: the runtime does not take the built tree from the build stage');
  const users = instructions.filter((i) => i.keyword === 'USER').map((i) => i.args.split(':')[0]);
  if (users.length === 0 || users.some((u) => u === 'root' || u === '0'))
    problems.push('Dockerfile: the runtime does not run as a non-root USER');
  // The runtime base, with the global ARG defaults (declared before the first FROM) expanded.
  const globalArgs = new Map<string, string>();
  for (const i of instructions.slice(0, Math.max(firstFrom, 0))) {
    const match = /^(\w+)=(\S+)$/.exec(i.keyword === 'ARG' ? i.args : '');
    if (match?.[1] !== undefined && match[2] !== undefined) globalArgs.set(match[1], match[2]);
  }
  const runtimeFrom = instructions.find((i) => i.keyword === 'FROM' && /\sAS\s+runtime$/i.test(i.args));
  const runtimeImage = runtimeFrom?.args.split(/\s+/)[0]?.replace(/\$\{?(\w+)\}?/g, (_m, name: string) => globalArgs.get(name) ?? '');
  if (runtimeImage !== 'node:24-slim') problems.push(`Dockerfile: the runtime stage is based on ${String(runtimeImage)}, not node:24-slim`);
  return problems;
}
