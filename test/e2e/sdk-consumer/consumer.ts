// A user's program against the packed masg, compiled with `tsc --strict` (module NodeNext) by
// test/e2e/sdk-consumer.test.ts. Every line it prints is its own; the library prints nothing.
import { ApiError, createClient, type DryRun, type PublicationStatsRecord } from 'masg';
import { startSandbox } from 'masg/sandbox';

const sandbox = await startSandbox({ seed: 3 });
const client = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.accounts.demo, retries: 1 });
try {
  const publications = await client.listPublications().toArray();
  console.log(`publications: ${publications.length}`);

  let records = 0;
  let clicks = 0n;
  let cents = 0n;
  for await (const r of client.publicationStats({ from: '-7d', to: 'yesterday', level: 'adslot', byCountry: true })) {
    const row: PublicationStatsRecord = r;
    records++;
    clicks += BigInt(row.clicks);
    cents += BigInt(row.earnings.replace('.', ''));
  }
  console.log(`records: ${records}`);
  console.log(`clicks: ${clicks}`);
  console.log(`earnings cents: ${cents}`);

  try {
    await client.getPublication('00000000-0000-0000-0000-000000000000');
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    console.log(`api error: ${err.code} ${err.status}`);
  }

  // A dry run resolves to the request it would send; a list's dry run is a promise, not a list.
  const plan: DryRun = await client.listPublications({ status: 'PAUSED' }, { dryRun: true });
  console.log(`dry run: ${plan.requests.length} ${plan.requests[0]!.method} ${plan.requests[0]!.headers.Authorization}`);
} finally {
  await client.close();
  await sandbox.close();
}

// The types are real, not `any`: each misuse below must be a compile error (never run).
export async function typeChecks(): Promise<void> {
  const publications = await client.listPublications().toArray();
  // @ts-expect-error: IDs are strings
  const id: number = publications[0]!.id;
  // @ts-expect-error: counts are exact strings, never numbers
  const n: number = (await client.publicationStats({ from: '-1d', to: '-1d' }).toArray())[0]!.requests;
  // @ts-expect-error: level is 'publication' or 'adslot'
  client.publicationStats({ from: '-1d', to: '-1d', level: 'country' });
  // @ts-expect-error: an ad slot update needs the name
  await client.updateAdSlot('id', { formats: ['banner'] });
  // @ts-expect-error: with dryRun a list is a promise of its description, not an EntityList
  client.listAdvertisers({ dryRun: true }).toArray();
  // @ts-expect-error: without dryRun a call resolves to the entity, not a description
  const notPlan: DryRun = await client.getPublication('id');
  // With raw a call resolves to the body as received…
  const body: string = (await client.getPublication('id', { raw: true })).body;
  // @ts-expect-error: …not to the entity
  const notEntity: { name: string } = await client.getPublication('id', { raw: 'json' });
  void notPlan;
  void body;
  void notEntity;
  void id;
  void n;
}
