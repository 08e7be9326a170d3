import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Database, openDatabase } from '@server/db/client';
import { seedDatabase } from '@server/db/seed';
import { startJobQueue } from '@server/job-queue';
import { hashSecret } from '@server/modules/auth/passwords';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { playerPassword } from '../support/player-password';
import { type DatabaseTemplate, databaseUrlFor, templateDatabaseName } from './database-template';

/**
 * Builds the migrated, seeded template every API test file starts from, once per run: a PGlite
 * data-directory dump by default, or a PostgreSQL template database when TEST_DATABASE_URL names a
 * server (the test command starts one on loopback).
 */
export default async function setup(project: TestProject) {
  // A project may set its own (api-embedded empties it to stay on PGlite).
  const serverUrl = project.config.env?.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let template: DatabaseTemplate;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const templateName = templateDatabaseName(project.name);
    await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, templateName), poolSize: 2 });
    await database.migrate();
    await seedDatabase(database.db);
    await installJobQueue(database.db);
    await database.close();
    template = { kind: 'postgres', serverUrl, templateName };
  } else {
    const client = await PGlite.create();
    const database = await openDatabase({ pglite: client });
    await database.migrate();
    await seedDatabase(database.db);
    await installJobQueue(database.db);
    const dump = await client.dumpDataDir('none');
    await database.close();
    const dir = path.resolve('.tmp');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `pglite-template-${project.name}-${process.pid}.tar`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    template = { kind: 'pglite', file };
  }
  project.provide('databaseTemplate', template);
  project.provide('playerPasswordHash', await hashSecret(playerPassword));
  return async () => {
    if (template.kind === 'pglite') await rm(template.file, { force: true });
  };
}

/** The job queue's schema and queues, which every server would otherwise create in its own copy. */
async function installJobQueue(db: Database) {
  await (await startJobQueue(db, pino({ level: 'silent' }))).stop();
}
