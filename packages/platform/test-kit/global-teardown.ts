import pg from 'pg';

export default async function globalTeardown(): Promise<void> {
  const admin = process.env.SC_TEST_ADMIN_DATABASE_URL;
  const name = process.env.SC_TEST_DATABASE_NAME;
  if (!admin || !name) return;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
