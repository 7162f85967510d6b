/**
 * Streams the provably fair generator's raw output to stdout for `dieharder -g 200` (raw
 * stdin input): for nonce = 0, 1, 2, ... the bytes of HMAC_SHA256(serverSeed,
 * `${clientSeed}:${nonce}:${cursor}`) for cursor 0..cursors-1, read through FairStream exactly
 * as games read them (big-endian uint32 words, written back big-endian, so the bytes on the
 * wire are the HMAC bytes).
 *
 *   node --import tsx scripts/dieharder-stream.ts [--seed <64 hex>] [--client-seed s] [--cursors 1] [--bytes N] | dieharder -g 200 -d 0
 *
 * The default seed is SHA-256("kismat dieharder"), so a run can be repeated exactly.
 */
import { bytesToHex, utf8Bytes } from '../packages/game-math/src/crypto/bytes';
import { sha256 } from '../packages/game-math/src/crypto/sha256';
import { createFairStream, createSeedKey } from '../packages/game-math/src/fair/fair-stream';
import { serverSeedFromHex } from '../packages/game-math/src/fair/seed-inputs';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const serverSeedHex = argument('seed');
const serverSeed = serverSeedHex ? serverSeedFromHex(serverSeedHex) : sha256(utf8Bytes('kismat dieharder'));
const clientSeed = argument('client-seed') ?? 'dieharder';
const cursors = Number(argument('cursors') ?? 1);
const byteLimit = argument('bytes') === undefined ? Number.POSITIVE_INFINITY : Number(argument('bytes'));
const key = createSeedKey(serverSeed);
const CHUNK_BYTES = 1 << 16;

process.stderr.write(`dieharder-stream: seed ${bytesToHex(serverSeed)}, client seed "${clientSeed}", ${cursors} block(s) per nonce\n`);
// dieharder closes the pipe when it has read enough; that is the normal end, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

let nonce = 0;
let written = 0;

function fillChunk(): Buffer {
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  for (let offset = 0; offset < CHUNK_BYTES; ) {
    const stream = createFairStream({ serverSeed, clientSeed, nonce }, key);
    for (let word = 0; word < 8 * cursors && offset < CHUNK_BYTES; word++, offset += 4) chunk.writeUInt32BE(stream.nextUint32(), offset);
    nonce++;
  }
  return chunk;
}

function pump(): void {
  while (written < byteLimit) {
    const chunk = fillChunk();
    const part = byteLimit - written < chunk.length ? chunk.subarray(0, byteLimit - written) : chunk;
    written += part.length;
    if (!process.stdout.write(part)) {
      process.stdout.once('drain', pump);
      return;
    }
  }
}

pump();
