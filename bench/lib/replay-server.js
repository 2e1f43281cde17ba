// Serves one recorded response body for every GET, as the service would send it (same content
// type, chunked, read from disk in 64 KiB pieces with back-pressure): `node replay-server.js
// FILE CONTENT-TYPE`. Prints "listening on http://127.0.0.1:PORT". Used by bench/lists.js so that
// every contender reads the very same bytes and the sandbox's time to build a 300 MB answer (it
// renders a list whole before sending) is not counted against any of them.
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import { pipeline } from 'node:stream/promises';

const [file, contentType] = process.argv.slice(2);
const server = createServer((req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': contentType });
  pipeline(createReadStream(file, { highWaterMark: 64 * 1024 }), res).catch(() => res.destroy());
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
