// docker-compose.yml and the Dockerfile, checked for what makes the distributed mode start:
// every app built with its own SERVICE, wired to the servers it needs, waiting for them to be
// healthy; NATS with JetStream; one image stage per process with the right port and entry point.
// As in k8s.test.ts, broken copies prove each check can fail. (No Docker engine is needed.)
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Obj } from './manifests.js';
import { APPS, checkCompose, checkDockerfile, composeEnv, interpolate, loadCompose, obj, REPO_ROOT } from './manifests.js';

const compose = loadCompose();
const dockerfile = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');

function broken(change: (services: Obj) => void): Obj {
  // Through JSON, not structuredClone: YAML aliases come back as one shared object, which
  // structuredClone would keep shared, so a change to one service would hit all of them.
  const copy = obj(JSON.parse(JSON.stringify(compose)) as unknown);
  change(obj(copy.services));
  return copy;
}
const service = (services: Obj, name: string): Obj => obj(services[name]);

describe('docker-compose.yml', () => {
  it('passes every check', () => {
    expect(checkCompose(compose)).toEqual([]);
  });

  it('builds each app from the one Dockerfile with SERVICE set to its name', () => {
    const services = obj(compose.services);
    for (const app of APPS) {
      const build = obj(service(services, app).build);
      expect(obj(build.args).SERVICE).toBe(app);
    }
  });

  it('makes every app wait for postgres, nats and redis', () => {
    const services = obj(compose.services);
    for (const app of APPS) {
      expect(Object.keys(obj(service(services, app).depends_on))).toEqual(expect.arrayContaining(['postgres', 'nats', 'redis']));
    }
  });

  it('runs NATS with JetStream', () => {
    expect(service(obj(compose.services), 'nats').command).toEqual(expect.arrayContaining(['-js']));
  });

  it('resolves ${VAR:-default} to the default', () => {
    expect(interpolate('postgres://u:${POSTGRES_PASSWORD:-pw}@postgres:5432/db')).toBe('postgres://u:pw@postgres:5432/db');
    expect(composeEnv({ environment: ['A=${X-1}', 'B=two'] })).toEqual({ A: '1', B: 'two' });
  });

  describe('catches', () => {
    it('a wrong SERVICE build arg', () => {
      const c = broken((s) => {
        obj(obj(service(s, 'render').build).args).SERVICE = 'content';
      });
      expect(checkCompose(c)).toEqual(['compose render: build arg SERVICE is not render']);
    });

    it('a missing dependency and a dependency that is only started', () => {
      const missing = broken((s) => {
        delete obj(service(s, 'forms').depends_on).nats;
      });
      expect(checkCompose(missing)).toEqual(['compose forms: depends_on lacks nats']);
      const started = broken((s) => {
        obj(service(s, 'cart').depends_on).redis = { condition: 'service_started' };
      });
      expect(checkCompose(started)).toEqual(['compose cart: waits for redis with service_started, not service_healthy']);
      const noHealthcheck = broken((s) => {
        delete service(s, 'postgres').healthcheck;
      });
      expect(checkCompose(noHealthcheck)).toHaveLength(APPS.length);
    });

    it('NATS without -js, and its store off the volume', () => {
      const noJs = broken((s) => {
        service(s, 'nats').command = ['-m', '8222', '-sd', '/data/jetstream'];
      });
      expect(checkCompose(noJs)).toEqual(['compose nats: not started with -js']);
      const offVolume = broken((s) => {
        service(s, 'nats').command = '-js -m 8222 -sd /tmp/js';
      });
      expect(checkCompose(offVolume)).toEqual(['compose nats: the JetStream store dir (-sd) is not on a volume']);
    });

    it('wrong addresses and ports', () => {
      const wrongUrl = broken((s) => {
        obj(service(s, 'gateway').environment).IDENTITY_URL = 'http://identity:4105';
      });
      expect(checkCompose(wrongUrl)).toEqual([expect.stringContaining('IDENTITY_URL http://identity:4105: identity listens on 4104')]);
      const wrongPort = broken((s) => {
        obj(service(s, 'analytics').environment).PORT = '4101';
      });
      expect(checkCompose(wrongPort)).toEqual(['compose analytics: PORT is 4101, not 4105']);
      const unpublished = broken((s) => {
        delete service(s, 'gateway').ports;
      });
      expect(checkCompose(unpublished)).toEqual(['compose gateway: port 8080 is not published']);
      const oldPostgres = broken((s) => {
        service(s, 'postgres').image = 'postgres:14';
      });
      expect(checkCompose(oldPostgres)).toEqual(['compose postgres: image postgres:14 is not Postgres 15+']);
    });
  });
});

describe('Dockerfile', () => {
  it('passes every check', () => {
    expect(checkDockerfile(dockerfile)).toEqual([]);
  });

  it('keeps host node_modules and local data out of the build context', () => {
    const ignored = readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/.data', '.git']));
  });

  describe('catches', () => {
    it('a missing per-service stage', () => {
      const text = dockerfile.replace('AS svc-restock', 'AS svc-restocks');
      expect(checkDockerfile(text)).toEqual(['Dockerfile: no stage svc-restock']);
    });

    it('a wrong port or entry point', () => {
      expect(checkDockerfile(dockerfile.replace('EXPOSE 4106', 'EXPOSE 4107'))).toEqual(['Dockerfile svc-content: does not EXPOSE 4106']);
      const gatewayCmd = /(AS svc-gateway[\s\S]*?)CMD \[[^\]]*\]/;
      expect(checkDockerfile(dockerfile.replace(gatewayCmd, '$1CMD ["node", "--import", "tsx", "gateway/src/main.ts"]'))).toEqual([
        'Dockerfile svc-gateway: CMD does not start the compiled dist/bundle/main.js with node',
      ]);
    });

    it('a final stage that ignores SERVICE, root at run time, another base image', () => {
      expect(checkDockerfile(dockerfile.replace('FROM svc-${SERVICE}', 'FROM svc-gateway'))).toEqual([
        'Dockerfile: the last stage is not FROM svc-${SERVICE}',
      ]);
      expect(checkDockerfile(dockerfile.replace('USER 1000:1000', 'USER root'))).toEqual([
        'Dockerfile: the runtime does not run as a non-root USER',
      ]);
      expect(checkDockerfile(dockerfile.replace('ARG NODE_IMAGE=node:24-slim', 'ARG NODE_IMAGE=node:20-slim'))).toEqual([
        'Dockerfile: the runtime stage is based on node:20-slim, not node:24-slim',
      ]);
    });

    it('a build that skips the compiled production tree', () => {
      expect(checkDockerfile(dockerfile.replace('scripts/build-service.ts "${SERVICE}" /out', 'true'))).toEqual([
        'Dockerfile: the build stage does not run scripts/build-service.ts for SERVICE',
      ]);
      expect(checkDockerfile(dockerfile.replace('COPY --from=build /out/ ./', 'COPY . .'))).toEqual([
        'Dockerfile: the runtime does not take the built tree from the build stage',
      ]);
    });
  });
});

describe('the supported Node versions', () => {
  const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

  it('are 22 and 24: engines, .nvmrc, the image and both halves of CI agree', () => {
    const manifest = JSON.parse(read('package.json')) as { engines?: { node?: string } };
    expect(manifest.engines?.node).toBe('>=22');
    expect(read('.nvmrc').trim()).toBe('24');
    expect(dockerfile).toContain('ARG NODE_IMAGE=node:24-slim');
    const ci = read('.ci/run');
    expect(ci).toMatch(/^NODE24=\$\(node_dir 24\)$/m);
    expect(ci).toMatch(/^NODE22=\$\(node_dir 22\)$/m);
    // Each half of the tests runs on its own version.
    expect(ci).toMatch(/^run_tests "[^"]*Node 24" env PATH="\$NODE24:\$PATH"/m);
    expect(ci).toMatch(/^run_tests "[^"]*Node 22" env .*PATH="\$NODE22:\$PATH"/m);
  });
});
