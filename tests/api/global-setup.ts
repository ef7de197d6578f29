/**
 * API tests: the one migrated database of the run that every test file copies
 * (tests/api/test-databases.ts). Migrated by the server's own openPglite/openPostgres.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../server/db/client';
import { admin, databaseUrl } from './test-databases';

type PgliteTemplate = { dir: string; dump: string; root: string };

async function makePgliteTemplate(): Promise<PgliteTemplate> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-api-template-'));
  const dir = path.join(root, 'data');
  // A durable folder, as the server makes it: durable test databases are copies of it.
  await (await openPglite(dir)).close();
  // In-memory test databases load PGlite's own dump of the same folder.
  const client = await PGlite.create(dir);
  const dump = path.join(root, 'data.tar');
  fs.writeFileSync(dump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  return { dir, dump, root };
}

/** Both API projects run in one vitest process: they share one PGlite template. */
const shared = globalThis as { taliPgliteTemplate?: Promise<PgliteTemplate> };

async function pgliteTemplate(project: TestProject) {
  shared.taliPgliteTemplate ??= makePgliteTemplate();
  const { dir, dump, root } = await shared.taliPgliteTemplate;
  project.provide('pgliteTemplate', { dir, dump });
  return () => fs.rmSync(root, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject) {
  const name = `tali_template_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  try {
    await (await openPostgres(databaseUrl(name))).close();
    // Nobody may be connected to a template while it is copied.
    await admin(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
  } catch (error) {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  project.provide('postgresTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', null);
  project.provide('postgresTemplate', null);
  // Both legs run the files that open PGlite themselves (static files, the PGlite SQL shim).
  const teardowns = [await pgliteTemplate(project)];
  if (project.name === 'api-postgres') teardowns.push(await postgresTemplate(project));
  return async () => {
    for (const teardown of teardowns) await teardown();
  };
}
