// Docker cannot run where this was written: these checks read the deployment files instead of
// starting them, for the mistakes that would stop `docker compose up` or leave a node misconfigured.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../apps/server/src/config.ts';

const ROOT = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  restart?: string;
};
const compose = parse(read('deploy/compose.yaml')) as { services: Record<string, Service> };
const { services } = compose;
const apiNodes = Object.entries(services).filter(([, service]) => service.build);

/** Compose's interpolation as a filled-in deploy/.env would give: required values get a sample. */
const interpolated = (value: string) =>
  value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, _name, kind, rest) =>
    kind === '-' ? rest : 'a1b2c3d4'.repeat(6),
  );

/** Variables the server reads: the keys of config.ts's schema. */
const serverVariables = new Set(
  [...read('apps/server/src/config.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm)].map((match) => match[1]),
);

const hostOf = (url: string) => new URL(interpolated(url)).hostname;

describe('deploy/compose.yaml', () => {
  it('runs two API nodes, PostgreSQL, Centrifugo v6 with Redis, an S3 server and a load balancer', () => {
    expect(apiNodes.map(([name]) => name)).toEqual(['api-1', 'api-2']);
    expect(services.postgres?.image).toMatch(/^postgres:1[5-9]/);
    expect(services.centrifugo?.image).toBe('centrifugo/centrifugo:v6');
    expect(services.redis?.image).toMatch(/^redis:/);
    expect(services.minio?.image).toMatch(/^minio\/minio/);
    expect(services.lb?.image).toMatch(/^caddy:/);
  });

  it('gives every API node the variables of a scaled-out deployment, each one the server reads', () => {
    const required = [
      'DATABASE_URL',
      'CENTRIFUGO_URL',
      'CENTRIFUGO_API_KEY',
      'REALTIME_URL',
      'REALTIME_SECRET',
      'SECRETS_KEY',
      'S3_ENDPOINT',
      'S3_BUCKET',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ];
    for (const [, node] of apiNodes) {
      const environment = node.environment ?? {};
      expect(Object.keys(environment)).toEqual(expect.arrayContaining(required));
      for (const name of Object.keys(environment)) expect(serverVariables, name).toContain(name);
      expect(services[hostOf(environment.DATABASE_URL!)]).toBeDefined();
      expect(services[hostOf(environment.CENTRIFUGO_URL!)]).toBeDefined();
      expect(services[hostOf(environment.S3_ENDPOINT!)]).toBeDefined();
    }
  });

  it("is a configuration the server starts with (PostgreSQL, Centrifugo, S3, production's secrets)", () => {
    const [, node] = apiNodes[0]!;
    const environment = Object.fromEntries(
      Object.entries(node.environment ?? {}).map(([name, value]) => [name, interpolated(String(value))]),
    );
    const config = loadConfig(environment);
    expect(config.env).toBe('production');
    expect(config.databaseUrl).toMatch(/^postgres:\/\/tandem:.+@postgres:5432\/tandem$/);
    expect(config.realtime.centrifugo?.url).toBe('http://centrifugo:8000');
    expect(config.trustProxy).toBe(true);
  });

  it('hands Centrifugo the API nodes’ realtime secret and API key, and Redis as its engine', () => {
    const node = apiNodes[0]![1].environment ?? {};
    const centrifugo = services.centrifugo?.environment ?? {};
    expect(centrifugo.CENTRIFUGO_CLIENT_TOKEN_HMAC_SECRET_KEY).toBe(node.REALTIME_SECRET);
    expect(centrifugo.CENTRIFUGO_HTTP_API_KEY).toBe(node.CENTRIFUGO_API_KEY);
    expect(hostOf(centrifugo.CENTRIFUGO_ENGINE_REDIS_ADDRESS!)).toBe('redis');
    expect(services.centrifugo?.volumes).toContain('./centrifugo.json:/centrifugo/config.json:ro');
    expect(existsSync(join(ROOT, 'deploy/centrifugo.json'))).toBe(true);
  });

  it('checks the health of every long-running service and waits on what each needs', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.restart === 'no') continue;
      expect(service.healthcheck?.test, name).toBeDefined();
    }
    for (const [name, service] of Object.entries(services)) {
      for (const [needed, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(services[needed], `${name} depends on ${needed}`).toBeDefined();
        if (condition === 'service_healthy') expect(services[needed]?.healthcheck, needed).toBeDefined();
      }
    }
    expect(apiNodes[0]![1].healthcheck?.test.join(' ')).toContain('/api/health');
  });

  it('names in deploy/.env.example every value it takes from the environment', () => {
    const example = read('deploy/.env.example');
    const taken = new Set([...read('deploy/compose.yaml').matchAll(/\$\{(\w+)/g)].map((match) => match[1]));
    for (const name of taken) expect(example, name).toMatch(new RegExp(`^${name}=`, 'm'));
  });
});

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile');

  it('sends realtime websockets to Centrifugo and the rest to both API nodes on their port', () => {
    expect(caddyfile).toMatch(/handle \/connection\/websocket\*\s*\{\s*reverse_proxy centrifugo:8000/);
    const port = apiNodes[0]![1].environment?.PORT;
    expect(caddyfile).toContain(`reverse_proxy api-1:${port} api-2:${port}`);
    expect(caddyfile).toContain('health_uri /api/health');
    expect(caddyfile).toMatch(/handle \/metrics\*\s*\{\s*respond 404/);
    expect(services.lb?.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
  });
});

describe('deploy/Dockerfile', () => {
  const lines = read('deploy/Dockerfile')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages = lines.reduce<string[][]>((all, line) => {
    if (line.startsWith('FROM ')) all.push([]);
    all.at(-1)?.push(line);
    return all;
  }, []);
  const runtime = stages.at(-1)!;
  const instruction = (stage: string[], name: string) => stage.filter((line) => line.startsWith(`${name} `));

  const stage = (name: string) => stages.find((lines) => lines[0]!.endsWith(` AS ${name}`))!;

  it('builds in one stage and runs from another with production dependencies only', () => {
    expect(stages.map((lines) => lines[0]!.split(' ').at(-1))).toEqual(['manifests', 'build', 'runtime']);
    expect(stage('build')[0]).toBe('FROM manifests AS build');
    expect(stage('build').join('\n')).toContain('RUN npm ci');
    expect(stage('build').join('\n')).toContain('RUN npm run build');
    expect(runtime[0]).toBe('FROM manifests AS runtime');
    expect(runtime.join('\n')).toContain('npm ci --omit=dev --workspace=@tandem/server');
    expect(lines.some((line) => /\bnpm install\b/.test(line))).toBe(false);
    expect(lines.join('\n')).not.toMatch(/:latest\b/);
  });

  it('copies only what exists: every workspace manifest before npm ci, and the build outputs', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const manifests = instruction(stage('manifests'), 'COPY').join('\n');
    for (const workspace of workspaces) expect(manifests).toContain(`COPY ${workspace}/package.json`);
    const fromContext = stages.flatMap((lines) => instruction(lines, 'COPY'));
    for (const copy of fromContext.filter((line) => !line.includes('--from='))) {
      for (const source of copy.split(/\s+/).slice(1, -1))
        expect(existsSync(join(ROOT, source)), source).toBe(true);
    }
    const fromBuild = instruction(runtime, 'COPY').filter((line) => line.includes('--from=build'));
    expect(fromBuild.map((line) => line.split(/\s+/)[2])).toEqual([
      '/app/apps/server/dist',
      '/app/apps/server/migrations',
      '/app/apps/web/dist',
    ]);
  });

  it('runs as a user other than root, keeps DATA_DIR in a volume and checks /api/health', () => {
    const text = runtime.join('\n');
    const user = instruction(runtime, 'USER')[0];
    expect(user).toBeDefined();
    expect(user).not.toMatch(/USER (root|0)\b/);
    expect(text).toContain('DATA_DIR=/data');
    expect(text).toContain('VOLUME ["/data"]');
    expect(text).toContain('PORT=3000');
    expect(text).toContain('EXPOSE 3000');
    expect(instruction(runtime, 'HEALTHCHECK')[0]).toContain('/api/health');
    expect(instruction(runtime, 'CMD')[0]).toBe('CMD ["node", "apps/server/dist/main.js"]');
  });

  it('leaves local installs, builds and data out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', 'data', '.git', 'deploy/.env']) {
      expect(ignored).toContain(entry);
    }
  });
});
