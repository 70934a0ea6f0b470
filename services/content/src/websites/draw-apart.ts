// The demo's pictures are drawn by librsvg (through sharp) once, when a data directory is first
// seeded. librsvg, cairo and fontconfig allocate a few hundred MB through malloc while drawing a few
// dozen large pictures, and glibc keeps that memory in the process after it is freed (measured: 209
// → 599 MB resident for 40 drawings, never given back; in embedded mode that is the memory of the
// whole platform). So the drawings are made in a short-lived child process, whose memory goes back
// to the system when it exits; the service keeps only the JPEG bytes.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export interface DrawOptions {
  /** sharp's limitInputPixels for each drawing. */
  maxPixels: number;
  /** JPEG quality. */
  quality: number;
}

// The child: reads { sharpUrl, svgs, maxPixels, quality } as JSON on stdin and writes each JPEG to
// stdout behind its length (4 bytes, big-endian), in order, one thread at a time.
const CHILD = `
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { sharpUrl, svgs, maxPixels, quality } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const sharp = (await import(sharpUrl)).default;
sharp.cache(false);
sharp.concurrency(1);
for (const svg of svgs) {
  const jpeg = await sharp(Buffer.from(svg), { limitInputPixels: maxPixels }).jpeg({ quality }).toBuffer();
  const length = Buffer.alloc(4);
  length.writeUInt32BE(jpeg.length);
  process.stdout.write(length);
  process.stdout.write(jpeg);
}
`;

/** Splits the child's output into the JPEGs it wrote (each behind its 4-byte length). */
export function splitFrames(output: Buffer): Buffer[] {
  const frames: Buffer[] = [];
  let at = 0;
  while (at + 4 <= output.length) {
    const length = output.readUInt32BE(at);
    if (at + 4 + length > output.length) break;
    frames.push(output.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  if (at !== output.length) throw new Error('the drawing process wrote a truncated picture');
  return frames;
}

/** Renders our own SVG drawings to JPEGs in a child process (see above), in the given order. */
export function drawApart(svgs: readonly string[], options: DrawOptions): Promise<Buffer[]> {
  if (svgs.length === 0) return Promise.resolve([]);
  const sharpUrl = pathToFileURL(createRequire(import.meta.url).resolve('sharp')).href;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`drawing the demo pictures failed (exit ${code}): ${Buffer.concat(err).toString('utf8').trim().slice(0, 500)}`));
        return;
      }
      try {
        const frames = splitFrames(Buffer.concat(out));
        if (frames.length !== svgs.length) throw new Error(`the drawing process made ${frames.length} of ${svgs.length} pictures`);
        resolve(frames);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    child.stdin.end(JSON.stringify({ sharpUrl, svgs, maxPixels: options.maxPixels, quality: options.quality }));
  });
}
