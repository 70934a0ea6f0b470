// Jest global setup: when DATABASE_URL points at a real Postgres, every test run gets a database
// of its own (created here, dropped in teardown), so runs never see each other's rows. Workers
// inherit the rewritten DATABASE_URL because they are spawned after this runs.
import pg from 'pg';

export default async function globalSetup(): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) return;
  const name = `sc_test_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  process.env.SC_TEST_ADMIN_DATABASE_URL = base;
  process.env.SC_TEST_DATABASE_NAME = name;
  process.env.DATABASE_URL = url.toString();
}
