// A stand-in parse worker for parse-in-worker.test.ts: it dies mid-parse, as a native crash would.
export default async function () {
  process.exit(1);
}
