// Serves one recorded response body for every GET, as the service would send it (same content
// type, chunked, read from disk in 64 KiB pieces with back-pressure): `node replay-server.js
// FILE CONTENT-TYPE [REPEAT]`. Prints "listening on http://127.0.0.1:PORT". Used by
// bench/lists.js so that every contender reads the very same bytes and the sandbox's time to build
// a 300 MB answer is not counted against any of them. With REPEAT > 1 the entities between the
// root's tags are sent REPEAT times: a 10× larger list from one recording.
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { pipeline } from 'node:stream/promises';

const [file, contentType, repeatArg] = process.argv.slice(2);
const repeat = Number(repeatArg ?? 1);
const OPEN = '<masg-response>\n';
const CLOSE = '</masg-response>';

/** Byte offsets of the inner part: after the root's start tag, before its end tag. */
function innerRange() {
  const size = statSync(file).size;
  const fd = openSync(file, 'r');
  const head = Buffer.alloc(Math.min(size, 65536));
  readSync(fd, head, 0, head.length, 0);
  const tail = Buffer.alloc(Math.min(size, 65536));
  readSync(fd, tail, 0, tail.length, size - tail.length);
  closeSync(fd);
  return {
    head: head.subarray(0, head.indexOf(OPEN) + OPEN.length),
    start: head.indexOf(OPEN) + OPEN.length,
    end: size - tail.length + tail.lastIndexOf(CLOSE),
  };
}

async function* repeated() {
  const { head, start, end } = innerRange();
  yield head;
  for (let i = 0; i < repeat; i++) yield* createReadStream(file, { start, end: end - 1, highWaterMark: 64 * 1024 });
  yield Buffer.from(`${CLOSE}\n`);
}

const server = createServer((req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': contentType });
  const body = repeat > 1 ? repeated() : createReadStream(file, { highWaterMark: 64 * 1024 });
  pipeline(body, res).catch(() => res.destroy());
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
