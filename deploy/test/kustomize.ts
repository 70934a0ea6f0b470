// Rendering a kustomization the way `kubectl kustomize` does, for the subset of kustomize that
// deploy/k8s uses, so that CI can check the overlays on a machine without kubectl. The subset:
// resources (files and directories), components, namespace, replicas, images, and patches that are
// JSON 6902 operation lists or `$patch: delete` documents, chosen by a target (kind and name as
// regular expressions, labelSelector as key=value pairs). Any other field is an error, never
// silently ignored. k8s-overlays.test.ts renders every overlay with kubectl as well where it is
// installed and requires the two results to be the same objects.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Manifest, Obj } from './manifests.js';
import { arr, isObj, obj, objs, parseYamlFile, REPO_ROOT, str, strMap } from './manifests.js';

const SUPPORTED = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'components', 'patches', 'images', 'replicas']);
/** Kinds without a namespace among those a deployment like ours might hold. */
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'ClusterIssuer',
  'PersistentVolume',
  'StorageClass',
  'IngressClass',
  'PriorityClass',
  'CustomResourceDefinition',
]);

function kustomizationIn(dir: string): Obj {
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].map((name) => path.join(dir, name)).find((f) => existsSync(f));
  if (!file) throw new Error(`no kustomization in ${path.relative(REPO_ROOT, dir)}`);
  const [doc] = parseYamlFile(file);
  const kust = obj(doc);
  const unsupported = Object.keys(kust).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length > 0)
    throw new Error(`${path.relative(REPO_ROOT, file)}: unsupported field ${unsupported.join(', ')} (deploy/test/kustomize.ts)`);
  return kust;
}

/** Builds the kustomization in `dir`: its objects with every transformation applied. */
export function kustomizeBuild(dir: string): Manifest[] {
  return build(path.resolve(dir), 'Kustomization');
}

function build(dir: string, expectedKind: 'Kustomization' | 'Component'): Manifest[] {
  const kust = kustomizationIn(dir);
  const kind = str(kust.kind) ?? 'Kustomization';
  if (kind !== expectedKind) throw new Error(`${path.relative(REPO_ROOT, dir)} is a ${kind}, used as a ${expectedKind}`);
  let manifests = loadResources(dir, kust);
  for (const entry of arr(kust.components)) {
    const componentDir = path.resolve(dir, String(entry));
    const component = kustomizationIn(componentDir);
    if (str(component.kind) !== 'Component') throw new Error(`${path.relative(REPO_ROOT, componentDir)} is not a Component`);
    manifests = transform([...manifests, ...loadResources(componentDir, component)], componentDir, component);
  }
  return transform(manifests, dir, kust);
}

function loadResources(dir: string, kust: Obj): Manifest[] {
  const out: Manifest[] = [];
  for (const entry of arr(kust.resources)) {
    const target = path.resolve(dir, String(entry));
    if (!existsSync(target)) throw new Error(`${path.relative(REPO_ROOT, dir)}: resource ${String(entry)} does not exist`);
    if (statSync(target).isDirectory()) out.push(...build(target, 'Kustomization'));
    else out.push(...parseYamlFile(target).map((doc) => ({ file: path.relative(REPO_ROOT, target), doc })));
  }
  return out;
}

function transform(input: Manifest[], dir: string, kust: Obj): Manifest[] {
  let manifests = input;
  for (const patch of objs(kust.patches)) manifests = applyPatch(manifests, dir, patch);
  const namespace = str(kust.namespace);
  if (namespace !== undefined) {
    for (const m of manifests) {
      if (!CLUSTER_SCOPED.has(str(m.doc.kind) ?? '')) m.doc.metadata = { ...obj(m.doc.metadata), namespace };
    }
  }
  for (const replica of objs(kust.replicas)) {
    const found = manifests.filter(
      (m) => ['Deployment', 'StatefulSet', 'ReplicaSet'].includes(str(m.doc.kind) ?? '') && obj(m.doc.metadata).name === replica.name,
    );
    for (const m of found) obj(m.doc.spec).replicas = replica.count;
  }
  for (const image of objs(kust.images)) {
    for (const m of manifests) for (const container of podContainers(m.doc)) retag(container, image);
  }
  return manifests;
}

/** Every container and init container of a workload's pod template (Job and CronJob included). */
function podContainers(doc: Obj): Obj[] {
  const spec = obj(doc.spec);
  const template = str(doc.kind) === 'CronJob' ? obj(obj(obj(spec.jobTemplate).spec).template) : obj(spec.template);
  const pod = obj(template.spec);
  return [...objs(pod.containers), ...objs(pod.initContainers)];
}

/** kustomize images: a container whose image name (without tag or digest) is `name` gets newName/newTag. */
function retag(container: Obj, image: Obj): void {
  const current = str(container.image);
  if (current === undefined) return;
  const at = current.indexOf('@');
  const lastColon = current.lastIndexOf(':');
  const nameEnd = at >= 0 ? at : lastColon > current.lastIndexOf('/') ? lastColon : current.length;
  const name = current.slice(0, nameEnd);
  if (name !== image.name) return;
  const suffix = current.slice(nameEnd);
  const newName = str(image.newName) ?? name;
  const newTag = typeof image.newTag === 'number' ? String(image.newTag) : str(image.newTag);
  container.image =
    str(image.digest) !== undefined
      ? `${newName}@${String(image.digest)}`
      : newTag !== undefined
        ? `${newName}:${newTag}`
        : `${newName}${suffix}`;
}

function matchesTarget(m: Manifest, target: Obj): boolean {
  const whole = (pattern: unknown, value: unknown): boolean =>
    pattern === undefined || new RegExp(`^(?:${str(pattern) ?? ''})$`).test(str(value) ?? '');
  const meta = obj(m.doc.metadata);
  if (!whole(target.kind, m.doc.kind) || !whole(target.name, meta.name) || !whole(target.namespace, meta.namespace)) return false;
  const selector = str(target.labelSelector);
  if (selector === undefined) return true;
  const labels = strMap(meta.labels);
  return selector.split(',').every((term) => {
    const [key, value] = term.split('=').map((s) => s.trim());
    if (key === undefined || value === undefined) throw new Error(`labelSelector ${selector}: only key=value terms are supported`);
    return labels[key] === value;
  });
}

function applyPatch(manifests: Manifest[], dir: string, patch: Obj): Manifest[] {
  const text =
    str(patch.patch) ?? (str(patch.path) !== undefined ? readFileSync(path.resolve(dir, String(patch.path)), 'utf8') : undefined);
  if (text === undefined) throw new Error(`${path.relative(REPO_ROOT, dir)}: a patch without patch or path`);
  const body: unknown = parse(text);
  const target = obj(patch.target);
  if (Array.isArray(body)) {
    const matched = manifests.filter((m) => matchesTarget(m, target));
    if (matched.length === 0) throw new Error(`${path.relative(REPO_ROOT, dir)}: a patch matches no object (${JSON.stringify(target)})`);
    for (const m of matched) for (const op of body) applyOperation(m, obj(op));
    return manifests;
  }
  if (isObj(body) && body.$patch === 'delete') {
    const meta = obj(body.metadata);
    const doomed = (m: Manifest): boolean => m.doc.kind === body.kind && obj(m.doc.metadata).name === meta.name && matchesTarget(m, target);
    if (!manifests.some(doomed)) throw new Error(`${path.relative(REPO_ROOT, dir)}: a delete patch matches no object`);
    return manifests.filter((m) => !doomed(m));
  }
  throw new Error(
    `${path.relative(REPO_ROOT, dir)}: strategic merge patches are not supported (deploy/test/kustomize.ts); use JSON 6902 operations`,
  );
}

/** RFC 6902 add, remove and replace; a path that does not lead anywhere is an error, as in kustomize. */
export function applyOperation(m: Manifest, op: Obj): void {
  const where = `${String(m.doc.kind)}/${String(obj(m.doc.metadata).name)}`;
  const pointer = str(op.path);
  if (pointer === undefined || !pointer.startsWith('/')) throw new Error(`${where}: bad patch path ${String(op.path)}`);
  const keys = pointer
    .slice(1)
    .split('/')
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = keys.pop() ?? '';
  let parent: unknown = m.doc;
  for (const key of keys) {
    parent = Array.isArray(parent) ? parent[Number(key)] : isObj(parent) ? parent[key] : undefined;
    if (parent === undefined) throw new Error(`${where}: ${pointer} leads nowhere`);
  }
  const value: unknown = structuredClone(op.value);
  if (Array.isArray(parent)) {
    const index = last === '-' ? parent.length : Number(last);
    if (!Number.isInteger(index) || index < 0 || index > parent.length || (op.op !== 'add' && index >= parent.length))
      throw new Error(`${where}: ${pointer} is out of range`);
    if (op.op === 'add') parent.splice(index, 0, value);
    else if (op.op === 'remove') parent.splice(index, 1);
    else if (op.op === 'replace') parent[index] = value;
    else throw new Error(`${where}: operation ${String(op.op)} is not supported`);
    return;
  }
  if (!isObj(parent)) throw new Error(`${where}: ${pointer} leads nowhere`);
  if (op.op === 'add') parent[last] = value;
  else if (op.op === 'remove' || op.op === 'replace') {
    if (!(last in parent)) throw new Error(`${where}: ${pointer} does not exist`);
    if (op.op === 'remove') delete parent[last];
    else parent[last] = value;
  } else throw new Error(`${where}: operation ${String(op.op)} is not supported`);
}
